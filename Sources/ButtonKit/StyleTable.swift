/// Per-state styles keyed by the full state bitmask.
///
/// A button typically styles two or three states, so a short array searched
/// linearly beats a dictionary in both speed and memory (100,000 buttons
/// must fit in 150 MB).
public struct StyleTable: Hashable, Sendable {
    /// One styled state.
    public struct Entry: Hashable, Sendable {
        public var state: ControlState
        public var style: Style
    }
    public internal(set) var entries: [Entry] = []

    /// No styled states.
    public init() {}

    /// What was set for exactly `state`, or nil.
    public subscript(state: ControlState) -> Style? {
        for e in entries where e.state == state { return e.style }
        return nil
    }

    /// Every state that has a style, in bit order.
    public var states: [ControlState] { entries.map(\.state).sorted { $0.rawValue < $1.rawValue } }

    /// Replaces the style of exactly `state` (an empty style removes it).
    public mutating func put(_ style: Style, for state: ControlState) {
        if let i = entries.firstIndex(where: { $0.state == state }) {
            if style.isEmpty { entries.remove(at: i) } else { entries[i].style = style }
        } else if !style.isEmpty {
            entries.append(Entry(state: state, style: style))
        }
    }

    public mutating func remove(_ state: ControlState) {
        entries.removeAll { $0.state == state }
    }

    /// Bitmask of styled states: `mask & (1 << state)` tells quickly whether a
    /// state has a style without scanning.
    var styledMask: UInt16 {
        var m: UInt16 = 0
        for e in entries { m |= 1 << UInt16(e.state.rawValue) }
        return m
    }
}

/// The one place where a control's look is decided.
///
/// Resolution is a pure function of (styles, state, kind-specific inputs):
/// it is recomputed from the whole state every time and never patched by a
/// setter. That is what makes seed 003's bug impossible: after touchUpInside
/// selects the button, the later `highlighted = false` cannot restore the
/// normal background, because nothing remembers "the previous background".
public enum Resolver {
    /// Inputs beyond styles and state that some control kinds add.
    public struct Extras: Sendable {
        public var adjustsImageWhenHighlighted = true
        public var adjustsImageWhenDisabled = true
        /// A sort button's direction icon, used unless the exact state sets an image.
        public var icon: String?
        public var direction: SortDirection?
        public init() {}
    }

    /// For each state, the styled subsets to consult under `cascade`, most
    /// specific first (most flags; ties disabled > selected > highlighted >
    /// focused), normal excluded (it is always the last resort).
    static let cascadeOrder: [[ControlState]] = (0..<16).map { s in
        let subsets = (1..<16).filter { $0 & s == $0 }.map { ControlState(rawValue: UInt8($0)) }
        func rank(_ x: ControlState) -> Int {
            (x.contains(.disabled) ? 8 : 0) + (x.contains(.selected) ? 4 : 0)
                + (x.contains(.highlighted) ? 2 : 0) + (x.contains(.focused) ? 1 : 0)
        }
        return subsets.sorted {
            let a = $0.rawValue.nonzeroBitCount, b = $1.rawValue.nonzeroBitCount
            return a != b ? a > b : rank($0) > rank($1)
        }
    }

    /// Resolves every property for `state`.
    public static func resolve(_ table: StyleTable, state: ControlState, fallback: Fallback,
                               extras: Extras = Extras()) -> Appearance {
        var a = Appearance.systemDefault(state)
        a.direction = extras.direction
        let normal = table[.normal]
        let exact = state.isEmpty ? normal : table[state]

        // The chain of styles to consult, best first; normal is always last.
        var chain: [Style] = []
        chain.reserveCapacity(3)
        if fallback == .uikit || state.isEmpty {
            if let e = exact, !state.isEmpty { chain.append(e) }
        } else if !table.entries.isEmpty {
            let mask = table.styledMask
            for sub in cascadeOrder[Int(state.rawValue)] where mask & (1 << UInt16(sub.rawValue)) != 0 {
                if let st = table[sub] { chain.append(st) }
            }
        }
        if let n = normal { chain.append(n) }

        @inline(__always) func pick<T>(_ key: KeyPath<Style, T?>) -> T? {
            for st in chain { if let v = st[keyPath: key] { return v } }
            return nil
        }

        a.title = pick(\.title)
        a.attributedTitle = pick(\.attributedTitle)
        if let runs = a.attributedTitle {
            var t = ""
            for r in runs { t += r.text }
            a.text = t
        } else {
            a.text = a.title
        }
        if let v = pick(\.titleColor) { a.titleColor = v }
        if let v = pick(\.backgroundColor) { a.backgroundColor = v }
        if let v = pick(\.borderColor) { a.borderColor = v }
        if let v = pick(\.borderWidth) { a.borderWidth = v }
        if let v = pick(\.cornerRadius) { a.cornerRadius = v }
        if let v = pick(\.font) { a.font = v }
        if let v = pick(\.alpha) { a.alpha = v }
        a.backgroundImage = pick(\.backgroundImage)

        // Images: an exact-state image is drawn as-is; an image borrowed from
        // normal (or a sort icon, which plays normal's role) gets adjusted.
        if let img = exact?.image {
            a.image = img
        } else {
            var borrowed: String?
            var fromNormal = false
            if let icon = extras.icon {
                borrowed = icon; fromNormal = true
            } else {
                for (i, st) in chain.enumerated() {
                    if let v = st.image { borrowed = v; fromNormal = (normal != nil && i == chain.count - 1); break }
                }
            }
            a.image = borrowed
            if borrowed != nil, fromNormal, !state.isEmpty {
                if state.contains(.disabled) && extras.adjustsImageWhenDisabled {
                    a.imageAdjustment = .disabled
                } else if state.contains(.highlighted) && extras.adjustsImageWhenHighlighted {
                    a.imageAdjustment = .highlighted
                }
            }
        }
        return a
    }
}

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
        /// Defaults: images adjust like UIKit's, no icon, no direction.
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
    ///
    /// Hot path (every `appearance` read): no allocation beyond the result.
    /// The styles to consult are kept as entry indices packed in nibbles,
    /// best first, normal last, and fields are read in place.
    public static func resolve(_ table: StyleTable, state: ControlState, fallback: Fallback,
                               extras: Extras = Extras()) -> Appearance {
        var a = Appearance.systemDefault(state)
        a.direction = extras.direction
        return table.entries.withUnsafeBufferPointer { entries -> Appearance in
            var normalIndex = -1, exactIndex = -1
            for i in 0..<entries.count {
                let st = entries[i].state
                if st.isEmpty { normalIndex = i }
                if st == state { exactIndex = i }
            }
            // The chain of entries to consult, best first; normal is always last.
            var chain: UInt64 = 0
            var count = 0
            func append(_ i: Int) { chain |= UInt64(i) << (4 * UInt64(count)); count += 1 }
            if !state.isEmpty {
                if fallback == .uikit {
                    if exactIndex >= 0 { append(exactIndex) }
                } else if entries.count > 0 {
                    let mask = table.styledMask
                    for sub in cascadeOrder[Int(state.rawValue)] where mask & (1 << UInt16(sub.rawValue)) != 0 {
                        for i in 0..<entries.count where entries[i].state == sub { append(i) }
                    }
                }
            }
            if normalIndex >= 0 { append(normalIndex) }

            @inline(__always) func pick<T>(_ get: (UnsafePointer<StyleTable.Entry>) -> T?) -> T? {
                var c = chain
                for _ in 0..<count {
                    if let v = get(entries.baseAddress! + Int(c & 15)) { return v }
                    c >>= 4
                }
                return nil
            }
            @inline(__always) func pickIndex(_ has: (UnsafePointer<StyleTable.Entry>) -> Bool) -> Int {
                var c = chain
                for k in 0..<count {
                    if has(entries.baseAddress! + Int(c & 15)) { return k }
                    c >>= 4
                }
                return -1
            }

            a.title = pick { $0.pointee.style.title }
            a.attributedTitle = pick { $0.pointee.style.attributedTitle }
            if let runs = a.attributedTitle {
                var t = ""
                for r in runs { t += r.text }
                a.text = t
            } else {
                a.text = a.title
            }
            if let v = pick({ $0.pointee.style.titleColor }) { a.titleColor = v }
            if let v = pick({ $0.pointee.style.backgroundColor }) { a.backgroundColor = v }
            if let v = pick({ $0.pointee.style.borderColor }) { a.borderColor = v }
            if let v = pick({ $0.pointee.style.borderWidth }) { a.borderWidth = v }
            if let v = pick({ $0.pointee.style.cornerRadius }) { a.cornerRadius = v }
            if let v = pick({ $0.pointee.style.font }) { a.font = v }
            if let v = pick({ $0.pointee.style.alpha }) { a.alpha = v }
            a.backgroundImage = pick { $0.pointee.style.backgroundImage }

            // Images: an exact-state image is drawn as-is; an image borrowed
            // from normal (or a sort icon, which plays normal's role) is adjusted.
            if exactIndex >= 0, let img = entries[exactIndex].style.image {
                a.image = img
            } else {
                var borrowed: String?
                var fromNormal = false
                if let icon = extras.icon {
                    borrowed = icon; fromNormal = true
                } else {
                    let k = pickIndex { $0.pointee.style.image != nil }
                    if k >= 0 {
                        let i = Int((chain >> (4 * UInt64(k))) & 15)
                        borrowed = entries[i].style.image
                        fromNormal = i == normalIndex
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
}

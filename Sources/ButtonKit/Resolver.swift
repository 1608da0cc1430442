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
    /// The entries to consult, best first, as indices packed in nibbles;
    /// normal is always last.
    struct Chain {
        var packed: UInt64 = 0
        var count = 0
        mutating func append(_ i: Int) { packed |= UInt64(i) << (4 * UInt64(count)); count += 1 }
        func index(_ k: Int) -> Int { Int((packed >> (4 * UInt64(k))) & 15) }
    }

    /// The first value `get` finds along the chain.
    @inline(__always)
    static func pick<T>(_ entries: [StyleTable.Entry], _ chain: Chain, _ get: (Style) -> T?) -> T? {
        for k in 0..<chain.count {
            if let v = get(entries[chain.index(k)].style) { return v }
        }
        return nil
    }

    public static func resolve(_ table: StyleTable, state: ControlState, fallback: Fallback,
                               extras: Extras = Extras()) -> Appearance {
        // No closures capture mutable state here (each would cost a run-time
        // exclusivity check) and the result is built once: an Appearance is
        // large, and copies of it cost more than resolving.
        let entries = table.entries
        var normalIndex = -1, exactIndex = -1
        for i in 0..<entries.count {
            let st = entries[i].state
            if st.isEmpty { normalIndex = i }
            if st == state { exactIndex = i }
        }
        var chain = Chain()
        if !state.isEmpty {
            if fallback == .uikit {
                if exactIndex >= 0 { chain.append(exactIndex) }
            } else if entries.count > 0 {
                let mask = table.styledMask
                for sub in cascadeOrder[Int(state.rawValue)] where mask & (1 << UInt16(sub.rawValue)) != 0 {
                    for i in 0..<entries.count where entries[i].state == sub { chain.append(i) }
                }
            }
        }
        if normalIndex >= 0 { chain.append(normalIndex) }

        let title = pick(entries, chain) { $0.title }
        let runs = pick(entries, chain) { $0.attributedTitle }

        // Images: an exact-state image is drawn as-is; an image borrowed
        // from normal (or a sort icon, which plays normal's role) is adjusted.
        var image: String?
        var adjustment = ImageAdjustment.none
        if exactIndex >= 0, let img = entries[exactIndex].style.image {
            image = img
        } else {
            var fromNormal = false
            if let icon = extras.icon {
                image = icon; fromNormal = true
            } else {
                for k in 0..<chain.count {
                    let i = chain.index(k)
                    if let img = entries[i].style.image {
                        image = img
                        fromNormal = i == normalIndex
                        break
                    }
                }
            }
            if image != nil, fromNormal, !state.isEmpty {
                if state.contains(.disabled) && extras.adjustsImageWhenDisabled {
                    adjustment = .disabled
                } else if state.contains(.highlighted) && extras.adjustsImageWhenHighlighted {
                    adjustment = .highlighted
                }
            }
        }
        var text = title
        if let runs {
            var t = ""
            for r in runs { t += r.text }
            text = t
        }
        return Appearance(state: state, title: title, attributedTitle: runs, text: text,
                          titleColor: pick(entries, chain) { $0.titleColor } ?? Appearance.defaultTitleColor,
                          backgroundColor: pick(entries, chain) { $0.backgroundColor } ?? Appearance.defaultBackgroundColor,
                          borderColor: pick(entries, chain) { $0.borderColor } ?? Appearance.defaultBorderColor,
                          borderWidth: pick(entries, chain) { $0.borderWidth } ?? 0,
                          cornerRadius: pick(entries, chain) { $0.cornerRadius } ?? 0,
                          font: pick(entries, chain) { $0.font } ?? Font.systemDefault,
                          image: image, backgroundImage: pick(entries, chain) { $0.backgroundImage },
                          imageAdjustment: adjustment, alpha: pick(entries, chain) { $0.alpha } ?? 1,
                          direction: extras.direction)
    }
}

/// The one place where a control's look is decided.
///
/// Resolution is a pure function of (styles, state, kind-specific inputs):
/// it is recomputed from the whole state every time and never patched by a
/// setter. That is what makes seed 003's bug impossible: after touchUpInside
/// selects the button, the later `highlighted = false` cannot restore the
/// normal background, because nothing remembers "the previous background".
public enum Resolver {
    /// A configuration held by reference in `Extras`.
    final class ConfigurationBox: Sendable {
        let value: ButtonConfiguration
        init(_ v: ButtonConfiguration) { value = v }
    }

    /// Inputs beyond styles and state that some control kinds add.
    public struct Extras: Sendable {
        public var adjustsImageWhenHighlighted = true
        public var adjustsImageWhenDisabled = true
        /// A sort button's direction icon, used unless the exact state sets an image.
        public var icon: String?
        public var direction: SortDirection?
        /// What dynamic colours and the tint resolve against.
        public var traits = Traits(light: ())
        /// `system` buttons draw the title in the tint and fade it when pressed.
        public var type = ButtonType.custom
        /// When set, the look comes from it (styles are not consulted).
        /// Boxed, so extras of buttons without one stay small to copy.
        public var configuration: ButtonConfiguration? {
            get { configurationBox?.value }
            set { configurationBox = newValue.map(ConfigurationBox.init) }
        }
        var configurationBox: ConfigurationBox?
        /// The control's height (a capsule's radius is half of it).
        public var height = Rect.defaultButton.height
        /// Defaults: images adjust like UIKit's, no icon, no direction,
        /// light traits, a custom button.
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

    /// The first colour set for `p` along the chain, resolved in `traits`,
    /// and whether it was set for exactly `state`.
    @inline(__always)
    static func pickColor(_ entries: [StyleTable.Entry], _ chain: Chain, _ p: StyleProperty, _ traits: Traits,
                          state: ControlState) -> (color: Color, exact: Bool)? {
        for k in 0..<chain.count {
            let e = entries[chain.index(k)]
            switch e.style.value(of: p) {
            case .color(let c)?: return (c, e.state == state)
            case .dynamicColor(let d)?: return (d.resolve(traits), e.state == state)
            default: continue
            }
        }
        return nil
    }

    /// Resolves every property for `state`.
    ///
    /// Hot path (every `appearance` read): no allocation beyond the result.
    /// The styles to consult are kept as entry indices packed in nibbles,
    /// best first, normal last, and fields are read in place.
    public static func resolve(_ table: StyleTable, state: ControlState, fallback: Fallback,
                               extras: Extras = Extras()) -> Appearance {
        // Kept apart from the styles path: with both in one body the
        // optimiser kept more of the large result on the stack (8 ns a read).
        if let c = extras.configurationBox {
            var a = resolve(configuration: c.value, state: state, extras: extras)
            // A configuration without a title of its own shows the title set
            // per state (`title`, setTitle(_:for:)), as a configured UIButton
            // does; no other style property is consulted.
            if c.value.title == nil {
                let styled = resolveStyles(table, state: state, fallback: fallback, extras: extras)
                a.title = styled.title
                a.attributedTitle = styled.attributedTitle
                a.text = styled.text
            }
            return a
        }
        return resolveStyles(table, state: state, fallback: fallback, extras: extras)
    }

    /// Resolution from the style table (no configuration).
    @inline(never)
    static func resolveStyles(_ table: StyleTable, state: ControlState, fallback: Fallback,
                              extras: Extras) -> Appearance {
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
        let runsPicked = pick(entries, chain) { $0.attributedTitle }

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
        let traits = extras.traits
        var runs = runsPicked
        if let picked = runsPicked {
            var t = ""
            for r in picked { t += r.text }
            text = t
            // Runs in a text-style font take the size of the control's text size.
            if picked.contains(where: { $0.font?.textStyle != nil }) {
                runs = picked.map { r in var r = r; r.font = r.font?.scaled(for: traits.contentSize); return r }
            }
        }
        var titleColor = Appearance.defaultTitleColor
        if let (c, exact) = pickColor(entries, chain, .titleColor, traits, state: state) {
            titleColor = c
            if !exact, extras.type == .system { titleColor = systemTitle(c, state: state, traits: traits) }
        } else if extras.type == .system {
            titleColor = systemTitle(traits.resolvedTint, state: state, traits: traits)
        }
        let backgroundColor = pickColor(entries, chain, .backgroundColor, traits, state: state)?.color
            ?? Appearance.defaultBackgroundColor
        let borderColor = pickColor(entries, chain, .borderColor, traits, state: state)?.color
            ?? Appearance.defaultBorderColor
        let borderWidth = pick(entries, chain) { $0.borderWidth } ?? 0
        let cornerRadius = pick(entries, chain) { $0.cornerRadius } ?? 0
        // A text-style font has its style's size at the control's text size.
        let font = (pick(entries, chain) { $0.font } ?? Font.systemDefault).scaled(for: traits.contentSize)
        let backgroundImage = pick(entries, chain) { $0.backgroundImage }
        let alpha = pick(entries, chain) { $0.alpha } ?? 1
        return Appearance(state: state, title: title, attributedTitle: runs, text: text,
                          titleColor: titleColor, backgroundColor: backgroundColor, borderColor: borderColor,
                          borderWidth: borderWidth, cornerRadius: cornerRadius, font: font,
                          image: image, backgroundImage: backgroundImage,
                          imageAdjustment: adjustment, alpha: alpha, direction: extras.direction)
    }

    /// A system button's title borrowed from another state (or its tint):
    /// grey while disabled, faded while highlighted (`DerivedLooks`).
    static func systemTitle(_ c: Color, state: ControlState, traits: Traits) -> Color {
        if state.contains(.disabled) { return DerivedLooks.systemDisabledTitle.color(in: traits.userInterfaceStyle) }
        if state.contains(.highlighted) { return c.multiplyingAlpha(DerivedLooks.systemHighlightedTitleAlpha(traits.userInterfaceStyle)) }
        return c
    }

    /// The look of a button with a configuration in `state`: UIKit's
    /// `updated(for:)`, the style's derived colours for the state (from
    /// `DerivedLooks`) applied to the base colours, then the size's geometry.
    public static func resolve(configuration c: ButtonConfiguration, state: ControlState, extras: Extras) -> Appearance {
        let traits = extras.traits
        let ui = traits.userInterfaceStyle
        let look = c.style.look
        let cell = DerivedLooks.look(look, DerivedLooks.StateClass(state), ui)
        let tint = traits.resolvedTint
        func base(_ b: DerivedLooks.Base) -> Color {
            switch b {
            case .foreground: return c.baseForegroundColor.map(traits.resolve) ?? (look == .filled ? .white : tint)
            case .background:
                return c.baseBackgroundColor.map(traits.resolve) ?? (look == .gray ? SystemColor.secondarySystemFill.color(in: ui) : tint)
            case .accent: return c.baseBackgroundColor.map(traits.resolve) ?? tint
            case .white: return .white
            case .clear: return .clear
            case .system(let s): return s.color(in: ui)
            case .fixed(let f): return f
            }
        }
        func apply(_ r: DerivedLooks.Rule) -> Color {
            switch r {
            case .base(let b): return base(b)
            case .alpha(let b, let f): return base(b).multiplyingAlpha(f)
            case .overWhite(let b, let f): return base(b).overWhite(f)
            case .unlessCustomBackground(let plain, let custom): return apply(c.baseBackgroundColor == nil ? plain : custom)
            }
        }
        let radius: Double
        switch c.cornerStyle {
        case .fixed: radius = c.cornerRadius
        case .dynamic: radius = DerivedLooks.dynamicCornerRadius(c.buttonSize)
        case .capsule: radius = max(0, extras.height) / 2
        case .small, .medium, .large: radius = DerivedLooks.cornerRadius(c.cornerStyle) ?? 0
        }
        var a = Appearance.systemDefault(state)
        a.title = c.title
        a.text = c.title
        a.titleColor = apply(cell.foreground)
        a.backgroundColor = apply(cell.background)
        a.cornerRadius = radius
        a.font = (c.titleFont ?? DerivedLooks.titleFont(c.buttonSize)).scaled(for: traits.contentSize)
        a.image = c.showsActivityIndicator ? nil : c.image
        a.layout = ConfigurationLayout(subtitle: c.subtitle,
                                       subtitleFont: DerivedLooks.subtitleFont(c.buttonSize).scaled(for: traits.contentSize),
                                       imagePlacement: c.imagePlacement, imagePadding: c.imagePadding,
                                       titlePadding: c.titlePadding, contentInsets: c.effectiveContentInsets,
                                       showsActivityIndicator: c.showsActivityIndicator)
        return a
    }
}

/// What a control's look depends on beyond its own settings, as UIKit's
/// trait collection and inherited `tintColor`: the interface style, the
/// tint, the user's text size (`contentSize`, which text-style fonts
/// follow) and the layout direction. Found by walking up the control's
/// environments (see `TraitEnvironment`).
public struct Traits: Hashable, Sendable {
    public var userInterfaceStyle: UserInterfaceStyle
    /// The effective tint; never `.dynamic(.tint)` (that would name itself).
    public var tintColor: ColorValue
    /// UIKit's `preferredContentSizeCategory`; `large` unless set.
    public var contentSize: ContentSizeCategory = .large
    /// UIKit's `layoutDirection`; left to right unless set.
    public var layoutDirection: LayoutDirection = .leftToRight
    /// UIKit's `accessibilityContrast`; normal unless set (asset colours
    /// have high-contrast appearances).
    public var accessibilityContrast: AccessibilityContrast = .normal

    /// UIKit's system tint when nothing in the hierarchy sets one.
    public static let defaultTint = ColorValue.dynamic(.system(.systemBlue))

    /// Light, systemBlue: what a control on no screen gets.
    public static let `default` = Traits(userInterfaceStyle: .light, tintColor: defaultTint)

    /// Traits with the given style, tint, text size and direction.
    public init(userInterfaceStyle: UserInterfaceStyle = .light, tintColor: ColorValue = Traits.defaultTint,
                contentSize: ContentSizeCategory = .large, layoutDirection: LayoutDirection = .leftToRight,
                accessibilityContrast: AccessibilityContrast = .normal) {
        self.userInterfaceStyle = userInterfaceStyle
        if case .dynamic(.tint) = tintColor { self.tintColor = Traits.defaultTint } else { self.tintColor = tintColor }
        self.contentSize = contentSize
        self.layoutDirection = layoutDirection
        self.accessibilityContrast = accessibilityContrast
    }

    /// Light and systemBlue without a global's lazy-initialisation check
    /// (`Resolver.Extras` makes one on every appearance read).
    @inline(__always)
    init(light: Void) {
        userInterfaceStyle = .light
        tintColor = .dynamic(.system(.systemBlue))
    }

    /// The tint as a colour in this style.
    public var resolvedTint: Color {
        switch tintColor {
        case .fixed(let c): return c
        case .dynamic(.system(let s)): return s.color(in: userInterfaceStyle)
        case .dynamic(.tint): return SystemColor.systemBlue.color(in: userInterfaceStyle)
        case .dynamic(.asset(let a)): return a.resolve(self)
        }
    }

    /// `c` in these traits.
    @inline(__always)
    public func resolve(_ c: ColorValue) -> Color { c.resolve(self) }

    /// The same traits in another style.
    public func with(style: UserInterfaceStyle?) -> Traits {
        guard let style else { return self }
        var t = self
        t.userInterfaceStyle = style
        return t
    }

    /// The same traits with another tint (nil, or `tintColor` itself: unchanged).
    public func with(tint: ColorValue?) -> Traits {
        guard let tint else { return self }
        if case .dynamic(.tint) = tint { return self }
        var t = self
        t.tintColor = tint
        return t
    }

    /// The same traits with the overrides' traits in place of these (each
    /// unset one unchanged).
    public func with(_ o: TraitOverrides) -> Traits {
        var t = with(style: o.userInterfaceStyle).with(tint: o.tintColor)
        if let c = o.contentSize { t.contentSize = c }
        if let d = o.layoutDirection { t.layoutDirection = d }
        if let c = o.accessibilityContrast { t.accessibilityContrast = c }
        return t
    }
}

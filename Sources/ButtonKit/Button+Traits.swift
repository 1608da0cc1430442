/// Traits, tint, type and accessibility label: what a button inherits from
/// its screen, group or bar as a UIView inherits from its superviews, and
/// what it may override. Everything here lives in `ModernFeatures`, which
/// a button allocates only when one of these is used.
extension Button: TraitEnvironment {
    /// The group or bar that owns the button, else the screen it was added to.
    public var traitParent: (any TraitEnvironment)? {
        if let o = owner { return o }
        return modern?.screen
    }

    public var overrideUserInterfaceStyle: UserInterfaceStyle? { modern?.overrideUserInterfaceStyle }
    public var ownTintColor: ColorValue? { modern?.tintColor }
    public var overrideContentSize: ContentSizeCategory? { modern?.overrideContentSize }
    public var overrideLayoutDirection: LayoutDirection? { modern?.overrideLayoutDirection }

    /// The box of today's features, made on first use.
    var features: ModernFeatures {
        if let m = modern { return m }
        let m = ModernFeatures()
        modern = m
        return m
    }

    /// The effective tint (UIView's `tintColor` getter): this button's own,
    /// else the nearest level's above, else systemBlue.
    public var tintColor: ColorValue { traits.tintColor }

    /// Sets this button's own tint (nil: inherit). `tintColor` itself is
    /// refused: a tint cannot be defined by itself.
    public func setTintColor(_ c: ColorValue?) throws(ButtonKitError) {
        if case .dynamic(.tint)? = c {
            throw .invalidValue(what: "tintColor", value: "'tintColor'", expected: "a colour or a system colour name")
        }
        guard c != modern?.tintColor, !refusesChangeInPreview("set tintColor") else { return }
        features.tintColor = c
        modern?.requestUpdate()
    }

    /// The effective interface style (the trait collection's).
    public var userInterfaceStyle: UserInterfaceStyle { traits.userInterfaceStyle }

    /// Sets this button's own style (nil: inherit, UIKit's `.unspecified`).
    public func setUserInterfaceStyle(_ s: UserInterfaceStyle?) {
        guard s != modern?.overrideUserInterfaceStyle, !refusesChangeInPreview("set userInterfaceStyle") else { return }
        features.overrideUserInterfaceStyle = s
        modern?.requestUpdate()
    }

    /// The effective text size (the trait collection's
    /// `preferredContentSizeCategory`): text-style fonts take its size.
    public var contentSize: ContentSizeCategory { traits.contentSize }

    /// Sets this button's own text size (nil: inherit, UIKit's `.unspecified`).
    public func setContentSize(_ c: ContentSizeCategory?) {
        guard c != modern?.overrideContentSize, !refusesChangeInPreview("set contentSize") else { return }
        features.overrideContentSize = c
        modern?.requestUpdate()
    }

    /// The effective layout direction (the trait collection's).
    public var layoutDirection: LayoutDirection { traits.layoutDirection }

    /// Sets this button's own layout direction (nil: inherit).
    public func setLayoutDirection(_ d: LayoutDirection?) {
        guard d != modern?.overrideLayoutDirection, !refusesChangeInPreview("set layoutDirection") else { return }
        features.overrideLayoutDirection = d
        modern?.requestUpdate()
    }

    /// `custom` (default) or `system`.
    public var type: ButtonType {
        get { modern?.type ?? .custom }
        set { if newValue != type && !refusesChangeInPreview("set type") { features.type = newValue } }
    }

    /// What VoiceOver reads instead of the title; the audit accepts it in
    /// place of a title.
    public var accessibilityLabel: String? {
        get { modern?.accessibilityLabel }
        set { if newValue != accessibilityLabel && !refusesChangeInPreview("set accessibilityLabel") { features.accessibilityLabel = newValue } }
    }

    /// UIKit's `adjustsFontForContentSizeCategory` (false by default, as in
    /// UIKit): whether a text-style title follows a change of the user's
    /// text size while the app runs. The model sizes a text-style font for
    /// the content size it is resolved at either way (as an app launched at
    /// that size); the audit's `dynamicType` check reports a title that
    /// would not follow a change.
    public var adjustsFontForContentSizeCategory: Bool {
        get { modern?.adjustsFontForContentSizeCategory ?? false }
        set {
            if newValue != adjustsFontForContentSizeCategory && !refusesChangeInPreview("set adjustsFontForContentSizeCategory") {
                features.adjustsFontForContentSizeCategory = newValue
            }
        }
    }

    /// Called by a screen when the button is added to it.
    func attach(to screen: Screen) {
        let before = observesState ? traits : nil
        features.screen = screen
        if let before, before != traits { modern?.requestUpdate() }
    }

    /// Whether the look can differ between light and dark: a dynamic colour
    /// in a style, a system type, a configuration, or a tint of its own.
    public var usesDynamicLook: Bool {
        if let m = modern, m.type == .system || m.configuration != nil { return true }
        for e in styles.entries {
            for p in [StyleProperty.titleColor, .backgroundColor, .borderColor] where e.style.colorValue(of: p)?.isDynamic == true {
                return true
            }
        }
        return false
    }
}

extension ModernFeatures {
    /// UIKit's `setNeedsUpdateConfiguration`: ignored while an update runs.
    func requestUpdate() { if !updating { needsUpdate = true } }
}

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

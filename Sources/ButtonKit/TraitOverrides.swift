/// Traits to look at a control under instead of its own, each optional
/// (nil: the control's): what a preview, an assertion, a picture and the
/// audit take (`{ style = "dark", contentSize = "ax5", layoutDirection =
/// "rightToLeft" }` in scripts). The control does not change.
public struct TraitOverrides: Hashable, Sendable {
    public var userInterfaceStyle: UserInterfaceStyle?
    public var tintColor: ColorValue?
    public var contentSize: ContentSizeCategory?
    public var layoutDirection: LayoutDirection?
    /// High or normal contrast (asset colours' high-contrast appearances).
    public var accessibilityContrast: AccessibilityContrast?

    /// Overrides of the given traits (none: the control's own).
    public init(userInterfaceStyle: UserInterfaceStyle? = nil, tintColor: ColorValue? = nil,
                contentSize: ContentSizeCategory? = nil, layoutDirection: LayoutDirection? = nil,
                accessibilityContrast: AccessibilityContrast? = nil) {
        self.userInterfaceStyle = userInterfaceStyle; self.tintColor = tintColor
        self.contentSize = contentSize; self.layoutDirection = layoutDirection
        self.accessibilityContrast = accessibilityContrast
    }

    /// No override at all.
    public var isEmpty: Bool { userInterfaceStyle == nil && tintColor == nil && contentSize == nil && layoutDirection == nil
        && accessibilityContrast == nil }
}

/// Something in the hierarchy traits are inherited through, as UIKit's
/// views are: screen → radio group or sort bar → button. Each level may set
/// its own interface style, tint, content size and layout direction; unset
/// ones come from the level above, and the screen (or nothing) ends the
/// chain with light, systemBlue, `large` and left to right.
public protocol TraitEnvironment: AnyObject {
    /// The level above, if any.
    var traitParent: (any TraitEnvironment)? { get }
    /// This level's own style, nil to inherit (UIKit's `.unspecified`).
    var overrideUserInterfaceStyle: UserInterfaceStyle? { get }
    /// This level's own tint, nil to inherit.
    var ownTintColor: ColorValue? { get }
    /// This level's own text size, nil to inherit (UIKit's `.unspecified`).
    var overrideContentSize: ContentSizeCategory? { get }
    /// This level's own layout direction, nil to inherit.
    var overrideLayoutDirection: LayoutDirection? { get }
    /// This level's own contrast, nil to inherit (only screens set one;
    /// the default below says nil for every other level).
    var overrideAccessibilityContrast: AccessibilityContrast? { get }
}

extension TraitEnvironment {
    /// Levels other than screens inherit the contrast.
    public var overrideAccessibilityContrast: AccessibilityContrast? { nil }

    /// The effective traits: each trait from the nearest level that sets it.
    public var traits: Traits {
        var style: UserInterfaceStyle?
        var tint: ColorValue?
        var size: ContentSizeCategory?
        var direction: LayoutDirection?
        var contrast: AccessibilityContrast?
        var level: (any TraitEnvironment)? = self
        var depth = 0
        while let l = level, depth < 8, style == nil || tint == nil || size == nil || direction == nil || contrast == nil {
            if style == nil { style = l.overrideUserInterfaceStyle }
            if tint == nil { tint = l.ownTintColor }
            if size == nil { size = l.overrideContentSize }
            if direction == nil { direction = l.overrideLayoutDirection }
            if contrast == nil { contrast = l.overrideAccessibilityContrast }
            level = l.traitParent
            depth += 1
        }
        return Traits(userInterfaceStyle: style ?? .light, tintColor: tint ?? Traits.defaultTint,
                      contentSize: size ?? .large, layoutDirection: direction ?? .leftToRight,
                      accessibilityContrast: contrast ?? .normal)
    }
}

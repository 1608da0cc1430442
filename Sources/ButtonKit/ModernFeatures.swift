/// What a button carries only once it uses today's UIKit (traits, tint,
/// type, configuration, accessibility label, a screen to inherit from).
///
/// Boxed behind one optional reference so a button that uses none of it
/// pays 8 bytes, not the whole set: 100,000 seed-style buttons must stay
/// within the memory budget of docs/performance.md.
final class ModernFeatures {
    var overrideUserInterfaceStyle: UserInterfaceStyle?
    var tintColor: ColorValue?
    var overrideContentSize: ContentSizeCategory?
    var overrideLayoutDirection: LayoutDirection?
    var type: ButtonType = .custom
    var configuration: ButtonConfiguration?
    var accessibilityLabel: String?
    var accessibilityTraits: [AccessibilityTrait] = [.button]
    var accessibilityValue: String?
    var accessibilityHint: String?
    var adjustsFontForContentSizeCategory = false
    var contentEdgeInsets = ButtonInsets.zero
    var semanticContentAttribute = SemanticContentAttribute.unspecified
    var contentHorizontalAlignment = ContentHorizontalAlignment.center
    var contentVerticalAlignment = ContentVerticalAlignment.center
    /// Image names that are SF Symbols (`UIImage(systemName:)`, a file's
    /// `catalog="system"`), not the app's own images.
    var symbolImages: Set<String> = []
    var titleEdgeInsets = ButtonInsets.zero
    /// The screen the button was added to (its trait parent when it has no group or bar).
    weak var screen: Screen?
    /// UIButton's `configurationUpdateHandler`.
    var updateHandler: Button.ConfigurationUpdateHandler?
    /// A state or trait change asked for an update that has not run yet
    /// (UIKit's `setNeedsUpdateConfiguration`).
    var needsUpdate = false
    /// An update is running: requests made inside it do not start another.
    var updating = false
    /// Bumped by every assignment of `configuration`, so an update can tell
    /// whether its handler assigned one itself.
    var configurationGeneration = 0
    /// The state a preview runs the update handler for (previewAppearance);
    /// nil otherwise. While it is set the button refuses changes.
    var previewing: ControlState?
    /// The first change refused during the preview, for the error it throws.
    var previewRefusal: String?
    /// The first error a handler raised where no caller could take it yet
    /// (a non-throwing setter); the next throwing call rethrows it.
    var pendingError: (any Error)?
}

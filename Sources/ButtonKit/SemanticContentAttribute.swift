/// UIKit's `UISemanticContentAttribute`: whether a view's content flips
/// for right-to-left languages. `unspecified` (the default) follows the
/// layout direction; `playback` and `spatial` (media controls, directional
/// arrows) never flip; the `force` values choose a direction outright.
public enum SemanticContentAttribute: String, CaseIterable, NamedChoice, Sendable, Codable {
    case unspecified, playback, spatial, forceLeftToRight, forceRightToLeft

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "semantic content attribute"

    /// The direction content is laid out in under a layout direction
    /// (UIView's `effectiveUserInterfaceLayoutDirection`).
    public func direction(under d: LayoutDirection) -> LayoutDirection {
        switch self {
        case .unspecified: return d
        case .playback, .spatial, .forceLeftToRight: return .leftToRight
        case .forceRightToLeft: return .rightToLeft
        }
    }
}

/// UIKit's `UITraitCollection.layoutDirection`: the direction the user's
/// language is written in. Leading and trailing insets, the image's place
/// beside the title and the pictures mirror under `rightToLeft`.
public enum LayoutDirection: String, CaseIterable, NamedChoice, Sendable, Codable {
    case leftToRight, rightToLeft

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "layout direction"

    /// Whether leading is the right-hand side.
    public var isRightToLeft: Bool { self == .rightToLeft }
}

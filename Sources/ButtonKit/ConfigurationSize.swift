/// `UIButton.Configuration.Size`: `medium` is UIKit's default; the size
/// picks default content insets, corner radius and title font.
public enum ConfigurationSize: String, CaseIterable, NamedChoice, Sendable, Codable {
    case mini, small, medium, large

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "button size"
}

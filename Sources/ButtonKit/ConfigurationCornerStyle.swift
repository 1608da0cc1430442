/// `UIButton.Configuration.CornerStyle`: how the background's corners are
/// rounded. `dynamic` (UIKit's default) takes a radius from the button
/// size; `fixed` uses the configuration's `cornerRadius` as is; `small`,
/// `medium` and `large` are system constants; `capsule` is half the height.
public enum ConfigurationCornerStyle: String, CaseIterable, NamedChoice, Sendable, Codable {
    case fixed, dynamic, small, medium, large, capsule

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "corner style"
}

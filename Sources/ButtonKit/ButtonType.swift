/// UIKit's `UIButton.ButtonType` for the two kinds the model draws
/// differently: `custom` (the default, and the seeds' world: white title,
/// nothing tinted) and `system` (title in the tint colour, UIKit's faded
/// highlight and grey disabled title).
public enum ButtonType: String, CaseIterable, NamedChoice, Sendable, Codable {
    case custom, system

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "button type"
}

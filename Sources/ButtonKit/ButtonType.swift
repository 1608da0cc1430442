/// UIKit's `UIButton.ButtonType` for the two kinds the model draws
/// differently: `custom` (the default, and the seeds' world: white title,
/// nothing tinted) and `system` (title in the tint colour, UIKit's faded
/// highlight and grey disabled title).
public enum ButtonType: String, CaseIterable, Sendable, Codable {
    case custom, system

    /// Parses `"custom"` or `"system"` (any case), with a suggestion on typos.
    public init(parsing text: String) throws(ButtonKitError) {
        guard let t = ButtonType(rawValue: text.lowercased()) else {
            throw .notOneOf(kind: "button type", name: text, choices: ButtonType.allCases.map(\.rawValue))
        }
        self = t
    }
}

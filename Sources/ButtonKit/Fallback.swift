/// How a state without its own value for a property finds one.
public enum Fallback: String, CaseIterable, NamedChoice, Sendable, Codable {
    /// UIKit's documented rule: the exact state, else normal, else the system
    /// default. `[.selected, .highlighted]` does not borrow from `.selected`.
    case uikit
    /// Opt-in: the most specific subset of the state that has a value (most
    /// flags; ties broken disabled > selected > highlighted > focused), else
    /// normal, else the system default.
    case cascade

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "fallback"
}

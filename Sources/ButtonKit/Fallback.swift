/// How a state without its own value for a property finds one.
public enum Fallback: String, CaseIterable, Sendable, Codable {
    /// UIKit's documented rule: the exact state, else normal, else the system
    /// default. `[.selected, .highlighted]` does not borrow from `.selected`.
    case uikit
    /// Opt-in: the most specific subset of the state that has a value (most
    /// flags; ties broken disabled > selected > highlighted > focused), else
    /// normal, else the system default.
    case cascade

    /// Parses `"uikit"` or `"cascade"` (any case), with a suggestion on typos.
    public init(parsing text: String) throws(ButtonKitError) {
        guard let f = Fallback(rawValue: text.lowercased()) else {
            throw .notOneOf(kind: "fallback", name: text, choices: ["uikit", "cascade"])
        }
        self = f
    }
}

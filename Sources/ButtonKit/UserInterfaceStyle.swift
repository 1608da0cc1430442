/// UIKit's `UIUserInterfaceStyle`: light or dark. A screen has one; a group,
/// bar or button may override it (nil = inherit, UIKit's `.unspecified`).
public enum UserInterfaceStyle: String, CaseIterable, Sendable, Codable {
    case light, dark

    /// Parses `"light"` or `"dark"` (any case), with a suggestion on typos.
    public init(parsing text: String) throws(ButtonKitError) {
        guard let s = UserInterfaceStyle(rawValue: text.lowercased()) else {
            throw .notOneOf(kind: "user interface style", name: text, choices: ["light", "dark", "unspecified"])
        }
        self = s
    }

    /// An override as scripts write it: `"light"`, `"dark"`, or
    /// `"unspecified"` for none (inherit), as UIKit names it.
    public static func parseOverride(_ text: String) throws(ButtonKitError) -> UserInterfaceStyle? {
        if text.lowercased() == "unspecified" { return nil }
        return try UserInterfaceStyle(parsing: text)
    }
}

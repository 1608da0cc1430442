/// `UIButton.Configuration.Size`: `medium` is UIKit's default; the size
/// picks default content insets, corner radius and title font.
public enum ConfigurationSize: String, CaseIterable, Sendable, Codable {
    case mini, small, medium, large

    /// Parses a size (any case), with a suggestion on typos.
    public init(parsing text: String) throws(ButtonKitError) {
        guard let s = ConfigurationSize(rawValue: text.lowercased()) else {
            throw .notOneOf(kind: "button size", name: text, choices: ConfigurationSize.allCases.map(\.rawValue))
        }
        self = s
    }
}

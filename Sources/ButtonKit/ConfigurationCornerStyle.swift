/// `UIButton.Configuration.CornerStyle`: how the background's corners are
/// rounded. `dynamic` (UIKit's default) takes a radius from the button
/// size; `fixed` uses the configuration's `cornerRadius` as is; `small`,
/// `medium` and `large` are system constants; `capsule` is half the height.
public enum ConfigurationCornerStyle: String, CaseIterable, Sendable, Codable {
    case fixed, dynamic, small, medium, large, capsule

    /// Parses a corner style (any case), with a suggestion on typos.
    public init(parsing text: String) throws(ButtonKitError) {
        guard let s = ConfigurationCornerStyle(rawValue: text.lowercased()) else {
            throw .notOneOf(kind: "corner style", name: text, choices: ConfigurationCornerStyle.allCases.map(\.rawValue))
        }
        self = s
    }
}

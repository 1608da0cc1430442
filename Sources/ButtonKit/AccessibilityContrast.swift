/// UIKit's `UIAccessibilityContrast`: whether the user asked for higher
/// contrast (Settings › Accessibility › Increase Contrast). Asset catalog
/// colours carry a high-contrast appearance for it, so the trait has to
/// exist for those colours to resolve as on a device.
public enum AccessibilityContrast: String, CaseIterable, Sendable, Codable {
    case normal, high

    /// Parses `"normal"` or `"high"` (any case), with the choices on a miss.
    public init(parsing text: String) throws(ButtonKitError) {
        guard let c = AccessibilityContrast(rawValue: text.lowercased()) else {
            throw .notOneOf(kind: "accessibility contrast", name: text, choices: ["normal", "high"])
        }
        self = c
    }
}

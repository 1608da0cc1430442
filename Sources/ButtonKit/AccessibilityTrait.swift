/// UIKit's `UIAccessibilityTraits`, by the names scripts use: what
/// VoiceOver says an element is and what state it is in.
public enum AccessibilityTrait: String, CaseIterable, NamedChoice, Sendable, Codable {
    case button, link, header, searchField, image, selected, playsSound, keyboardKey, staticText
    case summaryElement, notEnabled, updatesFrequently, startsMediaSession, adjustable
    case allowsDirectInteraction, causesPageTurn, tabBar, toggleButton

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "accessibility trait"

    /// The word VoiceOver (English) speaks for the trait after the label and
    /// value, or nil for traits it does not announce there. `selected` is
    /// spoken before the label instead.
    public var spoken: String? {
        switch self {
        case .button: return "Button"
        case .link: return "Link"
        case .header: return "Heading"
        case .searchField: return "Search Field"
        case .image: return "Image"
        case .keyboardKey: return "Key"
        case .adjustable: return "Adjustable"
        case .tabBar: return "Tab Bar"
        case .toggleButton: return "Toggle Button"
        case .notEnabled: return "Dimmed"
        default: return nil
        }
    }
}

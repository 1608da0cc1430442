/// UIKit's `UIFont.Weight` names, in increasing weight.
public enum FontWeight: String, CaseIterable, NamedChoice, Sendable, Codable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// Lighter before heavier, as UIKit orders weights.
    public static func < (a: FontWeight, b: FontWeight) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "font weight"
}

/// UIKit's `UIFont.Weight` names, in increasing weight.
public enum FontWeight: String, CaseIterable, Sendable, Codable, Comparable {
    case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

    /// Lighter before heavier, as UIKit orders weights.
    public static func < (a: FontWeight, b: FontWeight) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Case-insensitive parse with a did-you-mean on failure.
    public init(parsing text: String) throws(ButtonKitError) {
        if let w = FontWeight.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) {
            self = w
        } else {
            throw .notOneOf(kind: "font weight", name: text, choices: FontWeight.allCases.map(\.rawValue))
        }
    }
}

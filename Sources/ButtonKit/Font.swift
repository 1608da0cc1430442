/// A font as scripts describe it: family, point size, weight. The model never
/// loads real fonts; two fonts are equal when these three agree.
public struct Font: Hashable, Sendable, Codable, CustomStringConvertible {
    public var family: String
    public var size: Double
    public var weight: FontWeight

    /// UIKit's default title font for a custom button: system 15 regular.
    public static let systemDefault = Font(family: "system", size: 15, weight: .regular)

    /// The largest point size a font may have.
    public static let maxSize = 1000.0

    /// An unchecked font; use `make` for values from outside.
    public init(family: String = "system", size: Double, weight: FontWeight = .regular) {
        self.family = family; self.size = size; self.weight = weight
    }

    /// A validated font: the size must be a finite positive number.
    public static func make(family: String = "system", size: Double, weight: FontWeight = .regular) throws(ButtonKitError) -> Font {
        guard size.isFinite, size > 0, size <= maxSize else {
            throw .invalidValue(what: "font size", value: Format.number(size), expected: "a number greater than 0 and at most 1000")
        }
        guard !family.isEmpty else { throw .invalidValue(what: "font family", value: "''", expected: "a non-empty name") }
        return Font(family: family, size: size, weight: weight)
    }

    /// Parses `"13"`, `"bold 13"`, `"13 bold"`; words that are neither a
    /// number nor a weight are the family (`"Menlo bold 12"`), except a
    /// first word that is a near miss of a weight (`"heavyy 13"`), which is
    /// refused with a suggestion.
    public init(parsing text: String) throws(ButtonKitError) {
        var size: Double?
        var weight = FontWeight.regular
        var family: [Substring] = []
        for word in text.split(separator: " ") {
            if let n = Double(word) {
                guard size == nil else { throw .invalidValue(what: "font", value: "'\(text)'", expected: "a single size") }
                size = n
            } else {
                do throws(ButtonKitError) {
                    weight = try FontWeight(parsing: String(word))
                } catch {
                    // A near miss of a weight is a typo, not a family
                    // (`"heavyy 13"`); a family that reads like one is
                    // written in the table form.
                    if case .notOneOf(_, let name, let choices) = error, family.isEmpty,
                       Suggest.closest(to: name, in: choices) != nil {
                        throw error
                    }
                    family.append(word)
                }
            }
        }
        guard let s = size else {
            throw .invalidValue(what: "font", value: "'\(text)'", expected: "a size, e.g. '13' or 'bold 13'")
        }
        self = try Font.make(family: family.isEmpty ? "system" : family.joined(separator: " "), size: s, weight: weight)
    }

    public var description: String {
        (family == "system" ? "" : family + " ") + (weight == .regular ? "" : weight.rawValue + " ") + Format.number(size)
    }
}

/// A font as scripts describe it: family, point size, weight, and the
/// Dynamic Type text style it was made for, if any. The model itself never
/// loads fonts (text is measured behind `TextMeasurer`); two fonts are equal
/// when these four agree.
///
/// A text-style font (`preferredFont(forTextStyle:)`) has the size of its
/// style at the default content size (`large`) until it is resolved for a
/// control: `scaled(for:)` gives it the size of the control's content size.
public struct Font: Hashable, Sendable, Codable, CustomStringConvertible {
    public var family: String
    public var size: Double
    public var weight: FontWeight
    /// The Dynamic Type style the size follows; nil for a fixed size.
    public var textStyle: TextStyle?
    /// An italic face (`italicSystemFont`, `Helvetica-Oblique`). Measured
    /// with the upright face's widths (the fonts ButtonKit measures with
    /// slant their upright glyphs, so the widths are the same); drawn
    /// slanted in pictures.
    public var italic = false

    /// UIKit's default title font for a custom button: system 15 regular.
    public static let systemDefault = Font(family: "system", size: 15, weight: .regular)

    /// The largest point size a font may have.
    public static let maxSize = 1000.0

    /// An unchecked font; use `make` for values from outside.
    public init(family: String = "system", size: Double, weight: FontWeight = .regular) {
        self.family = family; self.size = size; self.weight = weight
    }

    /// A text-style font, UIKit's `preferredFont(forTextStyle:)`: the
    /// style's weight unless `weight` is given, its size at `category`.
    public init(textStyle: TextStyle, weight: FontWeight? = nil, family: String = "system",
                category: ContentSizeCategory = .large) {
        self.family = family
        self.size = textStyle.size(at: category)
        self.weight = weight ?? textStyle.defaultWeight
        self.textStyle = textStyle
    }

    /// This font at `category`: a text-style font takes its style's size
    /// there; a fixed-size font is returned as it is.
    @inline(__always)
    public func scaled(for category: ContentSizeCategory) -> Font {
        guard let style = textStyle else { return self }
        var f = self
        f.size = style.size(at: category)
        return f
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
    /// refused with a suggestion. Without a size, a text style's name makes
    /// a text-style font (`"body"`, `"bold headline"`).
    public init(parsing text: String) throws(ButtonKitError) {
        var size: Double?
        var weight: FontWeight?
        var family: [Substring] = []
        var italic = false
        for word in text.split(separator: " ") {
            if word.lowercased() == "italic" { italic = true; continue }
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
            if family.count == 1, let style = try? TextStyle(parsing: String(family[0])) {
                self = Font(textStyle: style, weight: weight)
                self.italic = italic
                return
            }
            if let hint = UIKitSpelling.fontHint(text) { throw .unknownNameHint(kind: "font", name: text, hint: hint) }
            throw .invalidValue(what: "font", value: "'\(text)'", expected: "a size, e.g. '13' or 'bold 13', or a text style such as 'body'")
        }
        if let hint = UIKitSpelling.fontHint(text) { throw .unknownNameHint(kind: "font", name: text, hint: hint) }
        self = try Font.make(family: family.isEmpty ? "system" : family.joined(separator: " "), size: s, weight: weight ?? .regular)
        self.italic = italic
    }

    /// `bold 13`, `Menlo 12`; a text-style font names its style and its
    /// size now: `body 17`, `bold headline 17`.
    public var description: String {
        var s = family == "system" ? "" : family + " "
        if italic { s += "italic " }
        if let style = textStyle {
            if weight != style.defaultWeight { s += weight.rawValue + " " }
            return s + style.rawValue + " " + Format.number(size)
        }
        return s + (weight == .regular ? "" : weight.rawValue + " ") + Format.number(size)
    }
}

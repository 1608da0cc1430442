/// What was set for exactly one state. Every property is optional: an unset
/// property falls back according to the button's `Fallback` rule.
public struct Style: Hashable, Sendable {
    public var title: String?
    public var attributedTitle: [AttributedRun]?
    public var titleColor: Color?
    public var backgroundColor: Color?
    public var borderColor: Color?
    public var borderWidth: Double?
    public var cornerRadius: Double?
    public var font: Font?
    public var image: String?
    public var backgroundImage: String?
    public var alpha: Double?

    /// The largest border width or corner radius, in points.
    public static let maxLength = 10_000.0

    /// An empty style: nothing set, everything falls back.
    public init() {}

    public var isEmpty: Bool { self == Style() }

    /// Sets one property after checking the value: lengths must be finite and
    /// not negative, alpha within 0…1, and the value's type must match.
    public mutating func set(_ property: StyleProperty, _ value: StyleValue) throws(ButtonKitError) {
        func mismatch(_ expected: String) -> ButtonKitError {
            .invalidValue(what: "value for '\(property.rawValue)'", value: String(describing: value), expected: expected)
        }
        switch (property, value) {
        case (.title, .text(let s)): title = s
        case (.title, _): throw mismatch("a string")
        case (.attributedTitle, .runs(let r)): attributedTitle = r
        case (.attributedTitle, _): throw mismatch("a list of runs")
        case (.titleColor, .color(let c)): titleColor = c
        case (.backgroundColor, .color(let c)): backgroundColor = c
        case (.borderColor, .color(let c)): borderColor = c
        case (.titleColor, _), (.backgroundColor, _), (.borderColor, _): throw mismatch("a color")
        case (.borderWidth, .number(let n)), (.cornerRadius, .number(let n)):
            guard n.isFinite, n >= 0, n <= Style.maxLength else {
                throw .invalidValue(what: property.rawValue, value: Format.number(n), expected: "a number from 0 to 10000")
            }
            if property == .borderWidth { borderWidth = n } else { cornerRadius = n }
        case (.borderWidth, _), (.cornerRadius, _): throw mismatch("a number")
        case (.font, .font(let f)): font = f
        case (.font, _): throw mismatch("a font")
        case (.image, .text(let s)): image = s
        case (.backgroundImage, .text(let s)): backgroundImage = s
        case (.image, _), (.backgroundImage, _): throw mismatch("an image name")
        case (.alpha, .number(let n)):
            guard n >= 0, n <= 1 else {
                throw .invalidValue(what: "alpha", value: Format.number(n), expected: "a number from 0 to 1")
            }
            alpha = n
        case (.alpha, _): throw mismatch("a number")
        }
    }

    /// Clears one property.
    public mutating func remove(_ property: StyleProperty) {
        switch property {
        case .title: title = nil
        case .attributedTitle: attributedTitle = nil
        case .titleColor: titleColor = nil
        case .backgroundColor: backgroundColor = nil
        case .borderColor: borderColor = nil
        case .borderWidth: borderWidth = nil
        case .cornerRadius: cornerRadius = nil
        case .font: font = nil
        case .image: image = nil
        case .backgroundImage: backgroundImage = nil
        case .alpha: alpha = nil
        }
    }

    /// The value of one property, if set.
    public func value(of property: StyleProperty) -> StyleValue? {
        switch property {
        case .title: return title.map(StyleValue.text)
        case .attributedTitle: return attributedTitle.map(StyleValue.runs)
        case .titleColor: return titleColor.map(StyleValue.color)
        case .backgroundColor: return backgroundColor.map(StyleValue.color)
        case .borderColor: return borderColor.map(StyleValue.color)
        case .borderWidth: return borderWidth.map(StyleValue.number)
        case .cornerRadius: return cornerRadius.map(StyleValue.number)
        case .font: return font.map(StyleValue.font)
        case .image: return image.map(StyleValue.text)
        case .backgroundImage: return backgroundImage.map(StyleValue.text)
        case .alpha: return alpha.map(StyleValue.number)
        }
    }

    /// Copies every property set in `other` over this style (a merge).
    public mutating func merge(_ other: Style) {
        for p in StyleProperty.allCases { if let v = other.value(of: p) { try? set(p, v) } }
    }
}

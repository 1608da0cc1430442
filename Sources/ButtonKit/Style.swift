/// What was set for exactly one state. Every property is optional: an unset
/// property falls back according to the button's `Fallback` rule.
public struct Style: Hashable, Sendable {
    // Sparse storage: a bit per property that is set, and the set values in
    // property order. A state's style usually sets two or three of the
    // eleven properties, and 100,000 buttons with three styled states must
    // fit in 80 MB: eleven optionals took 145 bytes per style, this takes 10
    // plus the values actually set.
    private var present: UInt16 = 0
    private var values: [StyleValue] = []

    public var title: String? {
        get { if case .text(let s)? = value(of: .title) { return s }; return nil }
        set { store(.title, newValue.map { .text(TitleText.cut($0)) }) }
    }
    public var attributedTitle: [AttributedRun]? {
        get { if case .runs(let r)? = value(of: .attributedTitle) { return r }; return nil }
        set { store(.attributedTitle, newValue.map { .runs(TitleText.cut($0)) }) }
    }
    public var titleColor: Color? {
        get { if case .color(let c)? = value(of: .titleColor) { return c }; return nil }
        set { store(.titleColor, newValue.map(StyleValue.color)) }
    }
    public var backgroundColor: Color? {
        get { if case .color(let c)? = value(of: .backgroundColor) { return c }; return nil }
        set { store(.backgroundColor, newValue.map(StyleValue.color)) }
    }
    public var borderColor: Color? {
        get { if case .color(let c)? = value(of: .borderColor) { return c }; return nil }
        set { store(.borderColor, newValue.map(StyleValue.color)) }
    }
    public var borderWidth: Double? {
        get { if case .number(let n)? = value(of: .borderWidth) { return n }; return nil }
        set { store(.borderWidth, newValue.map(StyleValue.number)) }
    }
    public var cornerRadius: Double? {
        get { if case .number(let n)? = value(of: .cornerRadius) { return n }; return nil }
        set { store(.cornerRadius, newValue.map(StyleValue.number)) }
    }
    public var font: Font? {
        get { if case .font(let f)? = value(of: .font) { return f }; return nil }
        set { store(.font, newValue.map(StyleValue.font)) }
    }
    public var image: String? {
        get { if case .text(let s)? = value(of: .image) { return s }; return nil }
        set { store(.image, newValue.map(StyleValue.text)) }
    }
    public var backgroundImage: String? {
        get { if case .text(let s)? = value(of: .backgroundImage) { return s }; return nil }
        set { store(.backgroundImage, newValue.map(StyleValue.text)) }
    }
    public var alpha: Double? {
        get { if case .number(let n)? = value(of: .alpha) { return n }; return nil }
        set { store(.alpha, newValue.map(StyleValue.number)) }
    }

    /// The largest border width or corner radius, in points.
    public static let maxLength = 10_000.0

    /// An empty style: nothing set, everything falls back.
    public init() {}

    public var isEmpty: Bool { present == 0 }

    /// Stores or clears one value without checks (callers checked it).
    private mutating func store(_ p: StyleProperty, _ v: StyleValue?) {
        let bit = p.bit
        let index = (present & (bit &- 1)).nonzeroBitCount
        if present & bit != 0 {
            if let v { values[index] = v } else { values.remove(at: index); present &= ~bit }
        } else if let v {
            values.insert(v, at: index)
            present |= bit
        }
    }

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
        case (.titleColor, .dynamicColor), (.backgroundColor, .dynamicColor), (.borderColor, .dynamicColor):
            store(property, value)
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

    /// A colour property's value, fixed or dynamic; nil when unset.
    @inline(__always)
    public func colorValue(of property: StyleProperty) -> ColorValue? {
        switch value(of: property) {
        case .color(let c)?: return .fixed(c)
        case .dynamicColor(let d)?: return .dynamic(d)
        default: return nil
        }
    }

    /// Sets a colour property to a fixed or dynamic colour.
    public mutating func setColor(_ property: StyleProperty, _ c: ColorValue) throws(ButtonKitError) {
        switch c {
        case .fixed(let f): try set(property, .color(f))
        case .dynamic(let d): try set(property, .dynamicColor(d))
        }
    }

    /// Clears one property.
    public mutating func remove(_ property: StyleProperty) { store(property, nil) }

    /// The value of one property, if set.
    @inline(__always)
    public func value(of property: StyleProperty) -> StyleValue? {
        let bit = property.bit
        guard present & bit != 0 else { return nil }
        return values[(present & (bit &- 1)).nonzeroBitCount]
    }

    /// Copies every property set in `other` over this style (a merge).
    public mutating func merge(_ other: Style) {
        for p in StyleProperty.allCases { if let v = other.value(of: p) { try? set(p, v) } }
    }
}

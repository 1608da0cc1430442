/// The eleven per-state style properties. The enum is the single list the
/// bridge, the builder and the error messages all draw names from.
public enum StyleProperty: String, CaseIterable, Sendable {
    case title, attributedTitle, titleColor, backgroundColor, borderColor
    case borderWidth, cornerRadius, font, image, backgroundImage, alpha

    /// The property's bit in a style's presence mask (its position here).
    @inline(__always)
    var bit: UInt16 {
        switch self {
        case .title: return 1 << 0
        case .attributedTitle: return 1 << 1
        case .titleColor: return 1 << 2
        case .backgroundColor: return 1 << 3
        case .borderColor: return 1 << 4
        case .borderWidth: return 1 << 5
        case .cornerRadius: return 1 << 6
        case .font: return 1 << 7
        case .image: return 1 << 8
        case .backgroundImage: return 1 << 9
        case .alpha: return 1 << 10
        }
    }

    /// What kind of value the property takes, so a bridge knows how to convert.
    public enum Kind: Sendable { case text, runs, color, length, font, imageName, unit }

    public var kind: Kind {
        switch self {
        case .title: return .text
        case .attributedTitle: return .runs
        case .titleColor, .backgroundColor, .borderColor: return .color
        case .borderWidth, .cornerRadius: return .length
        case .font: return .font
        case .image, .backgroundImage: return .imageName
        case .alpha: return .unit
        }
    }

    /// Names of a button's own settings that people put in a style by habit
    /// (UIView's tintColor is the view's, not a state's).
    static let buttonFields = ["tintColor", "enabled", "selected", "highlighted", "hidden", "frame",
                               "userInteractionEnabled", "contentEdgeInsets", "titleEdgeInsets", "imageEdgeInsets",
                               "accessibilityLabel", "accessibilityHint", "configuration", "type", "role"]

    /// Exact name first, then a case-insensitive match; otherwise an error
    /// with the closest name (`'titel'` → did you mean `'title'`).
    public init(parsing name: String) throws(ButtonKitError) {
        if let p = StyleProperty(rawValue: name) { self = p; return }
        if let p = StyleProperty.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) { self = p; return }
        if let field = StyleProperty.buttonFields.first(where: { $0.lowercased() == name.lowercased() }) {
            // A button's own setting, not a per-state look: say where it goes
            // instead of the nearest property (tintColor is not titleColor).
            throw .unknownNameHint(kind: "style property", name: name,
                                   hint: "'\(field)' is a field of the button, not per state: b.\(field) = ...")
        }
        throw .unknownName(kind: "style property", name: name,
                           suggestion: Suggest.closest(to: name, in: StyleProperty.allCases.map(\.rawValue)))
    }
}

/// The eleven per-state style properties. The enum is the single list the
/// bridge, the builder and the error messages all draw names from.
public enum StyleProperty: String, CaseIterable, Sendable {
    case title, attributedTitle, titleColor, backgroundColor, borderColor
    case borderWidth, cornerRadius, font, image, backgroundImage, alpha

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

    /// Exact name first, then a case-insensitive match; otherwise an error
    /// with the closest name (`'titel'` → did you mean `'title'`).
    public init(parsing name: String) throws(ButtonKitError) {
        if let p = StyleProperty(rawValue: name) { self = p; return }
        if let p = StyleProperty.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) { self = p; return }
        throw .unknownName(kind: "style property", name: name,
                           suggestion: Suggest.closest(to: name, in: StyleProperty.allCases.map(\.rawValue)))
    }
}

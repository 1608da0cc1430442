/// The styles of `UIButton.Configuration` (iOS 15+). Four looks, each with
/// the alternative name Apple documents for it: borderless = plain,
/// bordered = gray, borderedTinted = tinted, borderedProminent = filled.
/// The name a script used is kept (it reads back as written); `look` is
/// what it draws as.
public enum ConfigurationStyle: String, CaseIterable, Sendable, Codable {
    case plain, gray, tinted, filled
    case borderless, bordered, borderedTinted, borderedProminent

    /// The four looks, after Apple's documented aliases.
    public enum Look: Sendable { case plain, gray, tinted, filled }

    public var look: Look {
        switch self {
        case .plain, .borderless: return .plain
        case .gray, .bordered: return .gray
        case .tinted, .borderedTinted: return .tinted
        case .filled, .borderedProminent: return .filled
        }
    }

    /// Parses a style name (any case), with a suggestion on typos.
    public init(parsing text: String) throws(ButtonKitError) {
        let lower = text.lowercased()
        guard let s = ConfigurationStyle.allCases.first(where: { $0.rawValue.lowercased() == lower }) else {
            throw .notOneOf(kind: "configuration style", name: text, choices: ConfigurationStyle.allCases.map(\.rawValue))
        }
        self = s
    }
}

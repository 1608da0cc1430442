/// The styles of `UIButton.Configuration` (iOS 15+). Four looks, each with
/// the alternative name Apple documents for it: borderless = plain,
/// bordered = gray, borderedTinted = tinted, borderedProminent = filled.
/// The name a script used is kept (it reads back as written); `look` is
/// what it draws as.
public enum ConfigurationStyle: String, CaseIterable, NamedChoice, Sendable, Codable {
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

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "configuration style"
}

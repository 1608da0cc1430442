/// What a value is expected to be where it is used: gives an implicit
/// member (`.red`, `.normal`, `.system`) its type.
enum Expect {
    case any, color, font, string, number, bool, state, event, buttonType, image, configuration, textStyle, weight, insets
}

extension Expect {
    /// What a parameter or property of this declared type expects
    /// (`UIColor` → a colour: `.systemGreen` passed to it is a colour).
    static func forType(_ declared: String?) -> Expect {
        guard var t = declared else { return .any }
        t = t.filter { $0 != "?" && $0 != "!" && $0 != " " }
        switch t {
        case "UIColor", "CGColor", "Color": return .color
        case "UIFont": return .font
        case "String", "LocalizedStringKey": return .string
        case "CGFloat", "Double", "Float", "Int": return .number
        case "Bool": return .bool
        case "UIImage": return .image
        case "UIControl.State": return .state
        case "UIControl.Event": return .event
        case "UIButton.ButtonType": return .buttonType
        case "UIButton.Configuration": return .configuration
        case "UIEdgeInsets", "NSDirectionalEdgeInsets": return .insets
        case "UIFont.TextStyle": return .textStyle
        case "UIFont.Weight": return .weight
        default: return .any
        }
    }
}

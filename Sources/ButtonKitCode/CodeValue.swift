import ButtonKit

/// A value the reader evaluated from the app's code.
enum CodeValue {
    case string(String)
    case number(Double)
    case bool(Bool)
    case color(ColorValue)
    case font(Font)
    /// An image by name (`UIImage(named:)`), or an SF Symbol (`systemName:`).
    case image(String, symbol: Bool)
    case state(ControlState)
    case event(ControlEvent)
    case buttonType(ButtonType)
    case configuration(ButtonConfiguration)
    case insets(top: Double, left: Double, bottom: Double, right: Double)
    case rect(Rect)
    case selector(String)
    /// A closure's position (`addAction`, `primaryAction:`), its `file:line`.
    case closure(String)
    /// `UIAction(title:image:handler:)`.
    case action(title: String?, image: String?, position: String)
    case array([CodeValue])
    /// `.center`, `.byTruncatingTail`...: a name the caller gives meaning to.
    case member(String)
    case nil_
    /// A type's name used as a value's base (`Theme` in `Theme.primary`).
    case type(String)

    var describe: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .number(let n): return Format.number(n)
        case .bool(let b): return b ? "true" : "false"
        case .color(let c): return c.description
        case .font(let f): return f.description
        case .image(let n, _): return n
        default: return "\(self)"
        }
    }
}

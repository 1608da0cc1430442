/// One thing that happened to a control, stored in two bytes and formatted
/// only when read: traces are written on every touch but rarely read, so
/// recording must cost next to nothing.
public enum TraceEntry: Hashable, Sendable, CustomStringConvertible {
    /// An event was sent (bit index into `ControlEvent`).
    case event(UInt8)
    /// A flag changed: the flag and its new value.
    case flag(Flag, Bool)
    /// A sort button's direction changed.
    case direction(SortDirection)
    /// A configuration update ran its handler (buttons with one only).
    case configurationUpdate

    /// The flags whose changes are traced, named as scripts read them.
    public enum Flag: UInt8, Sendable {
        case highlighted, enabled, selected, focused, hidden, userInteractionEnabled
        var name: String {
            switch self {
            case .highlighted: return "highlighted"
            case .enabled: return "enabled"
            case .selected: return "selected"
            case .focused: return "focused"
            case .hidden: return "hidden"
            case .userInteractionEnabled: return "userInteractionEnabled"
            }
        }
    }

    /// `"touchDown"`, `"highlighted=true"`, `"direction=ascending"`.
    public var description: String {
        switch self {
        case .event(let bit): return ControlEvent(rawValue: 1 << UInt32(bit)).name ?? "event\(bit)"
        case .flag(let f, let v): return f.name + (v ? "=true" : "=false")
        case .direction(let d): return "direction=" + d.rawValue
        case .configurationUpdate: return "configurationUpdate"
        }
    }
}

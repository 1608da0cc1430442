/// UIControl's `contentVerticalAlignment`: where a button's title and image
/// sit up and down its content rectangle (`fill` centres here, as nothing
/// is stretched in pictures).
public enum ContentVerticalAlignment: String, CaseIterable, NamedChoice, Sendable, Codable {
    case center, top, bottom, fill

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "content vertical alignment"

    /// Where content `size` high starts in a room from `start`, `room` high.
    public func origin(of size: Double, in room: Double, from start: Double) -> Double {
        switch self {
        case .top: return start
        case .bottom: return start + room - size
        case .center, .fill: return start + (room - size) / 2
        }
    }
}

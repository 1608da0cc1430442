/// UIControl's `contentHorizontalAlignment`: where a button's title and
/// image sit across its content rectangle. `leading` and `trailing` follow
/// the content's direction (they mirror right to left); `left` and `right`
/// never do; `fill` stretches the content, which for a title and an image
/// means centred here (nothing is stretched in pictures).
public enum ContentHorizontalAlignment: String, CaseIterable, NamedChoice, Sendable, Codable {
    case center, left, right, fill, leading, trailing

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "content horizontal alignment"

    /// `left`, `right`, `center` or `fill` once the direction is known
    /// (UIControl's `effectiveContentHorizontalAlignment`).
    public func effective(under d: LayoutDirection) -> ContentHorizontalAlignment {
        switch self {
        case .leading: return d == .rightToLeft ? .right : .left
        case .trailing: return d == .rightToLeft ? .left : .right
        default: return self
        }
    }

    /// Where content `size` wide starts in a room from `start`, `room` wide.
    public func origin(of size: Double, in room: Double, from start: Double, direction: LayoutDirection) -> Double {
        switch effective(under: direction) {
        case .left: return start
        case .right: return start + room - size
        default: return start + (room - size) / 2
        }
    }
}

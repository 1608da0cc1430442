/// The platform a screen belongs to, from the app's files: which of the
/// audit's checks apply there. tvOS is focus-driven (no finger, so no
/// touch target) and has no user text size (Dynamic Type's sizes do not
/// change), so those checks are skipped for its screens.
public enum Platform: String, CaseIterable, NamedChoice, Sendable {
    case iOS, tvOS, macCatalyst

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "platform"

    /// Whether people touch the controls (the hit-target rule applies).
    public var isTouch: Bool { self != .tvOS }

    /// Whether the user's text size changes text-style fonts (the Dynamic
    /// Type rule and the large content sizes apply).
    public var hasDynamicType: Bool { self != .tvOS }

    /// A text style's point size on tvOS (Apple's Human Interface
    /// Guidelines, tvOS Dynamic Type sizes: fixed, as tvOS has no user text
    /// size). `largeTitle` is not a tvOS style; it takes `title1`'s size.
    public static func tvOSSize(of style: TextStyle) -> Double {
        switch style {
        case .largeTitle, .title1: return 76
        case .title2: return 57
        case .title3: return 48
        case .headline: return 38
        case .body: return 29
        case .callout: return 31
        case .subheadline: return 29
        case .footnote: return 23
        case .caption1: return 25
        case .caption2: return 23
        }
    }

    /// The checks that do not apply here, for reports to say once.
    public var skippedChecks: [AuditCheck] { self == .tvOS ? [.hitTarget, .dynamicType] : [] }
}

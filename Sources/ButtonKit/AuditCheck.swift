/// The checks of the accessibility audit, by the names scripts and the
/// command line use to pick them.
public enum AuditCheck: String, CaseIterable, NamedChoice, Sendable {
    /// WCAG 2.x SC 1.4.3: text against its background, every state but
    /// disabled (inactive components are exempt), light and dark.
    case contrast
    /// Apple's HIG: a hit region of at least 44×44 pt.
    case hitTarget
    /// A title, or an accessibilityLabel, for every button.
    case label

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "audit check"
}

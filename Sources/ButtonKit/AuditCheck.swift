/// The checks of the accessibility audit, by the names scripts and the
/// command line use to pick them.
public enum AuditCheck: String, CaseIterable, Sendable {
    /// WCAG 2.x SC 1.4.3: text against its background, every state but
    /// disabled (inactive components are exempt), light and dark.
    case contrast
    /// Apple's HIG: a hit region of at least 44×44 pt.
    case hitTarget
    /// A title, or an accessibilityLabel, for every button.
    case label

    /// Parses a check name (any case), with a suggestion on typos.
    public init(parsing text: String) throws(ButtonKitError) {
        let lower = text.lowercased()
        guard let c = AuditCheck.allCases.first(where: { $0.rawValue.lowercased() == lower }) else {
            throw .notOneOf(kind: "audit check", name: text, choices: AuditCheck.allCases.map(\.rawValue))
        }
        self = c
    }
}

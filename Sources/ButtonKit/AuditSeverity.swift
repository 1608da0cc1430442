/// How much a problem counts in CI: an `error` fails the audit; a
/// `warning` is what a user meets only in passing (contrast while a finger
/// is down, in the `highlighted` state) and fails it only with
/// `--fail-on warning`.
public enum AuditSeverity: String, CaseIterable, NamedChoice, Sendable, Comparable {
    case warning, error

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "severity"

    public static func < (a: AuditSeverity, b: AuditSeverity) -> Bool { a == .warning && b == .error }
}

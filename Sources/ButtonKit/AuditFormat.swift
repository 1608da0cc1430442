/// The report formats of `buttonkit audit --format`: each is a writer of
/// its own (`AuditTextFormat`, `AuditJSONFormat`, `AuditJUnitFormat`,
/// `AuditSARIFFormat`) over an `AuditReport`, whatever read the controls.
public enum AuditFormat: String, CaseIterable, NamedChoice, Sendable {
    case text, json, junit, sarif

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "audit format"

    /// The report in this format. `failOn` decides what JUnit counts as a
    /// failure; the text lists only new problems when a baseline was applied.
    public func write(_ report: AuditReport, failOn: AuditSeverity = .error) -> String {
        switch self {
        case .text: return AuditTextFormat.write(report)
        case .json: return AuditJSONFormat.write(report, failOn: failOn)
        case .junit: return AuditJUnitFormat.write(report, failOn: failOn)
        case .sarif: return AuditSARIFFormat.write(report)
        }
    }
}

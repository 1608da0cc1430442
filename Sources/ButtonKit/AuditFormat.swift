/// The report formats of `buttonkit audit --format`: each is a writer of
/// its own (`AuditTextFormat`, `AuditJSONFormat`, `AuditJUnitFormat`,
/// `AuditSARIFFormat`) over an `AuditReport`, whatever read the controls.
public enum AuditFormat: String, CaseIterable, NamedChoice, Sendable {
    case text, json, junit, sarif

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "audit format"

    /// The report in this format. `failOn` decides what JUnit counts as a
    /// failure; the text lists only new problems when a baseline was applied.
    /// About how many bytes of memory writing `report` in this format
    /// takes (the text built, and for JSON and SARIF the value tree before
    /// it), from its lines and names: checked against a run's memory
    /// ceiling before writing, as a report of long ids grew 4x past it
    /// (issue 27). An overestimate is the safe side.
    public func estimatedBytes(_ report: AuditReport) -> Int {
        var text = 0
        for c in report.controls {
            text += c.name.utf8.count + (c.screen?.utf8.count ?? 0) + 64
            for f in c.findings { text += f.line.utf8.count + f.name.utf8.count + (f.source?.path.utf8.count ?? 0) + 64 }
        }
        // Measured on ten controls with 1 MB ids: text 2x its size in the
        // process, JSON and JUnit about 3x, SARIF (rules and locations) more.
        switch self {
        case .text: return text * 2
        case .json, .junit: return text * 4
        case .sarif: return text * 6
        }
    }

    public func write(_ report: AuditReport, failOn: AuditSeverity = .error) -> String {
        switch self {
        case .text: return AuditTextFormat.write(report)
        case .json: return AuditJSONFormat.write(report, failOn: failOn)
        case .junit: return AuditJUnitFormat.write(report, failOn: failOn)
        case .sarif: return AuditSARIFFormat.write(report)
        }
    }
}

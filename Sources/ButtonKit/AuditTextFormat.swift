/// The audit as lines for a person or a log: `Screen/control/state/style:
/// message`, a warning marked as one. With a baseline, only what is new.
public enum AuditTextFormat {
    public static func write(_ report: AuditReport) -> String {
        var out = ""
        for f in report.findings where f.isNew {
            out += f.line + (f.severity == .warning ? " (warning)" : "") + "\n"
        }
        return out
    }
}

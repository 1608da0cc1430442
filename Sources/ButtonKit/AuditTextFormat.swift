/// The audit as lines for a person or a log: `Screen/control/state/style:
/// message`, a warning marked as one, and for a control the app's Swift
/// code makes, where it is made (`[CheckoutViewController.swift:12]`: code
/// has no IB id to search for). With a baseline, only what is new.
public enum AuditTextFormat {
    public static func write(_ report: AuditReport) -> String {
        var out = ""
        for f in report.findings where f.isNew {
            out += f.line + (f.severity == .warning ? " (warning)" : "") + location(f.source) + "\n"
        }
        return out
    }

    static func location(_ source: SourceLocation?) -> String {
        guard let s = source, s.path.hasSuffix(".swift") else { return "" }
        return " [\(s.path.split(separator: "/").last.map(String.init) ?? s.path):\(s.line)]"
    }
}

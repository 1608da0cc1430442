/// The audit as one JSON document for tools: every problem with its name,
/// screen, control, check, rule, severity, state, style, content size,
/// message, source (path, line, column) and whether it is new, then a
/// summary. Keys are sorted, so two runs' documents compare line by line.
public enum AuditJSONFormat {
    public static func write(_ report: AuditReport, failOn: AuditSeverity = .error) -> String {
        var problems: [JSONValue] = []
        for f in report.findings {
            let p = f.problem
            var o: [String: JSONValue] = [
                "name": .string(f.name), "control": .string(p.control), "check": .string(p.check.rawValue),
                "rule": .string(p.rule), "severity": .string(f.severity.rawValue),
                "message": .string(String(p.description.dropFirst(p.place.count + 2))), "new": .bool(f.isNew),
            ]
            if let s = f.screen { o["screen"] = .string(s) }
            if let s = p.state { o["state"] = .string(s.description) }
            if let s = p.style { o["style"] = .string(s.rawValue) }
            if let c = p.contentSize { o["contentSize"] = .string(c.rawValue) }
            if let src = f.source {
                o["source"] = .object(["path": .string(src.path), "line": .int(src.line), "column": .int(src.column)])
            }
            problems.append(.object(o))
        }
        var summary: [String: JSONValue] = [
            "controls": .int(report.controls.count),
            "notVisible": .int(report.notVisible),
            "problems": .int(report.findings.count),
            "errors": .int(report.findings.filter { $0.severity == .error }.count),
            "warnings": .int(report.findings.filter { $0.severity == .warning }.count),
            "new": .int(report.findings.filter(\.isNew).count),
            "failing": .int(report.failing(at: failOn).count),
        ]
        if let gone = report.goneFromBaseline { summary["goneFromBaseline"] = .int(gone) }
        if !report.skippedByPlatform.isEmpty {
            summary["skipped"] = .array(report.skippedByPlatform.map {
                .object(["platform": .string($0.platform.rawValue), "checks": .array($0.checks.map { .string($0.rawValue) })])
            })
        }
        return JSON.serialize(.object(["problems": .array(problems), "summary": .object(summary)]), pretty: true) + "\n"
    }
}

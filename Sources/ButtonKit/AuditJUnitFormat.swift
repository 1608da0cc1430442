/// The audit as JUnit XML, which CI systems show as tests: a test suite
/// per screen, a test case per control (named `Screen/control`, with its
/// file and line), failing with its new problems at `failOn` or worse;
/// the rest (warnings, baseline problems) are in the case's output. A
/// control that is not visible is a skipped case.
public enum AuditJUnitFormat {
    public static func write(_ report: AuditReport, failOn: AuditSeverity = .error) -> String {
        var order: [String] = []
        var byScreen: [String: [AuditReport.ControlResult]] = [:]
        for c in report.controls {
            let s = c.screen ?? "controls"
            if byScreen[s] == nil { order.append(s) }
            byScreen[s, default: []].append(c)
        }
        func fails(_ f: AuditReport.Finding) -> Bool { f.isNew && f.severity >= failOn }
        let total = report.controls.count
        let failures = report.controls.filter { $0.findings.contains(where: fails) }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"buttonkit audit\" tests=\"\(total)\" failures=\"\(failures)\" errors=\"0\">\n"
        for s in order {
            let cases = byScreen[s] ?? []
            let f = cases.filter { $0.findings.contains(where: fails) }.count
            let skipped = cases.filter { !$0.checked }.count
            out += "  <testsuite name=\"\(escape(s))\" tests=\"\(cases.count)\" failures=\"\(f)\" errors=\"0\" skipped=\"\(skipped)\">\n"
            for c in cases {
                out += "    <testcase classname=\"\(escape(s))\" name=\"\(escape(c.name))\""
                if let src = c.source { out += " file=\"\(escape(src.path))\" line=\"\(src.line)\"" }
                out += ">\n"
                if !c.checked { out += "      <skipped message=\"not visible: not checked\"/>\n" }
                let failing = c.findings.filter(fails)
                if !failing.isEmpty {
                    let message = "\(failing.count) accessibility problem\(failing.count == 1 ? "" : "s")"
                    out += "      <failure message=\"\(escape(message))\" type=\"\(escape(failing[0].problem.check.rawValue))\">"
                    out += escape(failing.map { "\($0.line) [\($0.problem.rule)]" }.joined(separator: "\n"))
                    out += "</failure>\n"
                }
                let other = c.findings.filter { !fails($0) }
                if !other.isEmpty {
                    out += "      <system-out>"
                    out += escape(other.map { "\($0.line) (\($0.isNew ? $0.severity.rawValue : "in the baseline"))" }.joined(separator: "\n"))
                    out += "</system-out>\n"
                }
                out += "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }

    /// XML text and attribute escaping (`XMLText`: forbidden characters dropped).
    static func escape(_ s: String) -> String { XMLText.escape(s) }
}

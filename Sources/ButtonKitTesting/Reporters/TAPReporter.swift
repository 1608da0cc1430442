/// TAP version 14: version line, one test point per test, YAML diagnostics
/// for failures, `# SKIP` for pending tests, the plan at the end.
public struct TAPReporter {
    private var n = 0
    /// Starts numbering test points at 1.
    public init() {}

    /// The version line TAP 14 requires first.
    public func start() -> String { "TAP version 14\n" }

    public mutating func line(for r: TestResult) -> String {
        guard r.status != .listed else { return "" }
        n += 1
        let desc = r.name.replacingOccurrences("#", "\\#")
        switch r.status {
        case .passed:
            return "ok \(n) - \(desc)\n"
        case .pending:
            return "ok \(n) - \(desc) # SKIP \(r.message ?? "pending")\n"
        default:
            var out = "not ok \(n) - \(desc)\n  ---\n"
            out += "  message: \(yamlString(r.message ?? ""))\n"
            out += "  severity: \(r.status == .error ? "error" : "fail")\n"
            out += "  at:\n    file: \(yamlString(r.file))\n    line: \(r.line)\n"
            if let tb = r.traceback, !tb.isEmpty { out += "  traceback: \(yamlString(tb))\n" }
            out += "  duration_ms: \(Seconds.format(r.duration * 1000, decimals: 3))\n"
            out += "  ...\n"
            return out
        }
    }

    /// The plan (at the end, as TAP allows) and a comment with the summary.
    public func finish(_ summary: TestSummary) -> String {
        "1..\(n)\n# \(summary.line)\n"
    }

    /// A double-quoted YAML scalar.
    func yamlString(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if u.value < 0x20 { out += "\\x" + String(u.value, radix: 16).leftPadded(2) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}

extension String {
    func replacingOccurrences(_ a: Character, _ b: String) -> String {
        var out = ""
        for c in self { if c == a { out += b } else { out.append(c) } }
        return out
    }

    func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

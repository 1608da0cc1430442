/// ButtonKit's `-o tap13`: TAP version 13, as TAP consumers (Perl's `prove`, TAP::Harness) read it:
/// the version line, one test point per test, YAML diagnostics for failures,
/// `# SKIP` for pending tests, the plan at the end.
public final class TAP13Reporter: Reporter {
    let out: TextOutput
    private var n = 0
    private var started = false

    public init(out: TextOutput) { self.out = out }

    public func suiteStarted(_ run: RunInfo) {
        if !started { out.write("TAP version 13\n"); started = true }
        if run.runs > 1 { out.write("# run \(run.run) of \(run.runs)\n") }
    }

    public func testFinished(_ r: TestResult) {
        n += 1
        let desc = Self.description(r.name)
        switch r.status {
        case .passed: out.write("ok \(n) - \(desc)\n")
        case .listed: out.write("ok \(n) - \(desc) # SKIP listed (\(r.location))\n")
        case .pending: out.write("ok \(n) - \(desc) # SKIP \(Self.oneLine(r.message ?? "pending"))\n")
        case .failed, .error:
            var s = "not ok \(n) - \(desc)\n  ---\n"
            s += "  message: \(Self.yaml(r.message ?? ""))\n"
            s += "  severity: \(r.status == .error ? "error" : "fail")\n"
            s += "  at:\n    file: \(Self.yaml(r.file))\n    line: \(r.line)\n"
            if let tb = r.traceback, !tb.isEmpty { s += "  traceback: \(Self.yaml(tb))\n" }
            if !r.output.isEmpty { s += "  output: \(Self.yaml(r.output))\n" }
            s += "  duration_ms: \(Seconds.format(r.duration * 1000, decimals: 3))\n"
            s += "  ...\n"
            out.write(s)
        }
    }

    /// The plan (at the end, as TAP allows) and a comment with the summary.
    public func finish(_ total: TestSummary) {
        if !started { out.write("TAP version 13\n") }
        out.write("1..\(n)\n# \(total.line)\n")
    }

    /// A test description: one line, `#` escaped (it starts a directive).
    static func description(_ s: String) -> String {
        var out = ""
        for c in oneLine(s) { if c == "#" { out += "\\#" } else { out.append(c) } }
        return out
    }

    /// By scalars, not characters: "\r\n" is one Character, equal to
    /// neither "\n" nor "\r", and a test named "x\r\nok 2" would print a
    /// TAP line of its own.
    static func oneLine(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars { out.append(u == "\n" || u == "\r" ? " " : u) }
        return String(out)
    }

    /// A double-quoted YAML scalar.
    static func yaml(_ s: String) -> String {
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
    func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}

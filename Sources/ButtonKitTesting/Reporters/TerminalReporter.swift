/// ButtonKit's own human output: `utf` (test names as they finish, colours)
/// and `plain` (CI logs: one line per file, pending and failing tests named).
/// Both end with failures in full and the `N passed, N failed, N pending`
/// line. `--list` prints `file:line: name` lines.
public final class TerminalReporter: Reporter {
    /// `utf` for people at a terminal, `plain` for logs.
    public enum Style: Sendable { case utf, plain }
    let style: Style
    let color: Bool
    let out: TextOutput
    private var failures: [TestResult] = []
    private var fileCounts = TestSummary()
    private var filePending: [TestResult] = []
    private var seed: Int?
    private var listed = 0
    private var listing = false

    /// `color` is decided by the caller (a terminal, NO_COLOR).
    public init(style: Style, color: Bool, out: TextOutput) {
        self.style = style; self.color = color; self.out = out
    }

    func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    public func suiteStarted(_ run: RunInfo) {
        seed = run.seed
        listing = run.listing
        if run.runs > 1 { out.write("\nRun \(run.run) of \(run.runs)\n") }
    }

    public func fileStarted(_ file: String) {
        fileCounts = TestSummary()
        filePending = []
        if style == .utf && !listing { out.write(paint(file, "1") + "\n") }
    }

    public func testFinished(_ r: TestResult) {
        if r.status == .listed {
            listed += 1
            out.write("\(r.location): \(r.name)\n")
            return
        }
        fileCounts.add(r)
        if r.isFailure { failures.append(r) }
        if r.status == .pending { filePending.append(r) }
        guard style == .utf else { return }
        let time = paint("(\(Seconds.human(r.duration)))", "2")
        switch r.status {
        case .passed: out.write("  \(paint("✔", "32")) \(r.name) \(time)\n")
        case .failed: out.write("  \(paint("✘", "31")) \(r.name) \(time)\n")
        case .error: out.write("  \(paint("✘", "31;1")) \(r.name) \(paint("[error]", "31"))\n")
        case .pending: out.write("  \(paint("○", "33")) \(r.name) \(paint("[pending\(r.message.map { ": " + $0 } ?? "")]", "33"))\n")
        case .listed: break
        }
    }

    public func fileFinished(_ file: String) {
        guard style == .plain, !listing else { return }
        out.write("\(file): \(fileCounts.line)\n")
        for p in filePending { out.write("  pending: \(p.name)\(p.message.map { " (\($0))" } ?? "")\n") }
    }

    public func finish(_ total: TestSummary) {
        if listing {
            out.write("\(Plural.count(listed, "test")) listed\n")
            return
        }
        var s = ""
        if !failures.isEmpty {
            s += "\n" + paint("Failures:", "31;1") + "\n"
            for (i, f) in failures.enumerated() {
                s += "\n\(i + 1)) \(f.name)\n"
                s += "   \(paint(f.location, "36"))\(f.status == .error ? " (error)" : "")\n"
                for l in (f.message ?? "").split(separator: "\n", omittingEmptySubsequences: false) { s += "   \(l)\n" }
                if let tb = f.traceback, !tb.isEmpty {
                    s += "   stack traceback:\n"
                    for l in tb.split(separator: "\n") { s += "   \(l)\n" }
                }
                if !f.output.isEmpty {
                    s += "   output:\n"
                    for l in f.output.split(separator: "\n") { s += "   | \(l)\n" }
                }
            }
            s += "\n"
        }
        if let seed { s += "Randomized with seed \(seed) (replay with --shuffle --seed \(seed))\n" }
        s += "Finished in \(Seconds.human(total.duration))\n"
        let line = total.line
        s += (total.failed + total.errors > 0 ? paint(line, "31;1") : total.total == 0 ? paint(line, "33;1") : paint(line, "32;1")) + "\n"
        out.write(s)
    }
}

/// "1 test", "2 tests".
enum Plural {
    static func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}

/// Human output: `utf` (test names as they finish, colours) and `plain`
/// (CI logs: one line per file, failures in full). Both end with the
/// `N passed, N failed, N skipped` line.
public struct TerminalReporter {
    /// `utf` for people at a terminal, `plain` for logs.
    public enum Style: Sendable { case utf, plain }
    let style: Style
    let color: Bool
    private var failures: [TestResult] = []
    private var fileCounts: [String: TestSummary] = [:]

    /// `color` is decided by the caller (terminal, NO_COLOR).
    public init(style: Style, color: Bool) { self.style = style; self.color = color }

    func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

    /// What to print when a test finishes.
    public mutating func line(for r: TestResult) -> String {
        if r.status == .listed { return "\(r.location): \(r.name)\n" }
        fileCounts[r.file, default: TestSummary()].add(r)
        if r.isFailure { failures.append(r) }
        guard style == .utf else { return "" }
        let time = paint("(\(Seconds.human(r.duration)))", "2")
        switch r.status {
        case .passed: return "  \(paint("✔", "32")) \(r.name) \(time)\n"
        case .failed: return "  \(paint("✘", "31")) \(r.name) \(time)\n"
        case .error: return "  \(paint("✘", "31;1")) \(r.name) \(paint("[error]", "31"))\n"
        case .pending: return "  \(paint("○", "33")) \(r.name) \(paint("[pending\(r.message.map { ": " + $0 } ?? "")]", "33"))\n"
        case .listed: return ""
        }
    }

    /// What to print when a file starts.
    public func fileStarted(_ file: String) -> String {
        style == .utf ? paint(file, "1") + "\n" : ""
    }

    /// What to print when a file is done.
    public func fileFinished(_ file: String) -> String {
        guard style == .plain, let c = fileCounts[file] else { return "" }
        return "\(file): \(c.line)\n"
    }

    /// Failures in full, then the closing line.
    public func finish(_ summary: TestSummary, seed: Int?) -> String {
        var out = ""
        if !failures.isEmpty {
            out += "\n" + paint("Failures:", "31;1") + "\n"
            for (i, f) in failures.enumerated() {
                out += "\n\(i + 1)) \(f.name)\n"
                out += "   \(paint(f.location, "36"))\(f.status == .error ? " (error)" : "")\n"
                for l in (f.message ?? "").split(separator: "\n", omittingEmptySubsequences: false) { out += "   \(l)\n" }
                if let tb = f.traceback, !tb.isEmpty {
                    out += "   stack traceback:\n"
                    for l in tb.split(separator: "\n") { out += "   \(l)\n" }
                }
                if !f.output.isEmpty {
                    out += "   output:\n"
                    for l in f.output.split(separator: "\n") { out += "   | \(l)\n" }
                }
            }
            out += "\n"
        }
        if let seed { out += "Randomized with seed \(seed) (replay with --shuffle --seed \(seed))\n" }
        out += "Finished in \(Seconds.human(summary.duration))\n"
        let line = summary.line
        out += (summary.failed + summary.errors > 0 ? paint(line, "31;1") : paint(line, "32;1")) + "\n"
        return out
    }
}

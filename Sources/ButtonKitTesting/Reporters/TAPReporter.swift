/// busted's `-o TAP`, line for line: `ok N - name` and `not ok N - name`
/// per test (and per error outside a test), `ok N - # SKIP reason` for a
/// pending one, a failure's place, seed and message on `# ` lines (`-v`
/// adds the traceback, and a `# file @ line: name` line as each test
/// starts), the plan `1..N` when the run ends. Names and messages are
/// written as they are: a name holding a line break breaks its line, as it
/// does under busted. ButtonKit's TAP 13 with YAML diagnostics is `-o tap13`.
public final class TAPReporter: Reporter {
    let out: TextOutput
    let verbose: Bool
    private var counter = 0
    /// The run's seed when tests are shuffled: busted names it beside each
    /// failure (a shuffled block's seed, which is the run's unless the block
    /// chose its own with randomize(n)).
    private var seed: Int?
    /// The test whose start line was printed (a pending block has no start
    /// from its worker: its line is printed with its end).
    private var started: (file: String, name: String)?

    public var wantsStarts: Bool { verbose }
    /// Shows what each test printed before its line, where busted's TAP has
    /// it (the runner's own echo, the same through a pipe).
    public var echoesOutput = false

    public init(verbose: Bool, out: TextOutput) { self.verbose = verbose; self.out = out }

    public func suiteStarted(_ run: RunInfo) {
        counter = 0
        seed = run.shufflesTests ? run.seed : nil
    }

    public func testStarted(_ s: TestStart) {
        started = (s.file, s.name)
        out.write("# \(s.shownFile) @ \(s.line): \(s.name)\n")
    }

    public func testFinished(_ r: TestResult) {
        if r.status == .listed { out.write("\(r.location): \(r.name)\n"); return }
        if verbose && r.origin == .test && started.map({ $0.file != r.file || $0.name != r.name }) ?? true {
            out.write("# \(r.bustedFile) @ \(r.line): \(r.name)\n")
        }
        started = nil
        if echoesOutput && !r.output.isEmpty { out.write(r.output) }
        counter += 1
        switch r.status {
        case .passed: out.write("ok \(counter) - \(r.name)\n")
        case .pending: out.write("ok \(counter) - # SKIP \(r.message ?? r.name)\n")
        case .failed, .error:
            var s = "not ok \(counter) - \(r.name)\n"
            s += "# \(r.bustedFile) @ \(r.line)\n"
            if let seed { s += "# Random seed: \(seed)\n" }
            s += "# Failure message: " + Self.commented(r.message ?? "Nil error") + "\n"
            if verbose, let tb = r.traceback, !tb.isEmpty {
                s += "# " + Self.commented("stack traceback:\n" + tb + "\n") + "\n"
            }
            out.write(s)
        case .listed: break
        }
    }

    public func suiteFinished(_ summary: TestSummary) { out.write("1..\(counter)\n") }

    /// Every line after the first starts with `# ` (busted's gsub of "\n").
    static func commented(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            out.append(u)
            if u == "\n" { out.append("#"); out.append(" ") }
        }
        return String(out)
    }
}

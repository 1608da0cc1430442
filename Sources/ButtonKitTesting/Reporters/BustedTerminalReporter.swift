/// busted's own terminal looks, by busted's names: `plainTerminal` (`+-*.`
/// progress, `->`) and `utfTerminal` (`●◼✱◌`, `→`, colours on a terminal).
/// A progress character per test, then the summary line
/// (`1 success / 1 failure / 1 error / 1 pending : 0.0044 seconds`) and the
/// pending, failed and errored tests in full, as busted 2.1.1 prints them,
/// so logs read the same after switching runners. `-v` adds tracebacks;
/// `--defer-print` drops the progress characters.
public final class BustedTerminalReporter: Reporter {
    /// Which of busted's two terminal handlers.
    public enum Style: Sendable { case plain, utf }
    let style: Style
    let color: Bool
    let verbose: Bool
    let deferPrint: Bool
    let out: TextOutput
    private var pendings: [TestResult] = []
    private var failures: [TestResult] = []
    private var errors: [TestResult] = []
    private var passed = 0
    private var listing = false
    private var seed: Int?
    /// Shows what each test printed, before its progress mark (the runner's
    /// own echo, in file order: the same through a pipe as on a terminal).
    public var echoesOutput = false

    /// `color` only applies to `utf` (busted's plainTerminal has none).
    public init(style: Style, color: Bool, verbose: Bool, deferPrint: Bool, out: TextOutput) {
        self.style = style; self.color = color && style == .utf; self.verbose = verbose; self.deferPrint = deferPrint
        self.out = out
    }

    func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    var arrow: String { style == .utf ? "→" : "->" }

    public func suiteStarted(_ run: RunInfo) {
        pendings = []; failures = []; errors = []; passed = 0
        listing = run.listing
        seed = run.seed
        if run.runs > 1 { out.write("\nRepeating all tests (run \(run.run) of \(run.runs)) . . .\n\n") }
    }

    public func testFinished(_ r: TestResult) {
        if r.status == .listed {
            out.write("\(r.location): \(r.name)\n")
            return
        }
        if echoesOutput && !r.output.isEmpty { out.write(r.output) }
        let dot: String
        switch r.status {
        case .passed: passed += 1; dot = style == .utf ? paint("●", "32") : "+"
        case .failed: failures.append(r); dot = style == .utf ? paint("◼", "31") : "-"
        case .error: errors.append(r); dot = style == .utf ? paint("✱", "35") : "*"
        case .pending: pendings.append(r); dot = style == .utf ? paint("◌", "33") : "."
        case .listed: return
        }
        // busted marks a describe's or a file's error with a character but
        // not a hook's (it has no test event and no handler for it).
        // Nor an error of the run itself (a path that does not exist).
        if !deferPrint && r.origin != .hook && !r.isRunError { out.write(dot) }
    }

    public func suiteFinished(_ summary: TestSummary) {
        guard !listing else { return }
        var s = "\n" + statusLine(summary) + "\n"
        for p in pendings {
            s += "\n" + paint("Pending", "33") + " \(arrow) " + paint(p.bustedFile, "36") + " @ " + paint(String(pendingLine(p)), "36")
            s += "\n" + paint(p.name, "1")
            if let m = p.message { s += "\n" + m }
            s += "\n"
        }
        for f in failures { s += "\n" + description(f, word: paint("Failure", "31")) + "\n" }
        for e in errors { s += "\n" + description(e, word: paint("Error", "35")) + "\n" }
        out.write(s)
    }

    /// busted shows a `pending()` called inside a test where it was called,
    /// which its message starts with (`spec/x_spec.lua:6: reason`).
    func pendingLine(_ p: TestResult) -> Int {
        guard let m = p.message, m.hasPrefix(p.bustedFile + ":") else { return p.line }
        let rest = m.dropFirst(p.bustedFile.count + 1)
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(": "), let n = Int(digits) else { return p.line }
        return n
    }

    func description(_ r: TestResult, word: String) -> String {
        // An error with no place in the file (a file that does not compile):
        // busted leads with the message, then the name.
        if r.origin == .block && (r.line == 0 || r.isFileError) && !r.hasTrace {
            return word + " \(arrow) " + paint(r.message ?? "Nil error", "36") + "\n" + paint(r.name, "1")
        }
        var s = word + " \(arrow) " + paint(r.bustedFile, "36") + " @ " + paint(String(r.bustedLine), "36") + "\n" + paint(r.bustedName, "1") + "\n"
        if let seed { s += "Random seed: \(seed)\n" }
        s += r.message ?? "Nil error"
        if verbose, let tb = r.traceback, !tb.isEmpty { s += "\n\nstack traceback:\n" + tb + "\n" }
        return s
    }

    /// busted's summary: counts with their words, and the time with
    /// `%.6f`'s trailing zeros removed.
    func statusLine(_ t: TestSummary) -> String {
        func word(_ n: Int, _ one: String, _ many: String) -> String { n == 1 ? one : many }
        return paint(String(passed), "32") + " " + word(passed, "success", "successes") + " / "
            + paint(String(failures.count), "31") + " " + word(failures.count, "failure", "failures") + " / "
            + paint(String(errors.count), "35") + " " + word(errors.count, "error", "errors") + " / "
            + paint(String(pendings.count), "33") + " pending : "
            + paint(BustedTime.seconds(t.duration), "1") + " seconds"
    }
}

/// Times as busted prints them.
enum BustedTime {
    /// `%.6f` without trailing zeros (one digit stays): 0.0044, 1.0.
    static func seconds(_ v: Double) -> String {
        var s = Seconds.format(v, decimals: 6)
        while s.hasSuffix("0"), let dot = s.firstIndex(of: "."), s.distance(from: dot, to: s.endIndex) > 2 { s.removeLast() }
        return s
    }

    /// `%.2f` milliseconds.
    static func ms(_ seconds: Double) -> String { Seconds.format(seconds * 1000, decimals: 2) }
}

/// busted's `gtest` look (itself after Google Test's): `[ RUN ]` when a
/// test starts, `[ OK ]`/`[ FAILED ]`/`[ ERROR ]`/`[ SKIPPED ]` with its
/// time when it ends, a block per file, and the lists of what did not pass
/// at the end. `-v` adds tracebacks; `--defer-print` keeps failure messages
/// for the lists at the end.
public final class GTestReporter: Reporter {
    let color: Bool
    let verbose: Bool
    let deferPrint: Bool
    let out: TextOutput
    private var fileCount = 0, fileTests = 0, tests = 0, passed = 0
    private var fileTime = 0.0, suiteStart = 0.0
    private var skipped: [TestResult] = [], failed: [TestResult] = [], errored: [TestResult] = []
    private var listing = false
    private var running: (file: String, name: String)?
    /// The seed each failure names when tests were shuffled (as busted's
    /// gtest prints the shuffled block's seed).
    private var failureSeed: Int?
    /// Shows what each test printed, before its result line (the runner's
    /// own echo, in file order: the same through a pipe as on a terminal).
    public var echoesOutput = false

    public var wantsStarts: Bool { true }

    public init(color: Bool, verbose: Bool, deferPrint: Bool, out: TextOutput) {
        self.color = color; self.verbose = verbose; self.deferPrint = deferPrint; self.out = out
    }

    func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }
    func green(_ s: String) -> String { paint(s, "32") }
    func name(_ file: String, _ line: Int, _ n: String) -> String {
        paint(file, "36") + " @ " + paint(String(line), "36") + ": " + paint(n, "1")
    }
    func plural(_ n: Int, _ word: String) -> String { n == 1 ? word : word + "s" }

    public func suiteStarted(_ run: RunInfo) {
        fileCount = 0; tests = 0; passed = 0; skipped = []; failed = []; errored = []
        listing = run.listing
        failureSeed = run.shufflesTests ? run.seed : nil
        suiteStart = Clock.now()
        guard !listing else { return }
        var s = ""
        if run.runs > 1 { s += "\nRepeating all tests (run \(run.run) of \(run.runs)) . . .\n\n" }
        if let seed = run.seed { s += paint("Note: Randomizing test order with a seed of \(seed).\n", "33") }
        s += green("[==========]") + " Running tests from scanned files.\n"
        s += green("[----------]") + " Global test environment setup.\n"
        out.write(s)
    }

    public func fileStarted(_ file: String) {
        fileTests = 0
        fileTime = 0
        if !listing { out.write(green("[----------]") + " Running tests from \(file)\n") }
    }

    public func testStarted(_ s: TestStart) {
        running = (s.shownFile, s.name)
        out.write(green("[ RUN      ]") + " " + name(s.shownFile, s.line, s.name) + "\n")
    }

    public func testFinished(_ r: TestResult) {
        if r.status == .listed {
            out.write("\(r.location): \(r.name)\n")
            return
        }
        // A block or hook that failed outside any test: busted reports it
        // as an error with no test lines.
        if r.origin != .test {
            errored.append(r)
            if !deferPrint { out.write(description(r)) }
            return
        }
        if running.map({ $0.file != r.bustedFile || $0.name != r.name }) ?? true {
            out.write(green("[ RUN      ]") + " " + name(r.bustedFile, r.line, r.name) + "\n")
        }
        running = nil
        if echoesOutput && !r.output.isEmpty { out.write(r.output) }
        fileTests += 1
        tests += 1
        fileTime += r.duration
        let label: String
        switch r.status {
        case .passed: passed += 1; label = green("[       OK ]")
        case .pending: skipped.append(r); label = paint("[ SKIPPED  ]", "33")
        case .failed:
            failed.append(r); label = paint("[  FAILED  ]", "31")
            if !deferPrint { out.write(description(r)) }
        case .error:
            errored.append(r); label = paint("[  ERROR   ]", "35")
            if !deferPrint { out.write(description(r)) }
        case .listed: return
        }
        out.write(label + " " + name(r.bustedFile, r.bustedLine, r.bustedName) + " (\(BustedTime.ms(r.duration)) ms)\n")
    }

    func description(_ r: TestResult) -> String {
        var s = (failureSeed.map { "Random seed: \($0)\n" } ?? "") + (r.message ?? "Nil error") + "\n"
        if verbose, let tb = r.traceback, !tb.isEmpty { s += "\nstack traceback:\n" + tb + "\n\n" }
        return s
    }

    public func fileFinished(_ file: String) {
        guard !listing else { return }
        fileCount += 1
        out.write(green("[----------]") + " \(fileTests) \(plural(fileTests, "test")) from \(file) (\(BustedTime.ms(fileTime)) ms total)\n\n")
    }

    public func suiteFinished(_ summary: TestSummary) {
        guard !listing else { return }
        var s = green("[----------]") + " Global test environment teardown.\n"
        s += green("[==========]") + " \(tests) \(plural(tests, "test")) from \(fileCount) test \(plural(fileCount, "file")) ran. (\(BustedTime.ms(Clock.now() - suiteStart)) ms total)\n"
        s += green("[  PASSED  ]") + " \(passed) \(plural(passed, "test")).\n"
        func list(_ label: String, _ items: [String], _ rs: [TestResult], details: Bool) {
            guard !rs.isEmpty else { return }
            s += label + " \(rs.count) \(rs.count == 1 ? items[0] : items[1]), listed below:\n"
            for r in rs {
                s += label + " " + name(r.bustedFile, r.bustedLine, r.bustedName) + "\n"
                if deferPrint && details { s += description(r) } else if deferPrint, let m = r.message { s += m + "\n" }
            }
        }
        list(paint("[ SKIPPED  ]", "33"), ["test", "tests"], skipped, details: false)
        list(paint("[  FAILED  ]", "31"), ["test", "tests"], failed, details: true)
        list(paint("[  ERROR   ]", "35"), ["error", "errors"], errored, details: true)
        if !(skipped.isEmpty && failed.isEmpty && errored.isEmpty) { s += "\n" }
        if !skipped.isEmpty { s += " \(skipped.count) SKIPPED \(skipped.count == 1 ? "TEST" : "TESTS")\n" }
        if !failed.isEmpty { s += " \(failed.count) FAILED \(failed.count == 1 ? "TEST" : "TESTS")\n" }
        if !errored.isEmpty { s += " \(errored.count) \(errored.count == 1 ? "ERROR" : "ERRORS")\n" }
        out.write(s)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua

/// One `buttonkit test` run: finds the spec files, runs them in workers,
/// hands results to every reporter in file order, and decides the exit code.
public enum TestRun {
    /// Runs `plan`; returns the exit code (0 passed, 1 something failed).
    /// `note` prints a line on standard error.
    ///
    /// Watch mode passes `files`, the spec files to run in that order (the
    /// ones a change affects first; nil: discover them from the plan), and
    /// `observe`, which sees every event as it is delivered (the files each
    /// spec loaded, which files failed).
    ///
    /// `lockingDown` (the command line's runs): a confined run's runner
    /// confines itself too (Landlock) once its report files are open and
    /// before any Lua of the run loads (an output handler written in Lua
    /// runs here, confined), keeping the working tree and what the command
    /// line named outside it; each worker then confines itself further.
    public static func run(_ plan: TestPlan, files chosen: [String]? = nil, observe: (Supervisor.Event) -> Void = { _ in },
                           lockingDown: Bool = false, note: (String) -> Void) -> Int32 {
        for n in plan.notes { note(n) }
        var files: [String] = chosen ?? []
        if chosen == nil {
            do {
                files = try SpecDiscovery.find(plan.paths, patterns: plan.patterns, excluding: plan.excludePatterns,
                                               recursive: plan.recursive, confined: plan.test.sandbox) { path in
                    note("buttonkit: \(path) leads outside the working tree; under --sandbox it is not run")
                }
            } catch {
                note("buttonkit: \(error.message)")
                return 1
            }
        }
        guard !files.isEmpty else {
            note("buttonkit: no spec files found in \(plan.paths.joined(separator: ", ")) (pattern \(plan.patterns.map { "'\($0)'" }.joined(separator: ", ")))")
            return 1
        }

        let timestamp = Clock.isoNow()
        var outputs: [TextOutput] = []
        var reporters: [Reporter] = []
        let main = TextOutput(.standardOutput)
        outputs.append(main)
        // Report files are opened now, before any spec runs: a spec may
        // move folders, and the file goes where its folder was. Confined,
        // one inside the working tree is opened beneath it.
        let tree = plan.test.sandbox ? Confinement() : nil
        let reportOutputs = plan.reportFiles.map { r in
            let out = TextOutput(.file(r.path))
            out.open(in: tree)
            return out
        }
        let outsideAtStart = tree.map { t in Set((files + plan.test.helpers).filter { !t.contains($0) }) } ?? []
        if lockingDown, let tree { lockDown(tree, plan, reportOutputs, outsideAtStart) }
        var handler: LuaHandlerReporter?
        if case .handler(let name) = plan.output {
            do {
                handler = try LuaHandlerReporter(handlerSettings(name, plan))
            } catch {
                // As busted: say so, count it as an error, use the default
                // look (busted-htest missing from a CI image is this case).
                let why = OutputHandlers.find(name, lpath: plan.test.lpath) == nil
                    ? "no built-in format, module or .lua file of that name" : error.message
                var line = "buttonkit: cannot load output handler '\(name)': \(why)"
                if let s = Suggest.closest(to: name, in: OutputFormat.names) { line += "; did you mean '\(s)'?" }
                note(line + " (the run goes on in the default output and ends with status 1)")
            }
        }
        if let handler { reporters.append(handler) } else {
            reporters.append(makeReporter(plan.output, plan: plan, out: main, timestamp: timestamp))
        }
        for (r, out) in zip(plan.reportFiles, reportOutputs) {
            outputs.append(out)
            reporters.append(makeReporter(r.format, plan: plan, out: out, timestamp: timestamp))
        }

        // Coverage: -c reads luacov's settings before anything runs (a bad
        // .luacov stops the run, as it stops luacov); without -c the run
        // still listens for specs that require luacov themselves.
        let coverage: CoverageRun
        if let cp = plan.coverage {
            switch CoverageRun.start(cp, sandboxed: plan.test.sandbox) {
            case .success(let c): coverage = c
            case .failure(let e): note("buttonkit: \(e.message)"); return 1
            }
        } else {
            coverage = CoverageRun(plan: nil, settings: nil, sandboxed: plan.test.sandbox)
        }

        coverage.specFiles(files)
        var settings = Worker.Settings(options: plan.test)
        settings.options.outsideAtStart = outsideAtStart
        settings.options.coverageSettings = coverage.settings?.text
        if plan.shuffleFiles && !plan.sortFiles { settings.options.shuffledFiles = files.count }
        settings.streaming = plan.jobs == 1 && plan.output == .utf
        settings.starts = reporters.contains { $0.wantsStarts }
        let supervisor = Supervisor(jobs: plan.jobs, settings: settings, quietStdout: plan.output.isMachineReadable)

        var total = TestSummary()
        let t0 = Clock.now()
        var stopped = false
        for run in 1...max(1, plan.repeatCount) {
            let order = chosen == nil ? ordered(files, plan) : files
            let info = RunInfo(files: order, seed: plan.shuffles ? plan.seed : nil, run: run, runs: plan.repeatCount,
                               listing: plan.test.list, shufflesTests: plan.test.shuffle)
            for r in reporters { r.suiteStarted(info) }
            // ButtonKit's looks print the seed in their summary; the others
            // have no place for it, so it goes to standard error.
            if run == 1, let seed = info.seed, plan.output != .utf && plan.output != .plain {
                note("Randomized with seed \(seed) (replay with --shuffle --seed \(seed))")
            }
            var summary = TestSummary()
            var finished = Set<String>(), stoppedIn: String?
            let runStart = Clock.now()
            supervisor.run(order) { event in
                observe(event)
                switch event {
                case .fileStarted(let f): for r in reporters { r.fileStarted(f) }
                case let .started(file, name, line): for r in reporters where r.wantsStarts { r.testStarted(file: file, name: name, line: line) }
                case .result(let res):
                    if plan.suppressPending && res.status == .pending { return true }
                    summary.add(res)
                    for r in reporters { r.testFinished(res) }
                    if plan.test.failFast && res.isFailure { stopped = true; stoppedIn = res.file; return false }
                case .note(let t): note("note: \(t)")
                case .fileFinished(let f): finished.insert(f); for r in reporters { r.fileFinished(f) }
                case let .coverage(file, counts): coverage.add(file, counts: counts)
                case .coverageConfig(let text): coverage.announce(text)
                case .loaded: break
                }
                return true
            }
            summary.duration = Clock.now() - runStart
            for r in reporters { r.suiteFinished(summary) }
            total.merge(summary)
            if stopped {
                let rest = order.filter { !finished.contains($0) && $0 != stoppedIn }.count
                note("buttonkit: --fail-fast stopped the run at the first failure, in \(stoppedIn ?? "?")"
                     + (rest > 0 ? "; \(Plural.count(rest, "more spec file")) not run" : ""))
                break
            }
        }
        total.duration = Clock.now() - t0
        for r in reporters { r.finish(total) }
        var status: Int32 = total.failed + total.errors > 0 ? 1 : 0
        if case .handler = plan.output, handler == nil || (handler?.failures ?? 0) > 0 { status = 1 }
        for o in outputs { if let f = o.failure { note("buttonkit: \(f)"); status = 1 } }
        if !coverage.finish(note: note) { status = 1 }
        if total.total == 0 && !plan.test.list {
            note("buttonkit: no test was selected in \(Plural.count(files.count, "spec file"))")
        }
        return status
    }

    /// The runner locks itself down once (watch mode runs again in the same
    /// process, already confined); only the command line's thread runs it.
    nonisolated(unsafe) private static var lockedDown = false

    /// Landlock for the runner of a confined run: the working tree, and what
    /// the command line named outside it — report folders (opened by now),
    /// spec files and helpers (to read; a spec's folder also to write, for
    /// its snapshots), coverage's configuration file — and /dev/null, the
    /// workers' standard input.
    static func lockDown(_ tree: Confinement, _ plan: TestPlan, _ reports: [TextOutput], _ outside: Set<String>) {
        guard !lockedDown else { return }
        lockedDown = true
        var grants = reports.compactMap(\.grant)
        for f in outside.sorted() {
            grants.append(.reading(f))
            if !plan.test.helpers.contains(f) { grants.append(.writing(Files.directory(of: f))) }
        }
        if let c = plan.coverage?.configFile, !tree.contains(c) { grants.append(.reading(c)) }
        grants.append(.file("/dev/null"))
        tree.lockDown(grants)
    }

    /// `files` in the order the plan asks for (`--sort-files`, `--shuffle-files`).
    public static func ordered(_ files: [String], _ plan: TestPlan) -> [String] {
        var order = files
        if plan.sortFiles { order.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) } }
        else if plan.shuffleFiles { Shuffle.busted(&order, seed: plan.seed ?? 0) }
        return order
    }

    static func handlerSettings(_ name: String, _ plan: TestPlan) -> LuaHandlerReporter.Settings {
        var s = LuaHandlerReporter.Settings(name: name)
        s.arguments = plan.outputArguments
        s.verbose = plan.verbose
        s.suppressPending = plan.suppressPending
        s.deferPrint = plan.deferPrint
        s.language = plan.language
        s.lpath = plan.test.lpath
        s.cpath = plan.test.cpath
        s.sandboxed = plan.test.sandbox
        s.timeout = plan.test.timeout
        s.maxMemoryMB = plan.test.maxMemoryMB
        s.interpreter = plan.test.interpreter ?? LuaContext.executablePath ?? "buttonkit"
        s.script = LuaContext.executablePath ?? "buttonkit"
        return s
    }

    /// Colour in busted's own looks, as their handlers decide it: `-Xoutput
    /// --plain` turns it off, `-Xoutput --color` forces it (CI lines use
    /// it for logs that render colour), else a terminal decides.
    static func bustedColor(_ plan: TestPlan) -> Bool {
        if plan.outputArguments.contains("--plain") { return false }
        if plan.outputArguments.contains("--color") { return true }
        return plan.color
    }

    static func makeReporter(_ format: OutputFormat, plan: TestPlan, out: TextOutput, timestamp: String) -> Reporter {
        switch format {
        case .utf: return TerminalReporter(style: .utf, color: plan.color, out: out)
        case .tap: return TAPReporter(out: out)
        case .json: return JSONReporter(out: out, timestamp: timestamp)
        case .junit: return JUnitReporter(out: out, timestamp: timestamp)
        case .html: return HTMLReporter(out: out, timestamp: timestamp)
        case .plainTerminal, .utfTerminal:
            let r = BustedTerminalReporter(style: format == .utfTerminal ? .utf : .plain, color: format == .utfTerminal && bustedColor(plan),
                                           verbose: plan.verbose, deferPrint: plan.deferPrint, out: out)
            r.echoesOutput = plan.reporterEchoes
            return r
        case .gtest:
            let r = GTestReporter(color: bustedColor(plan), verbose: plan.verbose, deferPrint: plan.deferPrint, out: out)
            r.echoesOutput = plan.reporterEchoes
            return r
        case .plain, .handler: return TerminalReporter(style: .plain, color: plan.color, out: out)
        }
    }
}

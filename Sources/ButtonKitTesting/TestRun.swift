#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import CLuaRunner
import CLuaShim

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
    ///
    /// `confined` is the command's one run (`TestPlan.confinedRun`), built
    /// where the command starts; watch mode passes the same one to every
    /// cycle.
    public static func run(_ plan: TestPlan, files chosen: [String]? = nil, observe: (Supervisor.Event) -> Void = { _ in },
                           lockingDown: Bool = false, note: (String) -> Void) -> Int32 {
        run(plan, confined: plan.confinedRun(), files: chosen, observe: observe, lockingDown: lockingDown, note: note)
    }

    package static func run(_ plan: TestPlan, confined: ConfinedRun, files chosen: [String]? = nil,
                            observe: (Supervisor.Event) -> Void = { _ in },
                            lockingDown: Bool = false, note: (String) -> Void) -> Int32 {
        defer { StandardOutput.flush() }
        for n in plan.notes { note(n) }
        var files: [String] = chosen ?? []
        // Errors of the run itself, as busted reports them in its output
        // (and counts them): a path that does not exist, no spec file found.
        var runErrors: [TestResult] = []
        // The run's one working tree under --sandbox: discovery, report
        // files, coverage's files and the workers' preloaded specs are all
        // decided against it, and the runner confines itself to it.
        let tree = confined.tree
        if chosen == nil {
            let found = SpecDiscovery.search(plan.paths, patterns: plan.patterns, excluding: plan.excludePatterns,
                                             recursive: plan.recursive, tree: tree) { path in
                note("buttonkit: \(path) leads outside the working tree; under --sandbox it is not run")
            }
            files = found.files
            for m in found.missing {
                note("buttonkit: cannot find file or directory: \(m)")
                runErrors.append(.runError("Cannot find file or directory: \(m)"))
            }
            if !found.others.isEmpty {
                note("buttonkit: \(Plural.count(found.others.count, "spec file")) not written in Lua skipped, as busted's Lua loader skips them (\(found.others.prefix(3).joined(separator: ", "))\(found.others.count > 3 ? ", ..." : ""))")
            }
            if files.isEmpty && found.others.isEmpty {
                note("buttonkit: no spec files found in \(plan.paths.joined(separator: ", ")) (pattern \(plan.patterns.map { "'\($0)'" }.joined(separator: ", ")))")
                let pattern = plan.patterns.count > 1 ? "\n\t" + plan.patterns.joined(separator: "\n\t") : plan.patterns.first ?? ""
                runErrors.append(.runError("No test files found matching Lua pattern: \(pattern)"))
            }
        }

        let timestamp = Clock.isoNow()
        var outputs: [TextOutput] = []
        var reporters: [Reporter] = []
        let main = TextOutput(.standardOutput)
        outputs.append(main)
        // Report files are opened now, before any spec runs: a spec may
        // move folders, and the file goes where its folder was. Confined,
        // one inside the working tree is opened beneath it.
        let reportOutputs = plan.reportFiles.map { r in
            let out = TextOutput(.file(r.path))
            out.open(in: tree, kind: r.format == .junit ? .junit : r.format == .json ? .json : .htmlReport)
            return out
        }
        // busted's junit handler writes to the file its first -Xoutput
        // option names, when there is one: opened now too.
        let junitOutput: TextOutput? = plan.output == .junit ? plan.outputArguments.first.map { path in
            let out = TextOutput(.file(path))
            out.open(in: tree, kind: .junit)
            return out
        } : nil
        // The config file is outside when `.busted`'s `directory` key led
        // the run into a folder below it (each spec file's state reads it).
        let named = files + plan.test.helpers + (plan.test.configFile.map { [$0] } ?? [])
        let outsideAtStart = tree.map { t in Set(named.filter { !t.contains($0) }) } ?? []
        if lockingDown { lockDown(confined, plan, reportOutputs + (junitOutput.map { [$0] } ?? []), outsideAtStart) }
        var handler: LuaHandlerReporter?
        if case .handler(let name) = plan.output {
            do {
                handler = try LuaHandlerReporter(handlerSettings(name, plan, confined))
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
        handler?.echoesOutput = plan.reporterEchoes
        handler?.listing = plan.test.list
        // --list in busted's outputs prints the names and nothing else
        // (busted's junit still writes its empty document at the end).
        if plan.test.list && plan.output.isBusted {
            reporters.append(ListReporter(out: main))
            if let handler { reporters.append(handler) }
            if plan.output == .junit {
                let out = junitOutput ?? main
                if out !== main { outputs.append(out) }
                reporters.append(BustedJUnitReporter(out: out, listing: true))
            }
        } else if let handler { reporters.append(handler) } else if let out = junitOutput {
            outputs.append(out)
            reporters.append(BustedJUnitReporter(out: out))
        } else {
            reporters.append(makeReporter(plan.output, plan: plan, out: main, timestamp: timestamp))
        }
        for (r, out) in zip(plan.reportFiles, reportOutputs) {
            outputs.append(out)
            reporters.append(makeReporter(r.format, plan: plan, out: out, timestamp: timestamp, file: true))
        }

        // Coverage: -c reads luacov's settings before anything runs (a bad
        // .luacov stops the run, as it stops luacov); without -c the run
        // still listens for specs that require luacov themselves.
        let coverage: CoverageRun
        if let cp = plan.coverage {
            switch CoverageRun.start(cp, confined: confined) {
            case .success(let c): coverage = c
            case .failure(let e): note("buttonkit: \(e.message)"); return 1
            }
        } else {
            coverage = CoverageRun(plan: nil, settings: nil, confined: confined)
        }

        coverage.specFiles(files)
        keepSpecs(files, tree: tree, outsideAtStart: outsideAtStart)
        var settings = Worker.Settings(options: plan.test)
        settings.options.outsideAtStart = outsideAtStart
        settings.options.coverageSettings = coverage.settings?.text
        if plan.shuffleFiles && !plan.sortFiles { settings.options.shuffledFiles = files.count }
        settings.streaming = plan.jobs == 1 && plan.output == .utf
        settings.starts = reporters.contains { $0.wantsStarts }
        // busted's elements and formatted entries travel with the results
        // only for the outputs that show them.
        settings.options.rich = plan.needsElements
        settings.options.highlightColor = highlightColor(plan) ? "red" : "none"
        settings.options.runs = plan.repeatCount
        let supervisor = Supervisor(jobs: plan.jobs, settings: settings, quietStdout: plan.documentOnStdout, confined: confined)

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
            for e in runErrors {
                summary.add(e)
                for r in reporters { r.testFinished(e) }
            }
            supervisor.run(order) { event in
                observe(event)
                switch event {
                case .fileStarted(let f): for r in reporters { r.fileStarted(f) }
                case .started(let start): for r in reporters where r.wantsStarts { r.testStarted(start) }
                case let .block(file, detail): for r in reporters where r.wantsStarts { r.blockEvent(file: file, detail: detail) }
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
        if total.total == runErrors.count * max(1, plan.repeatCount) && !plan.test.list && !files.isEmpty {
            note("buttonkit: no test was selected in \(Plural.count(files.count, "spec file"))")
        }
        return status
    }

    /// Every spec file compiled before any runs, as busted loads them all
    /// first: a spec that rewrites a later one (a sandboxed spec may write
    /// inside the tree) does not change what runs after it. Confined, a file
    /// inside the tree is opened beneath it, as its worker would load it.
    static func keepSpecs(_ files: [String], tree: Confinement?, outsideAtStart: Set<String>) {
        bk_chunkcache_forget_specs()
        for f in files {
            if let tree, !outsideAtStart.contains(f) {
                if case .success(let fd) = tree.open(f, "buttonkit") {
                    _ = bk_chunkcache_keep_spec_fd(f, fd)
                    close(fd)
                }
            } else {
                _ = bk_chunkcache_keep_spec(f)
            }
        }
    }

    /// The runner locks itself down once (watch mode runs again in the same
    /// process, already confined); only the command line's thread runs it.
    nonisolated(unsafe) private static var lockedDown = false

    /// Landlock for the runner of a confined run: the working tree, and what
    /// the command line named outside it — report folders (opened by now),
    /// spec files and helpers (to read; a spec's folder also to write, for
    /// its snapshots), coverage's configuration file — and /dev/null, the
    /// workers' standard input.
    static func lockDown(_ confined: ConfinedRun, _ plan: TestPlan, _ reports: [TextOutput], _ outside: Set<String>) {
        guard let tree = confined.tree, !lockedDown else { return }
        lockedDown = true
        var grants = reports.compactMap(\.grant)
        for f in outside.sorted() {
            grants.append(.reading(f))
            if !plan.test.helpers.contains(f) && f != plan.test.configFile { grants.append(.writing(Files.directory(of: f))) }
        }
        if let c = plan.coverage?.configFile, !tree.contains(c) { grants.append(.reading(c)) }
        grants.append(.file("/dev/null"))
        confined.lockDown(grants)
    }

    /// `files` in the order the plan asks for (`--sort-files`, `--shuffle-files`).
    public static func ordered(_ files: [String], _ plan: TestPlan) -> [String] {
        var order = files
        if plan.sortFiles { order.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) } }
        else if plan.shuffleFiles { Shuffle.busted(&order, seed: plan.seed ?? 0) }
        return order
    }

    static func handlerSettings(_ name: String, _ plan: TestPlan, _ confined: ConfinedRun) -> LuaHandlerReporter.Settings {
        var s = LuaHandlerReporter.Settings(name: name)
        s.arguments = plan.outputArguments
        s.verbose = plan.verbose
        s.suppressPending = plan.suppressPending
        s.deferPrint = plan.deferPrint
        s.language = plan.language
        s.lpath = plan.test.lpath
        s.cpath = plan.test.cpath
        s.sandboxed = confined.isConfined
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

    /// The reporter for `format` on standard output (busted's layouts by
    /// busted's names), or in a file `--junit`, `--json` or `--report`
    /// writes (ButtonKit's layouts).
    /// Whether luassert marks differences in red, as under busted: its
    /// coloured looks set it by their colour; busted's other outputs keep
    /// luassert's default (a terminal on standard output); ButtonKit's own
    /// looks never.
    static func highlightColor(_ plan: TestPlan) -> Bool {
        switch plan.output {
        case .utfTerminal, .gtest: return bustedColor(plan)
        case .utf, .plain, .tap13, .html: return false
        default: return isatty(1) != 0
        }
    }

    static func makeReporter(_ format: OutputFormat, plan: TestPlan, out: TextOutput, timestamp: String,
                             file: Bool = false) -> Reporter {
        switch format {
        case .utf: return TerminalReporter(style: .utf, color: plan.color, out: out)
        case .tap:
            let r = TAPReporter(verbose: plan.verbose, out: out)
            r.echoesOutput = plan.reporterEchoes
            return r
        case .tap13: return TAP13Reporter(out: out)
        case .json: return JSONReporter(out: out, timestamp: timestamp, extras: file)
        case .junit: return file ? JUnitReporter(out: out, timestamp: timestamp) : BustedJUnitReporter(out: out)
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
        case .plain: return TerminalReporter(style: .plain, color: plan.color, out: out)
        case .handler:
            // A handler that did not load: busted's default look instead.
            let terminal = isatty(1) != 0
            let r = BustedTerminalReporter(style: terminal ? .utf : .plain, color: terminal && bustedColor(plan),
                                           verbose: plan.verbose, deferPrint: plan.deferPrint, out: out)
            r.echoesOutput = plan.reporterEchoes
            return r
        }
    }
}

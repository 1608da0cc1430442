#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import ButtonKitTesting

/// `buttonkit test`: busted's command line, turned into a `TestPlan` and run
/// by `TestRun`. Every busted 2.1.1 option is in the table, with busted's
/// meaning; ButtonKit's own options follow.
enum TestCommand {
    /// Help's sections, busted's.
    enum Group {
        static let output = "Output", selection = "Selection", order = "Order and repetition",
                   environment = "Environment", limits = "Limits and sandbox", coverage = "Coverage", other = "Other"
    }

    /// Every option, declared once: parsing, help, completion and the keys
    /// a `.busted` task may hold come from these values, and code reads an
    /// option through its value (`a.flag(Opt.verbose)`), so a misspelt name
    /// does not compile instead of reading as false.
    enum Opt {
        static let output = Option("output", short: "o", value: "FORMAT", group: Group.output, help: "busted's utfTerminal (default on a terminal), plainTerminal (default otherwise), gtest, TAP, json, junit (-Xoutput FILE writes it there); ButtonKit's utf, plain, tap13, html; or an output handler (module name or .lua file)")
        static let verbose = Option("verbose", short: "v", negatable: true, group: Group.output, help: "tracebacks in busted's formats")
        static let junit = Option("junit", value: "FILE", group: Group.output, help: "also write JUnit XML to FILE (ButtonKit's layout: a testsuite per file)")
        static let json = Option("json", value: "FILE", group: Group.output, help: "also write JSON to FILE (busted's layout with ButtonKit's extras)")
        static let report = Option("report", value: "FILE", group: Group.output, help: "also write a self-contained HTML report to FILE")
        static let xoutput = Option(nil, short: "Xoutput", value: "OPTION", group: Group.output, help: "pass OPTION to the output handler (split at commas)")
        static let deferPrint = Option("defer-print", negatable: true, group: Group.output, help: "busted's terminal formats: no progress characters")
        static let suppressPending = Option("suppress-pending", negatable: true, group: Group.output, help: "leave pending tests out of output and counts")
        static let enableSound = Option("enable-sound", short: "s", negatable: true, group: Group.output, help: "accepted for busted; plays nothing")
        static let lang = Option("lang", value: "LANG", group: Group.output, help: "language of messages (en)")

        static let pattern = Option("pattern", short: "p", value: "PATTERN", group: Group.selection, help: "spec file names matching the Lua pattern (default _spec; repeatable)")
        static let excludePattern = Option("exclude-pattern", value: "PATTERN", group: Group.selection, help: "leave out spec files matching the Lua pattern (wins over --pattern)")
        static let tags = Option("tags", short: "t", value: "TAGS", group: Group.selection, help: "only tests tagged #TAG (comma-separated; the # is optional)")
        static let excludeTags = Option("exclude-tags", value: "TAGS", group: Group.selection, help: "leave out tests tagged #TAG (wins over --tags)")
        static let filter = Option("filter", value: "PATTERN", group: Group.selection, help: "only tests whose full name matches the Lua pattern (repeatable)")
        static let filterOut = Option("filter-out", value: "PATTERN", group: Group.selection, help: "leave out tests whose full name matches (wins over --filter)")
        static let list = Option("list", short: "l", group: Group.selection, help: "list tests (file:line: name) instead of running them")
        static let shard = Option("shard", value: "K/N", group: Group.selection, help: "run the K-th of N deterministic shards (CI matrices)")
        static let recursive = Option("recursive", short: "R", negatable: true, group: Group.selection, help: "walk into subfolders (default on)")
        static let loaders = Option("loaders", value: "NAME", group: Group.selection, help: "test file loaders (lua)")

        static let shuffle = Option("shuffle", negatable: true, group: Group.order, help: "randomize file and test order (the seed is printed)")
        static let shuffleFiles = Option("shuffle-files", negatable: true, group: Group.order, help: "randomize file order")
        static let shuffleTests = Option("shuffle-tests", negatable: true, group: Group.order, help: "randomize test order within files")
        static let sort = Option("sort", negatable: true, group: Group.order, help: "sort files and tests by name (wins over --shuffle)")
        static let sortFiles = Option("sort-files", negatable: true, group: Group.order, help: "sort files by name")
        static let sortTests = Option("sort-tests", negatable: true, group: Group.order, help: "sort tests within files by name")
        static let seed = Option("seed", value: "SEED", group: Group.order, help: "seed for shuffling, to replay an order")
        static let `repeat` = Option("repeat", value: "COUNT", group: Group.order, help: "run the suite COUNT times")
        static let keepGoing = Option("keep-going", short: "k", negatable: true, group: Group.order, help: "go on after a failure (default on; --no-keep-going stops at the first)")
        static let failFast = Option("fail-fast", group: Group.order, help: "stop at the first failure (= --no-keep-going)")
        static let jobs = Option("jobs", short: "j", value: "N", group: Group.order, help: "run spec files in N worker processes at once")

        static let directory = Option("directory", short: "C", value: "DIR", group: Group.environment, help: "change to DIR first (repeatable, each relative to the previous)")
        static let configFile = Option("config-file", short: "f", value: "FILE", group: Group.environment, help: "read options from FILE instead of .busted")
        static let noConfig = Option("no-config", group: Group.environment, help: "ignore .busted")
        static let run = Option("run", short: "r", value: "RUN", group: Group.environment, help: "task of the config file to use (default: default)")
        static let statement = Option(nil, short: "e", value: "STATEMENT", group: Group.environment, help: "run Lua STATEMENT before each spec file (repeatable)")
        static let lpath = Option("lpath", short: "m", value: "PATH", group: Group.environment, help: "prefix package.path (default ./src/?.lua;./src/?/?.lua;./src/?/init.lua)")
        static let cpath = Option("cpath", value: "PATH", group: Group.environment, help: "prefix package.cpath (default ./csrc/?.so;./csrc/?/?.so)")
        static let helper = Option("helper", value: "PATH", group: Group.environment, help: "Lua file (or module) run before each spec file")
        static let xhelper = Option(nil, short: "Xhelper", value: "OPTION", group: Group.environment, help: "pass OPTION to the helper as its arg (split at commas)")
        static let lua = Option("lua", value: "LUA", group: Group.environment, help: "a Lua 5.4 interpreter, which specs see as arg[-1] (specs run in ButtonKit's Lua 5.4; another Lua is refused)")
        static let ignoreLua = Option("ignore-lua", group: Group.environment, help: "ignore --lua (as busted)")
        static let lazy = Option("lazy", negatable: true, group: Group.environment, help: "setup/teardown mean lazy_setup/lazy_teardown")
        static let autoInsulate = Option("auto-insulate", negatable: true, group: Group.environment, help: "each spec file runs in a fresh Lua state (default); --no-auto-insulate lets a file's globals and loaded modules reach the files after it, in one worker")

        static let timeout = Option("timeout", value: "SECONDS", group: Group.limits, help: "per test (default none, as busted; 0 = none)")
        static let maxMemory = Option("max-memory", value: "MB", group: Group.limits, help: "per spec file (default none, as busted; 0 = none)")
        static let sandbox = Option("sandbox", group: Group.limits, help: "confine specs like `buttonkit run` (no processes, C modules or files outside the tree)")
        static let unsafe = Option("unsafe", group: Group.limits, help: "no sandbox (the default for tests)")

        static let coverage = Option("coverage", short: "c", negatable: true, group: Group.coverage, help: "line coverage of the Lua files the suite loads: luacov.stats.out and luacov.report.out, as luacov writes them")
        static let coverageConfigFile = Option("coverage-config-file", value: "FILE", group: Group.coverage, help: "luacov settings (default .luacov)")
        static let coverageFormat = Option("coverage-format", value: "FORMAT", group: Group.coverage, help: "also write lcov (lcov.info), cobertura (cobertura.xml) or html (luacov.report.html); repeatable or comma-separated; implies -c")

        static let updateSnapshots = Option("update-snapshots", short: "u", group: Group.other, help: "rewrite stored snapshots and remove obsolete ones")
        static let ci = Option("ci", negatable: true, group: Group.other, help: "a missing snapshot fails instead of being written (default when CI is set)")
        static let watch = Option("watch", group: Group.other, help: "run, then rerun on every saved change: first the spec files that loaded the changed file, then the rest (keys on a terminal: Enter runs all, f failures only, q quits)")
        static let version = Option("version", group: Group.other, help: "print the version")
        static let help = Option("help", short: "h", group: Group.other, help: "show this help")
        static let worker = Option("worker", hidden: true, help: "internal")
    }

    /// The table, in the order help lists it.
    static let options: [Option] = [
        Opt.output, Opt.verbose, Opt.junit, Opt.json, Opt.report, Opt.xoutput, Opt.deferPrint, Opt.suppressPending, Opt.enableSound, Opt.lang,
        Opt.pattern, Opt.excludePattern, Opt.tags, Opt.excludeTags, Opt.filter, Opt.filterOut, Opt.list, Opt.shard, Opt.recursive, Opt.loaders,
        Opt.shuffle, Opt.shuffleFiles, Opt.shuffleTests, Opt.sort, Opt.sortFiles, Opt.sortTests, Opt.seed, Opt.`repeat`, Opt.keepGoing, Opt.failFast, Opt.jobs,
        Opt.directory, Opt.configFile, Opt.noConfig, Opt.run, Opt.statement, Opt.lpath, Opt.cpath, Opt.helper, Opt.xhelper, Opt.lua, Opt.ignoreLua, Opt.lazy, Opt.autoInsulate,
        Opt.timeout, Opt.maxMemory, Opt.sandbox, Opt.unsafe,
        Opt.coverage, Opt.coverageConfigFile, Opt.coverageFormat,
        Opt.updateSnapshots, Opt.ci, Opt.watch, Opt.version, Opt.help, Opt.worker,
    ]

    static let help = HelpText.render(
        usage: "Usage: buttonkit test [OPTIONS] [--] [ROOT...]",
        intro: """
        Runs busted spec files: every file matching --pattern under the given
        folders (default spec/), and files given directly. Each file runs in a
        fresh Lua state with busted's API (describe, it, before_each, ...),
        luassert (assert, spy, stub, mock, match) and ButtonKit's assertions
        (assert.appearance, assert.state, assert.trace, assert.snapshot). Options
        and .busted keys are busted's; a .busted file in the folder is honoured
        (flags override it). Exit 0 when nothing failed, 1 when a test failed or
        errored, 2 for bad usage.
        """,
        options: options)

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        let a = try Arguments(args, options: options, command: "test")
        if a.flag(Opt.help) { Terminal.out(help); return 0 }
        if a.flag(Opt.version) { Terminal.out("\(ButtonKitLua.version)\n"); return 0 }
        var notes: [String] = []
        // Specs get arg[-1] = buttonkit; when they run it as `lua`, it
        // answers as lua.c does (see LuaCommand).
        setenv(LuaCommand.environmentKey, "lua", 1)
        var p = try makePlan(a, raw: args, notes: &notes)
        // `version = true` in a `.busted` task prints the version and runs nothing, as busted does.
        if p.versionOnly { Terminal.out("\(ButtonKitLua.version)\n"); return 0 }
        p.notes = notes
        // The command's one run, in the folder `-C` and `.busted` led to:
        // every cycle, worker and file of the run takes it.
        let confined = p.confinedRun()
        if a.flag(Opt.watch) {
            // A changed .busted is read again (already in the -C folder).
            let replan = { () -> TestPlan? in
                var n: [String] = []
                do throws(UsageError) {
                    var p = try makePlan(a, raw: args, notes: &n, changeDirectory: false)
                    p.notes = n
                    return p
                } catch {
                    Terminal.err("buttonkit: \(error.message); the previous options stay")
                    return nil
                }
            }
            let session = WatchSession(plan: p, confined: confined, replan: replan) { Terminal.err($0) }
            session.locksDown = true
            return session.run()
        }
        return TestRun.run(p, confined: confined, lockingDown: true) { Terminal.err($0) }
    }

    /// The plan: `.busted` loaded apart (`BustedConfigFile`), then each
    /// section of options read through `TestSettings` (command line over
    /// the file over defaults).
    static func makePlan(_ a: Arguments, raw: [String] = [], notes: inout [String],
                         changeDirectory: Bool = true) throws(UsageError) -> TestPlan {
        let config = try BustedConfigFile.load(a, changeDirectory: changeDirectory)
        notes += config.notes
        let s = TestSettings(arguments: a, config: config)
        var p = TestPlan()
        p.test.configFile = config.file
        p.test.scriptArgs = raw
        try selectFiles(s, &p)
        readOutput(s, &p, &notes)
        try readSelection(s, &p, &notes)
        try readOrder(s, &p)
        try readEnvironment(s, &p, &notes)
        try readLimits(s, &p)

        p.versionOnly = config.values[Opt.version.key]?.last == "true"
        p.test.updateSnapshots = s.flag(Opt.updateSnapshots) ?? false
        p.test.ci = s.flag(Opt.ci) ?? (getenv("CI").map { String(cString: $0) }.map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false)
        // What tests print shows while they run, as with busted; beside a
        // document on standard output it goes to standard error instead.
        p.test.echoOutput = p.jobs == 1 && !p.test.list
        p.test.echoToStandardError = p.documentOnStdout
        // busted's looks and output handlers show prints themselves, in
        // place between the marks (or between a handler's lines).
        if p.output.showsPrintsInPlace {
            p.reporterEchoes = !p.test.list
            p.test.echoOutput = false
        }
        return p
    }

    /// ROOT (positionals or the file's), `file:line` selections, patterns.
    static func selectFiles(_ s: TestSettings, _ p: inout TestPlan) throws(UsageError) {
        let positionals = s.arguments.positionals
        if !positionals.isEmpty { p.paths = TestSettings.commaList(positionals) } else if let root = s.config.values["ROOT"], !root.isEmpty { p.paths = root }
        // `spec/x_spec.lua:58` (or :58:72): the tests at those lines.
        var lines = p.test.lines
        p.paths = p.paths.map { path in
            let parts = path.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[0].hasSuffix(".lua"), !Files.exists(path),
                  parts.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return path }
            let file = String(parts[0])
            lines[file, default: []] += parts.dropFirst().compactMap { Int($0) }
            return file
        }
        p.test.lines = lines
        // A line past the file's end selects nothing: say so rather than
        // run nothing (the file's own errors, if it is missing, come later).
        for (file, lines) in p.test.lines.sorted(by: { $0.key < $1.key }) {
            guard let bytes = try? Files.readBytes(file) else { continue }
            let count = bytes.reduce(0) { $1 == 10 ? $0 + 1 : $0 } + (bytes.last.map { $0 == 10 ? 0 : 1 } ?? 0)
            for line in lines where line < 1 || line > count {
                throw UsageError("\(file):\(line): the file has \(count) line\(count == 1 ? "" : "s"); no test is at line \(line)", command: "test")
            }
        }
        var seenPaths: Set<String> = []
        p.paths = p.paths.filter { seenPaths.insert($0).inserted }
        if !s.values(Opt.pattern).isEmpty { p.patterns = s.values(Opt.pattern) }
        p.excludePatterns = s.values(Opt.excludePattern)
        p.recursive = s.flag(Opt.recursive) ?? true
    }

    static func readOutput(_ s: TestSettings, _ p: inout TestPlan, _ notes: inout [String]) {
        p.color = Terminal.colorAllowed
        // busted's default: utfTerminal on a terminal, plainTerminal
        // elsewhere. Watch mode, ButtonKit's own, keeps ButtonKit's looks,
        // which name the files and tests each rerun ran.
        if let o = s.value(Opt.output) {
            p.output = OutputFormat(name: o)
        } else if s.arguments.flag(Opt.watch) {
            p.output = Terminal.stdoutIsTerminal ? .utf : .plain
        } else {
            p.output = Terminal.stdoutIsTerminal ? .utfTerminal : .plainTerminal
        }
        if let f = s.value(Opt.junit) { p.reportFiles.append(.init(.junit, f)) }
        if let f = s.value(Opt.json) { p.reportFiles.append(.init(.json, f)) }
        if let f = s.value(Opt.report) { p.reportFiles.append(.init(.html, f)) }
        p.verbose = s.flag(Opt.verbose) ?? false
        p.deferPrint = s.flag(Opt.deferPrint) ?? false
        p.suppressPending = s.flag(Opt.suppressPending) ?? false
        if s.flag(Opt.enableSound) == true { notes.append("buttonkit: --enable-sound accepted; ButtonKit plays no sounds") }
        if let lang = s.value(Opt.lang) {
            p.language = lang
            if lang != "en" { notes.append("buttonkit: --lang \(lang): ButtonKit's messages are in English only") }
        }
        p.outputArguments = s.commaList(Opt.xoutput)
    }

    static func readSelection(_ s: TestSettings, _ p: inout TestPlan, _ notes: inout [String]) throws(UsageError) {
        p.test.filters = s.values(Opt.filter)
        p.test.filtersOut = s.values(Opt.filterOut)
        // `--tags '#like'` means the tag `like` (the # is how names carry tags).
        p.test.tags = s.commaList(Opt.tags).map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        p.test.excludeTags = s.commaList(Opt.excludeTags).map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        let excluded = p.test.excludeTags
        if let both = p.test.tags.first(where: { excluded.contains($0) }) {
            throw UsageError("cannot use --tags and --exclude-tags for the same tag '\(both)'", command: "test")
        }
        p.test.list = s.flag(Opt.list) ?? false
        for loader in s.commaList(Opt.loaders) where loader != "lua" {
            notes.append("buttonkit: --loaders \(loader): only Lua spec files are loaded")
        }
        if let v = s.value(Opt.shard) {
            let parts = v.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
                throw UsageError("--shard expects K/N with 1 <= K <= N, got '\(v)'", command: "test")
            }
            p.test.shard = (k, n)
        }
    }

    /// Order and repetition (sort wins over shuffle, as in busted).
    static func readOrder(_ s: TestSettings, _ p: inout TestPlan) throws(UsageError) {
        // busted's command line turns only the flags --sort and --shuffle
        // into their -files and -tests settings: the same words in a
        // `.busted` task change nothing under busted, so here neither.
        let shuffle = s.arguments.setting(Opt.shuffle)
        let sort = s.arguments.setting(Opt.sort)
        p.sortFiles = s.flag(Opt.sortFiles) ?? sort ?? false
        p.test.sort = s.flag(Opt.sortTests) ?? sort ?? false
        p.shuffleFiles = !p.sortFiles && (s.flag(Opt.shuffleFiles) ?? shuffle ?? false)
        p.test.shuffle = !p.test.sort && (s.flag(Opt.shuffleTests) ?? shuffle ?? false)
        if let v = s.value(Opt.seed) {
            guard let n = Int(v) ?? Double(v).flatMap({ $0.isFinite && abs($0) < 9e15 ? Int($0) : nil }) else {
                throw UsageError("--seed expects a number, got '\(v)'", command: "test")
            }
            p.seed = n
        }
        if p.shuffles && p.seed == nil {
            var ts = timespec()
            clock_gettime(CLOCK_REALTIME, &ts)
            p.seed = Int(ts.tv_nsec % 1_000_000) + Int(ts.tv_sec % 1000) * 1_000_000
        }
        p.test.seed = p.seed ?? 0
        if let r = try s.number(Opt.repeat, min: 1) { p.repeatCount = Int(min(r, 1_000_000.0)) }
        if let j = try s.number(Opt.jobs, min: 1) { p.jobs = Int(min(j, 256.0)) }
        p.test.failFast = s.arguments.flag(Opt.failFast) || s.flag(Opt.keepGoing) == false
    }

    static func readEnvironment(_ s: TestSettings, _ p: inout TestPlan, _ notes: inout [String]) throws(UsageError) {
        p.test.statements = s.values(Opt.statement)
        // busted's default --lpath: a suite's ./src comes before anything else.
        p.test.lpath = s.values(Opt.lpath).isEmpty ? ["./src/?.lua;./src/?/?.lua;./src/?/init.lua"] : s.values(Opt.lpath)
        p.test.cpath = s.values(Opt.cpath).isEmpty ? ["./csrc/?.so;./csrc/?/?.so"] : s.values(Opt.cpath)
        p.test.helpers = s.values(Opt.helper)
        p.test.helperArgs = s.commaList(Opt.xhelper)
        p.test.lazy = s.flag(Opt.lazy) ?? false
        // busted's --no-auto-insulate: what a file leaves in _G and
        // package.loaded reaches the files after it. They then share one
        // Lua state, so they run in one worker, in order.
        p.test.autoInsulate = s.flag(Opt.autoInsulate) ?? true
        if !p.test.autoInsulate && p.jobs > 1 {
            notes.append("buttonkit: --no-auto-insulate: the files share one Lua state, so they run in one worker (--jobs \(p.jobs) is not used)")
            p.jobs = 1
        }
        if let lua = s.value(Opt.lua), s.flag(Opt.ignoreLua) != true {
            // busted re-runs itself under the interpreter named; ButtonKit
            // has one Lua, 5.4, so only a Lua 5.4 can be asked for (it is
            // what specs see as arg[-1]); a suite for another Lua would fail
            // in ways far from the cause.
            let version: String
            switch LuaInterpreter.version(of: lua) {
            case .success(let v): version = v
            case .failure(let why):
                throw UsageError("--lua \(lua): cannot run it to learn its Lua version (\(why.text)); ButtonKit runs specs in its own Lua 5.4, and --lua may name only a Lua 5.4", command: "test")
            }
            guard version.hasPrefix("Lua 5.4") else {
                throw UsageError("--lua \(lua) is \(version); ButtonKit runs specs in its own Lua 5.4 only, so it cannot run them under another Lua (drop --lua, or name a Lua 5.4)", command: "test")
            }
            p.test.interpreter = lua
        }
    }

    /// Limits, the sandbox (the command line's `--sandbox`/`--unsafe`, else
    /// the file's: `unsafe` wins there) and coverage.
    static func readLimits(_ s: TestSettings, _ p: inout TestPlan) throws(UsageError) {
        if let t = try s.number(Opt.timeout, min: 0) { p.test.timeout = t }
        if let m = try s.number(Opt.maxMemory, min: 0) { p.test.maxMemoryMB = Int(min(m, 1_099_511_627_776.0)) }
        if s.arguments.flag(Opt.sandbox) { p.test.sandbox = true } else if s.arguments.flag(Opt.unsafe) { p.test.sandbox = false } else {
            p.test.sandbox = (s.flag(Opt.sandbox) ?? false) && !(s.flag(Opt.unsafe) ?? false)
        }
        let formats = CoverageFormat.parse(s.values(Opt.coverageFormat))
        if let bad = formats.unknown {
            throw UsageError("--coverage-format expects lcov, cobertura or html, got '\(bad)'", command: "test")
        }
        if s.flag(Opt.coverage) ?? !formats.formats.isEmpty {
            p.coverage = CoveragePlan(configFile: s.value(Opt.coverageConfigFile), formats: formats.formats)
        }
    }
}

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
    static let output = "Output", selection = "Selection", order = "Order and repetition",
               environment = "Environment", limits = "Limits and sandbox", coverage = "Coverage", other = "Other"

    static let options: [Option] = [
        Option("output", short: "o", value: "FORMAT", group: output,
               help: "busted's utfTerminal (default on a terminal), plainTerminal (default otherwise), gtest, TAP, json, junit (-Xoutput FILE writes it there); ButtonKit's utf, plain, tap13, html; or an output handler (module name or .lua file)"),
        Option("verbose", short: "v", negatable: true, group: output, help: "tracebacks in busted's formats"),
        Option("junit", value: "FILE", group: output, help: "also write JUnit XML to FILE (ButtonKit's layout: a testsuite per file)"),
        Option("json", value: "FILE", group: output, help: "also write JSON to FILE (busted's layout with ButtonKit's extras)"),
        Option("report", value: "FILE", group: output, help: "also write a self-contained HTML report to FILE"),
        Option(nil, short: "Xoutput", value: "OPTION", group: output, help: "pass OPTION to the output handler (split at commas)"),
        Option("defer-print", negatable: true, group: output, help: "busted's terminal formats: no progress characters"),
        Option("suppress-pending", negatable: true, group: output, help: "leave pending tests out of output and counts"),
        Option("enable-sound", short: "s", negatable: true, group: output, help: "accepted for busted; plays nothing"),
        Option("lang", value: "LANG", group: output, help: "language of messages (en)"),

        Option("pattern", short: "p", value: "PATTERN", group: selection, help: "spec file names matching the Lua pattern (default _spec; repeatable)"),
        Option("exclude-pattern", value: "PATTERN", group: selection, help: "leave out spec files matching the Lua pattern (wins over --pattern)"),
        Option("tags", short: "t", value: "TAGS", group: selection, help: "only tests tagged #TAG (comma-separated; the # is optional)"),
        Option("exclude-tags", value: "TAGS", group: selection, help: "leave out tests tagged #TAG (wins over --tags)"),
        Option("filter", value: "PATTERN", group: selection, help: "only tests whose full name matches the Lua pattern (repeatable)"),
        Option("filter-out", value: "PATTERN", group: selection, help: "leave out tests whose full name matches (wins over --filter)"),
        Option("list", short: "l", group: selection, help: "list tests (file:line: name) instead of running them"),
        Option("shard", value: "K/N", group: selection, help: "run the K-th of N deterministic shards (CI matrices)"),
        Option("recursive", short: "R", negatable: true, group: selection, help: "walk into subfolders (default on)"),
        Option("loaders", value: "NAME", group: selection, help: "test file loaders (lua)"),

        Option("shuffle", negatable: true, group: order, help: "randomize file and test order (the seed is printed)"),
        Option("shuffle-files", negatable: true, group: order, help: "randomize file order"),
        Option("shuffle-tests", negatable: true, group: order, help: "randomize test order within files"),
        Option("sort", negatable: true, group: order, help: "sort files and tests by name (wins over --shuffle)"),
        Option("sort-files", negatable: true, group: order, help: "sort files by name"),
        Option("sort-tests", negatable: true, group: order, help: "sort tests within files by name"),
        Option("seed", value: "SEED", group: order, help: "seed for shuffling, to replay an order"),
        Option("repeat", value: "COUNT", group: order, help: "run the suite COUNT times"),
        Option("keep-going", short: "k", negatable: true, group: order, help: "go on after a failure (default on; --no-keep-going stops at the first)"),
        Option("fail-fast", group: order, help: "stop at the first failure (= --no-keep-going)"),
        Option("jobs", short: "j", value: "N", group: order, help: "run spec files in N worker processes at once"),

        Option("directory", short: "C", value: "DIR", group: environment, help: "change to DIR first (repeatable, each relative to the previous)"),
        Option("config-file", short: "f", value: "FILE", group: environment, help: "read options from FILE instead of .busted"),
        Option("no-config", group: environment, help: "ignore .busted"),
        Option("run", short: "r", value: "RUN", group: environment, help: "task of the config file to use (default: default)"),
        Option(nil, short: "e", value: "STATEMENT", group: environment, help: "run Lua STATEMENT before each spec file (repeatable)"),
        Option("lpath", short: "m", value: "PATH", group: environment, help: "prefix package.path (default ./src/?.lua;./src/?/?.lua;./src/?/init.lua)"),
        Option("cpath", value: "PATH", group: environment, help: "prefix package.cpath (default ./csrc/?.so;./csrc/?/?.so)"),
        Option("helper", value: "PATH", group: environment, help: "Lua file (or module) run before each spec file"),
        Option(nil, short: "Xhelper", value: "OPTION", group: environment, help: "pass OPTION to the helper as its arg (split at commas)"),
        Option("lua", value: "LUA", group: environment, help: "a Lua 5.4 interpreter, which specs see as arg[-1] (specs run in ButtonKit's Lua 5.4; another Lua is refused)"),
        Option("ignore-lua", group: environment, help: "ignore --lua (as busted)"),
        Option("lazy", negatable: true, group: environment, help: "setup/teardown mean lazy_setup/lazy_teardown"),
        Option("auto-insulate", negatable: true, group: environment, help: "files run insulated (always: each file gets a fresh Lua state)"),

        Option("timeout", value: "SECONDS", group: limits, help: "per test (default none, as busted; 0 = none)"),
        Option("max-memory", value: "MB", group: limits, help: "per spec file (default none, as busted; 0 = none)"),
        Option("sandbox", group: limits, help: "confine specs like `buttonkit run` (no processes, C modules or files outside the tree)"),
        Option("unsafe", group: limits, help: "no sandbox (the default for tests)"),

        Option("coverage", short: "c", negatable: true, group: coverage, help: "line coverage of the Lua files the suite loads: luacov.stats.out and luacov.report.out, as luacov writes them"),
        Option("coverage-config-file", value: "FILE", group: coverage, help: "luacov settings (default .luacov)"),
        Option("coverage-format", value: "FORMAT", group: coverage, help: "also write lcov (lcov.info), cobertura (cobertura.xml) or html (luacov.report.html); repeatable or comma-separated; implies -c"),

        Option("update-snapshots", short: "u", group: other, help: "rewrite stored snapshots and remove obsolete ones"),
        Option("ci", negatable: true, group: other, help: "a missing snapshot fails instead of being written (default when CI is set)"),
        Option("watch", group: other,
               help: "run, then rerun on every saved change: first the spec files that loaded the changed file, then the rest (keys on a terminal: Enter runs all, f failures only, q quits)"),
        Option("version", group: other, help: "print the version"),
        Option("help", short: "h", group: other, help: "show this help"),
        Option("worker", hidden: true, help: "internal"),
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

    /// Keys a `.busted` task may hold: the long option names and busted's
    /// extras. Not `watch`: a CI job that reads the project's `.busted` must
    /// never start waiting for changes, so the key is reported as unknown.
    static var configKeys: [String] { options.compactMap(\.long).filter { $0 != "watch" } + ["ROOT", "e", "Xoutput", "Xhelper"] }

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        let a = try Arguments(args, options: options, command: "test")
        if a.flag("help") { Terminal.out(help); return 0 }
        if a.flag("version") { Terminal.out("\(ButtonKitLua.version)\n"); return 0 }
        var notes: [String] = []
        // Specs get arg[-1] = buttonkit; when they run it as `lua`, it
        // answers as lua.c does (see LuaCommand).
        setenv(LuaCommand.environmentKey, "lua", 1)
        let plan = try makePlan(a, raw: args, notes: &notes)
        var p = plan
        p.notes = notes
        if a.flag("watch") {
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
            let session = WatchSession(plan: p, replan: replan) { Terminal.err($0) }
            session.locksDown = true
            return session.run()
        }
        return TestRun.run(p, lockingDown: true) { Terminal.err($0) }
    }

    /// The folder `-C` options lead to, each relative to the previous.
    static func directory(_ values: [String]) -> String? {
        guard !values.isEmpty else { return nil }
        var dir = "."
        for v in values { dir = v.hasPrefix("/") ? v : (dir == "." ? v : dir + "/" + v) }
        return dir
    }

    static func makePlan(_ a: Arguments, raw: [String] = [], notes: inout [String],
                         changeDirectory: Bool = true) throws(UsageError) -> TestPlan {
        var p = TestPlan()
        // As busted: `-f FILE` is read from the folder the command started
        // in (busted checks it before it changes folder); the default
        // .busted and every path are relative to the -C folder.
        var configPath = a.value("config-file")
        if let f = configPath, !f.hasPrefix("/"), changeDirectory, directory(a.all("directory")) != nil {
            guard Files.exists(f), let real = realpath(f, nil) else { throw UsageError("config file '\(f)' not found", command: "test") }
            configPath = String(cString: real)
            free(real)
        }
        if changeDirectory, let dir = directory(a.all("directory")) {
            guard chdir(dir) == 0 else { throw UsageError("cannot change to directory '\(dir)': \(String(cString: strerror(errno)))", command: "test") }
        }
        var config: [String: [String]] = [:]
        if !a.flag("no-config") {
            // `path` in messages: the file as the user named it.
            let path = a.value("config-file") ?? ".busted"
            if configPath != nil && !Files.exists(configPath!) {
                throw UsageError("config file '\(path)' not found", command: "test")
            }
            do {
                // Under --sandbox the config file (Lua code) runs confined too,
                // and cannot turn the sandbox off.
                if let c = try BustedConfig.load(path: configPath ?? path, task: a.value("run"), sandboxed: a.flag("sandbox"),
                                                 lockingDown: true) {
                    config = c
                    p.test.configFile = configPath ?? path
                }
            } catch {
                // One line: the Lua error without the traceback of the
                // reader's own chunk, which says nothing about the file.
                var line = error.message.split(separator: "\n", omittingEmptySubsequences: false)
                    .prefix { $0 != "stack traceback:" }.joined(separator: "\n")
                // A file that raises says its name before the position the
                // error already names: keep one (`.busted:1: boom`).
                while line.hasPrefix("\(path): \(path):") { line.removeFirst(path.count + 2) }
                if line.hasPrefix("\(path) has no task") { throw UsageError(line, command: "test") }
                throw UsageError("cannot read \(path): \(line)", command: "test")
            }
            // Under --sandbox the config file is a confined script's: the
            // files it names for the runner to load or write (specs,
            // helpers, reports, coverage's config) stay inside the working
            // tree, as a file the script opened itself would.
            if a.flag("sandbox") {
                let tree = Confinement()
                for key in ["ROOT", "helper", "junit", "json", "report", "coverage-config-file", "directory"] {
                    if key == "ROOT" ? !a.positionals.isEmpty : !a.all(key).isEmpty { continue }
                    // Files the runner writes must also sit in a folder inside
                    // (their temporary files go there) and not be links.
                    let writes = ["junit", "json", "report"].contains(key)
                    for named in config[key] ?? [] where !(writes ? tree.allowsKeeping(named) : tree.contains(named)) {
                        throw UsageError("\(path): '\(key)' names '\(named)', outside the working tree; under --sandbox the files a config file names stay inside it", command: "test")
                    }
                }
            }
            for key in config.keys.sorted() where !configKeys.contains(key) {
                var msg = "\(path): unknown key '\(key)' ignored"
                if let s = Suggest.closest(to: key, in: configKeys) { msg += "; did you mean '\(s)'?" }
                notes.append(msg)
            }
            // busted reads `.busted` first and then changes into the folder
            // its `directory` key names (the command line's -C wins, as for
            // every key); the specs, helpers and reports it names are then
            // relative to that folder. Each value is relative to the one
            // before, as -C's are.
            if changeDirectory, a.all("directory").isEmpty, let dir = directory(config["directory"] ?? []) {
                // Each spec file's state runs the config file again: name it
                // from where it was found.
                if let f = p.test.configFile, !f.hasPrefix("/"), let real = realpath(f, nil) {
                    p.test.configFile = String(cString: real)
                    free(real)
                }
                guard chdir(dir) == 0 else {
                    throw UsageError("\(path): cannot change to directory '\(dir)' (its 'directory' key): \(String(cString: strerror(errno)))", command: "test")
                }
            }
        }
        // Command line over config over defaults; lists are replaced, not merged.
        func values(_ name: String) -> [String] {
            let fromFlags = a.all(name)
            return fromFlags.isEmpty ? (config[name] ?? []) : fromFlags
        }
        func value(_ name: String) -> String? { values(name).last }
        func flag(_ name: String) -> Bool? {
            if let s = a.setting(name) { return s }
            guard let v = config[name]?.last else { return nil }
            return v == "true"
        }
        func commaList(_ v: [String]) -> [String] {
            v.flatMap { $0.split(separator: ",").map { String($0.trimmingSpaces()) } }.filter { !$0.isEmpty }
        }
        func number(_ name: String, min: Double) throws(UsageError) -> Double? {
            guard let s = value(name) else { return nil }
            guard let v = Double(s), v.isFinite, v >= min else {
                throw UsageError("--\(name) expects a number of at least \(Format.number(min)), got '\(s)'", command: "test")
            }
            return v
        }

        p.test.scriptArgs = raw
        if !a.positionals.isEmpty { p.paths = commaList(a.positionals) } else if let root = config["ROOT"], !root.isEmpty { p.paths = root }
        // `spec/x_spec.lua:58` (or :58:72): the tests at those lines.
        p.paths = p.paths.map { path in
            let parts = path.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[0].hasSuffix(".lua"), !Files.exists(path),
                  parts.dropFirst().allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return path }
            let file = String(parts[0])
            p.test.lines[file, default: []] += parts.dropFirst().compactMap { Int($0) }
            return file
        }
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
        if !values("pattern").isEmpty { p.patterns = values("pattern") }
        p.excludePatterns = values("exclude-pattern")
        p.recursive = flag("recursive") ?? true

        // Output.
        p.color = Terminal.colorAllowed
        // busted's default: utfTerminal on a terminal, plainTerminal
        // elsewhere. Watch mode, ButtonKit's own, keeps ButtonKit's looks,
        // which name the files and tests each rerun ran.
        if let o = value("output") {
            p.output = OutputFormat(name: o)
        } else if a.flag("watch") {
            p.output = Terminal.stdoutIsTerminal ? .utf : .plain
        } else {
            p.output = Terminal.stdoutIsTerminal ? .utfTerminal : .plainTerminal
        }
        if let f = value("junit") { p.reportFiles.append(.init(.junit, f)) }
        if let f = value("json") { p.reportFiles.append(.init(.json, f)) }
        if let f = value("report") { p.reportFiles.append(.init(.html, f)) }
        p.verbose = flag("verbose") ?? false
        p.deferPrint = flag("defer-print") ?? false
        p.suppressPending = flag("suppress-pending") ?? false
        if flag("enable-sound") == true { notes.append("buttonkit: --enable-sound accepted; ButtonKit plays no sounds") }
        if let lang = value("lang") {
            p.language = lang
            if lang != "en" { notes.append("buttonkit: --lang \(lang): ButtonKit's messages are in English only") }
        }
        p.outputArguments = commaList(values("Xoutput"))

        // Selection.
        p.test.filters = values("filter")
        p.test.filtersOut = values("filter-out")
        // `--tags '#like'` means the tag `like` (the # is how names carry tags).
        p.test.tags = commaList(values("tags")).map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        p.test.excludeTags = commaList(values("exclude-tags")).map { $0.hasPrefix("#") ? String($0.dropFirst()) : $0 }
        if let both = p.test.tags.first(where: { p.test.excludeTags.contains($0) }) {
            throw UsageError("cannot use --tags and --exclude-tags for the same tag '\(both)'", command: "test")
        }
        p.test.list = flag("list") ?? false
        for loader in commaList(values("loaders")) where loader != "lua" {
            notes.append("buttonkit: --loaders \(loader): only Lua spec files are loaded")
        }
        if let s = value("shard") {
            let parts = s.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
                throw UsageError("--shard expects K/N with 1 <= K <= N, got '\(s)'", command: "test")
            }
            p.test.shard = (k, n)
        }

        // Order and repetition (sort wins over shuffle, as in busted).
        let shuffle = flag("shuffle")
        let sort = flag("sort")
        p.sortFiles = flag("sort-files") ?? sort ?? false
        p.test.sort = flag("sort-tests") ?? sort ?? false
        p.shuffleFiles = !p.sortFiles && (flag("shuffle-files") ?? shuffle ?? false)
        p.test.shuffle = !p.test.sort && (flag("shuffle-tests") ?? shuffle ?? false)
        if let s = value("seed") {
            guard let v = Int(s) ?? Double(s).flatMap({ $0.isFinite && abs($0) < 9e15 ? Int($0) : nil }) else {
                throw UsageError("--seed expects a number, got '\(s)'", command: "test")
            }
            p.seed = v
        }
        if p.shuffles && p.seed == nil {
            var ts = timespec()
            clock_gettime(CLOCK_REALTIME, &ts)
            p.seed = Int(ts.tv_nsec % 1_000_000) + Int(ts.tv_sec % 1000) * 1_000_000
        }
        p.test.seed = p.seed ?? 0
        if let r = try number("repeat", min: 1) { p.repeatCount = Int(min(r, 1_000_000.0)) }
        if let j = try number("jobs", min: 1) { p.jobs = Int(min(j, 256.0)) }
        p.test.failFast = a.flag("fail-fast") || flag("keep-going") == false

        // Environment.
        p.test.statements = values("e")
        // busted's default --lpath: a suite's ./src comes before anything else.
        p.test.lpath = values("lpath").isEmpty ? ["./src/?.lua;./src/?/?.lua;./src/?/init.lua"] : values("lpath")
        p.test.cpath = values("cpath").isEmpty ? ["./csrc/?.so;./csrc/?/?.so"] : values("cpath")
        p.test.helpers = values("helper")
        p.test.helperArgs = commaList(values("Xhelper"))
        p.test.lazy = flag("lazy") ?? false
        if flag("auto-insulate") == false {
            notes.append("buttonkit: --no-auto-insulate: each spec file still gets a fresh Lua state, so files never share globals")
        }
        if let lua = value("lua"), flag("ignore-lua") != true {
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

        // Limits and sandbox.
        if let t = try number("timeout", min: 0) { p.test.timeout = t }
        if let m = try number("max-memory", min: 0) { p.test.maxMemoryMB = Int(min(m, 1_099_511_627_776.0)) }
        if a.flag("sandbox") { p.test.sandbox = true } else if a.flag("unsafe") { p.test.sandbox = false } else {
            p.test.sandbox = (flag("sandbox") ?? false) && !(flag("unsafe") ?? false)
        }

        // Coverage.
        let formats = CoverageFormat.parse(values("coverage-format"))
        if let bad = formats.unknown {
            throw UsageError("--coverage-format expects lcov, cobertura or html, got '\(bad)'", command: "test")
        }
        if flag("coverage") ?? !formats.formats.isEmpty {
            p.coverage = CoveragePlan(configFile: value("coverage-config-file"), formats: formats.formats)
        }

        p.test.updateSnapshots = flag("update-snapshots") ?? false
        p.test.ci = flag("ci") ?? (getenv("CI").map { String(cString: $0) }.map { !$0.isEmpty && $0 != "0" && $0 != "false" } ?? false)
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
}

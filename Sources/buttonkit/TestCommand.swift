#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import ButtonKitTesting

/// `buttonkit test`: runs busted spec files. Parsing and orchestration live
/// here; the framework, results and output formats live in ButtonKitLua.
enum TestCommand {
    static let options: [Arguments.Option] = [
        .init("output", short: "o", value: true, help: "utf | plain | tap | junit | json"),
        .init("junit", value: true, help: "also write JUnit XML to FILE"),
        .init("json", value: true, help: "also write JSON to FILE"),
        .init("report", value: true, help: "also write an HTML report to FILE"),
        .init("filter", value: true, help: "run tests whose full name matches PAT"),
        .init("filter-out", value: true, help: "skip tests whose full name matches PAT"),
        .init("tags", short: "t", value: true, help: "run tests with these #tags (comma-separated)"),
        .init("exclude-tags", value: true, help: "skip tests with these #tags"),
        .init("shuffle", help: "randomize file and test order"),
        .init("seed", value: true, help: "seed for --shuffle"),
        .init("list", short: "l", help: "list tests without running them"),
        .init("fail-fast", help: "stop at the first failure"),
        .init("shard", value: true, help: "run shard K of N (K/N)"),
        .init("timeout", value: true, help: "seconds per test (default 10; 0 = none)"),
        .init("max-memory", value: true, help: "MB per spec file (default 1024)"),
        .init("repeat", value: true, help: "run the suite N times"),
        .init("pattern", short: "p", value: true, help: "spec file name pattern (default _spec)"),
        .init("lpath", short: "m", value: true, help: "extra package.path entry"),
        .init("helper", value: true, help: "Lua file run before each spec file"),
        .init("update-snapshots", short: "u", help: "rewrite stored snapshots"),
        .init("jobs", short: "j", value: true, help: "spec files in parallel"),
        .init("unsafe", help: "lift the sandbox"),
        .init("run", short: "r", value: true, help: "task of .busted to use (default: default)"),
        .init("config-file", value: true, help: "config file (default .busted)"),
        .init("no-config", help: "ignore .busted"),
        .init("worker", help: "internal: run one file, print results as JSON lines"),
        .init("help", short: "h", help: "show help"),
    ]

    /// Everything the command decided from flags and config.
    struct Plan {
        var paths: [String] = ["spec"]
        var output = "plain"
        var junit: String?
        var json: String?
        var report: String?
        var pattern = "_spec"
        var repeatCount = 1
        var jobs = 1
        var seed: Int?
        var test = TestOptions()
    }

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        let a = try Arguments(args, options: options, command: "test")
        if a.flag("help") { Terminal.out(Help.test + "\n"); return 0 }
        let plan = try makePlan(a, raw: args)
        if a.flag("worker") { return worker(plan) }
        return run(plan)
    }

    static func makePlan(_ a: Arguments, raw: [String] = []) throws(UsageError) -> Plan {
        var p = Plan()
        p.test.scriptArgs = ["test"] + raw
        // .busted first; flags override.
        var config: [String: [String]] = [:]
        if !a.flag("no-config") {
            do {
                config = try BustedConfig.load(path: a.value("config-file") ?? ".busted", task: a.value("run")) ?? [:]
            } catch {
                throw UsageError("cannot read config: \(error)", command: "test")
            }
        }
        func values(_ name: String) -> [String] {
            let fromFlags = a.all(name)
            return fromFlags.isEmpty ? (config[name] ?? []) : fromFlags
        }
        func value(_ name: String) -> String? { values(name).last }
        func flag(_ name: String) -> Bool { a.flag(name) || config[name]?.last == "true" }
        func splitTags(_ v: [String]) -> [String] {
            v.flatMap { $0.split(separator: ",").map { String($0.trimmingSpaces()) } }.filter { !$0.isEmpty }
        }
        func number(_ name: String, min: Double) throws(UsageError) -> Double? {
            guard let s = value(name) else { return nil }
            guard let v = Double(s), v.isFinite, v >= min else {
                throw UsageError("--\(name) expects a number of at least \(Int(min)), got '\(s)'", command: "test")
            }
            return v
        }

        if !a.positionals.isEmpty { p.paths = a.positionals } else if let root = config["ROOT"], !root.isEmpty { p.paths = root }
        let outputNames = ["utf": "utf", "plain": "plain", "tap": "tap", "junit": "junit", "json": "json",
                           "utfTerminal": "utf", "plainTerminal": "plain", "TAP": "tap", "gtest": "plain"]
        let defaultOutput = Terminal.stdoutIsTerminal ? "utf" : "plain"
        if let o = value("output") {
            guard let name = outputNames[o] else {
                throw UsageError("unknown output '\(o)'; use utf, plain, tap, junit or json", command: "test")
            }
            p.output = name
        } else {
            p.output = defaultOutput
        }
        p.junit = value("junit")
        p.json = value("json")
        p.report = value("report")
        if let pat = value("pattern") { p.pattern = pat }
        p.test.filters = values("filter")
        p.test.filtersOut = values("filter-out")
        p.test.tags = splitTags(values("tags"))
        p.test.excludeTags = splitTags(values("exclude-tags"))
        p.test.list = flag("list")
        p.test.failFast = flag("fail-fast")
        p.test.shuffle = flag("shuffle")
        p.test.updateSnapshots = flag("update-snapshots")
        p.test.sandbox = !flag("unsafe")
        // busted's default --lpath: a suite's ./src comes before anything else.
        p.test.lpath = values("lpath").isEmpty ? ["./src/?.lua;./src/?/?.lua;./src/?/init.lua"] : values("lpath")
        p.test.helpers = values("helper")
        if let t = try number("timeout", min: 0) { p.test.timeout = t }
        if let m = try number("max-memory", min: 0) { p.test.maxMemoryMB = Int(min(m, 1_099_511_627_776.0)) }
        if let r = try number("repeat", min: 1) { p.repeatCount = Int(min(r, 1_000_000.0)) }
        if let j = try number("jobs", min: 1) { p.jobs = Int(min(j, 256.0)) }
        if let s = value("seed") {
            guard let v = Int(s) else { throw UsageError("--seed expects an integer, got '\(s)'", command: "test") }
            p.seed = v
        }
        if p.test.shuffle && p.seed == nil {
            var ts = timespec()
            clock_gettime(CLOCK_REALTIME, &ts)
            p.seed = Int(ts.tv_nsec % 1_000_000) + Int(ts.tv_sec % 1000) * 1_000_000
        }
        p.test.seed = p.seed ?? 0
        if let s = value("shard") {
            let parts = s.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n else {
                throw UsageError("--shard expects K/N with 1 <= K <= N, got '\(s)'", command: "test")
            }
            p.test.shard = (k, n)
        }
        p.test.echoOutput = (p.output == "utf" || p.output == "plain") && p.jobs == 1
        return p
    }

    // MARK: Running

    static func run(_ plan: Plan) -> Int32 {
        var files: [String]
        do { files = try SpecDiscovery.find(plan.paths, pattern: plan.pattern) } catch {
            Terminal.err("buttonkit: \(error)")
            return 1
        }
        if plan.test.shuffle { shuffle(&files, seed: plan.seed ?? 0) }
        guard !files.isEmpty else {
            Terminal.err("buttonkit: no spec files found in \(plan.paths.joined(separator: ", ")) (pattern '\(plan.pattern)')")
            return 1
        }
        let t0 = Clock.now()
        var results: [TestResult] = []
        var summary = TestSummary()
        var terminal = TerminalReporter(style: plan.output == "utf" ? .utf : .plain,
                                        color: plan.output == "utf" && Terminal.colorAllowed)
        var tap = TAPReporter()
        let streaming = plan.output == "utf" || plan.output == "plain" || plan.output == "tap"
        if plan.output == "tap" { Terminal.out(tap.start()) }
        var stopped = false

        // Lines for one file are collected and written together, except on
        // a terminal (utf), where each test shows as it finishes.
        var pending = ""
        func emit(_ s: String) {
            if plan.output == "utf" { Terminal.out(s) } else { pending += s }
        }
        func flushPending() { Terminal.out(pending); pending = "" }

        func deliver(_ r: TestResult) {
            results.append(r)
            summary.add(r)
            switch plan.output {
            case "tap": emit(tap.line(for: r))
            case "utf", "plain": emit(terminal.line(for: r))
            default: break
            }
            if plan.test.failFast && r.isFailure { stopped = true }
        }

        outer: for _ in 0..<plan.repeatCount {
            if plan.jobs > 1 && files.count > 1 && !plan.test.list {
                let pool = WorkerPool(jobs: plan.jobs, plan: plan)
                pool.run(files) { file, fileResults in
                    if streaming && plan.output != "tap" { emit(terminal.fileStarted(file)) }
                    for r in fileResults where !stopped { deliver(r) }
                    if plan.output != "tap" { emit(terminal.fileFinished(file)) }
                    flushPending()
                    return !stopped
                }
                if stopped { break outer }
            } else {
                for file in files {
                    if plan.output == "utf" && !plan.test.list { Terminal.out(terminal.fileStarted(file)) }
                    SpecRunner.run(file: file, options: plan.test, onNote: { Terminal.err("note: \($0)") }) { r in deliver(r) }
                    if plan.output == "plain" { emit(terminal.fileFinished(file)) }
                    flushPending()
                    if stopped { break outer }
                }
            }
        }
        summary.duration = Clock.now() - t0

        if plan.test.list {
            let n = results.filter { $0.status == .listed }.count
            Terminal.out("\(n) tests\n")
            return n > 0 ? 0 : 1
        }
        // Documents are rendered only when asked for.
        func junit() -> String { JUnitReporter.render(results, files: files, duration: summary.duration, timestamp: Clock.isoNow()) }
        func json() -> String { JSONReporter.render(results, summary: summary, seed: plan.test.shuffle ? plan.seed : nil) }
        switch plan.output {
        case "tap": Terminal.out(tap.finish(summary))
        case "junit": Terminal.out(junit())
        case "json": Terminal.out(json())
        default: Terminal.out(terminal.finish(summary, seed: plan.test.shuffle ? plan.seed : nil))
        }
        do {
            if let path = plan.junit { try Files.writeAtomically(junit(), to: path) }
            if let path = plan.json { try Files.writeAtomically(json(), to: path) }
            if let path = plan.report {
                try Files.writeAtomically(HTMLReporter.render(results, summary: summary, files: files, timestamp: Clock.isoNow()), to: path)
            }
        } catch {
            Terminal.err("buttonkit: \(error)")
            return 1
        }
        if summary.total == 0 {
            Terminal.err("buttonkit: no test was run")
            return 1
        }
        return summary.failed + summary.errors > 0 ? 1 : 0
    }

    /// `--worker FILE`: runs one file and prints each result as a JSON line.
    static func worker(_ plan: Plan) -> Int32 {
        for file in plan.paths {
            SpecRunner.run(file: file, options: plan.test, onNote: { Terminal.err("note: \($0)") }) { r in
                Terminal.out("R " + JSONReporter.line(r) + "\n")
            }
        }
        return 0
    }

    /// A deterministic shuffle (same seed, same order on every machine).
    static func shuffle(_ list: inout [String], seed: Int) {
        var state = UInt64(truncatingIfNeeded: seed) &+ 0x9E37_79B9_7F4A_7C15
        for i in stride(from: list.count - 1, to: 0, by: -1) {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let j = Int((state >> 33) % UInt64(i + 1))
            list.swapAt(i, j)
        }
    }
}

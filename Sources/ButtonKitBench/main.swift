#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import CLuaShim
import ButtonKitTesting

// Benchmarks print figures; they assert nothing (tests check behaviour).
// Usage: ButtonKitBench core | memory | bridge | startup BUTTONKIT LUA | all BUTTONKIT LUA

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Best of `rounds` timings of `body`, in seconds: the minimum is the least
/// disturbed by the other core's load.
func best(_ rounds: Int = 5, _ body: () throws -> Void) rethrows -> Double {
    var b = Double.infinity
    for _ in 0..<rounds {
        let t0 = now()
        try body()
        b = min(b, now() - t0)
    }
    return b
}

func fmt(_ v: Double, _ digits: Int = 1) -> String {
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let r = (v * p).rounded() / p
    return digits == 0 ? String(Int(r)) : String(r)
}

func row(_ name: String, _ value: String, _ target: String, _ ok: Bool?) {
    let mark = ok.map { $0 ? "ok" : "MISSED" } ?? ""
    print(name.padding(42) + value.padding(16) + target.padding(16) + mark)
}

extension String {
    func padding(_ n: Int) -> String { count >= n ? self + " " : self + String(repeating: " ", count: n - count) }
}

func header(_ title: String) {
    print("\n== \(title)")
    print("measure".padding(42) + "result".padding(16) + "target".padding(16))
}

func peakRSSMB() -> Double {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Double(u.ru_maxrss) / 1024
}

func core() throws {
    header("core (release build)")
    let b = Button()
    try b.setUpStyle(.normal) { $0.title("Buy").titleColor(.blue).backgroundColor(.white).borderWidth(1) }
    try b.setUpStyle(.highlighted) { $0.backgroundColor(.gray) }
    try b.setUpStyle(.selected) { $0.titleColor(.red).borderWidth(2) }
    let n = 1_000_000
    let tapTime = try best {
        for _ in 0..<n { try b.tap() }
    }
    let tapNs = tapTime / Double(n) * 1e9
    row("tap (down + up, trace on)", fmt(tapNs) + " ns", "<= 250 ns", tapNs <= 250)
    try b.setSelected(true)
    var sink = 0.0
    let resolveTime = best {
        var local = 0.0
        for i in 0..<n {
            let a = b.appearance(for: ControlState(rawValue: UInt8(i & 7)))
            local += a.borderWidth
        }
        sink += local
    }
    let resNs = resolveTime / Double(n) * 1e9
    row("resolve a full appearance", fmt(resNs) + " ns", "<= 250 ns", resNs <= 250)
    b.fallback = .cascade
    let cascadeTime = best {
        var local = 0.0
        for i in 0..<n { local += b.appearance(for: ControlState(rawValue: UInt8(i & 7))).borderWidth }
        sink += local
    }
    row("resolve (cascade fallback)", fmt(cascadeTime / Double(n) * 1e9) + " ns", "", nil)
    if sink < 0 { print(sink) }
}

func memory() throws {
    header("memory")
    let before = peakRSSMB()
    var buttons: [Button] = []
    buttons.reserveCapacity(100_000)
    for i in 0..<100_000 {
        let b = Button(id: "b\(i)")
        try b.setUpStyle(.normal) { $0.title("Item \(i)").titleColor(.blue).borderWidth(1) }
        try b.setUpStyle(.highlighted) { $0.backgroundColor(.gray) }
        try b.setUpStyle(.selected) { $0.titleColor(.red).borderColor(.red) }
        buttons.append(b)
    }
    let peak = peakRSSMB()
    row("100,000 buttons x 3 styled states", fmt(peak) + " MB", "<= 150 MB", peak <= 150)
    row("  (process before creating them)", fmt(before) + " MB", "", nil)
    if buttons.count != 100_000 { print("?") }
}

func bridge() throws {
    header("bridge: Swift-bridged calls vs math.abs in the same Lua loop")
    var opts = LuaContext.Options()
    opts.timeout = 0
    let ctx = try LuaContext(options: opts)
    try ctx.run("""
    b = ui.button { title = "Buy", style = { selected = { titleColor = "red" } } }
    b:style("highlighted", { backgroundColor = "gray" })
    N = 2000000
    """)
    func time(_ body: String) throws -> Double {
        let code = "local b, abs, N = b, math.abs, N\nfor i = 1, N do \(body) end"
        return try best(5) { try ctx.run(code) }
    }
    let base = try time("local x = abs(i)")
    let read = try time("local x = b.selected")
    let write = try time("b.selected = true")
    let nsAbs = base / 2_000_000 * 1e9
    row("math.abs(i)", fmt(nsAbs) + " ns", "(baseline)", nil)
    row("read b.selected", fmt(read / base, 2) + "x", "<= 3x", read / base <= 3)
    row("write b.selected = true", fmt(write / base, 2) + "x", "<= 4x", write / base <= 4)
    try ctx.run("N = 200000")
    let tapLoop = try best(3) { try ctx.run("local b, N = b, N\nfor i = 1, N do b:tap() end") }
    let absLoop = try best(3) { try ctx.run("local abs, N = math.abs, N\nfor i = 1, N do local x = abs(i) end") }
    row("b:tap() (trace on)", fmt(tapLoop / absLoop, 1) + "x", "<= 50x", tapLoop / absLoop <= 50)
    row("taps per second from Lua", fmt(200_000 / tapLoop / 1e6, 2) + " M/s", "", nil)
    try ctx.run("b.traceLimit = 0")
    let tapNoTrace = try best(3) { try ctx.run("local b, N = b, N\nfor i = 1, N do b:tap() end") }
    row("taps per second, trace off", fmt(200_000 / tapNoTrace / 1e6, 2) + " M/s", "", nil)
    let appearance = try best(3) { try ctx.run("local b, N = b, N\nfor i = 1, N do local a = b.appearance end") }
    row("read b.appearance (a 15-key table)", fmt(appearance / 200_000 * 1e9, 0) + " ns", "", nil)
}

/// Runs a command `n` times; returns the mean wall time in milliseconds.
func spawnMean(_ argv: [String], _ n: Int) -> Double {
    var total = 0.0
    var best = Double.infinity
    for _ in 0..<n {
        var pid: pid_t = 0
        let cargs = argv.map { strdup($0) } + [nil]
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0)
        let t0 = now()
        let rc = posix_spawn(&pid, argv[0], &fa, nil, cargs, environ)
        var status: Int32 = 0
        if rc == 0 { waitpid(pid, &status, 0) }
        let dt = now() - t0
        posix_spawn_file_actions_destroy(&fa)
        for p in cargs { free(p) }
        total += dt
        best = min(best, dt)
    }
    _ = best
    return total / Double(n) * 1000
}

func startup(_ buttonkit: String, _ lua: String) {
    header("start-up: an empty script, mean of 100 runs")
    let empty = "/tmp/buttonkit-bench-empty.lua"
    let f = fopen(empty, "w"); fclose(f)
    _ = spawnMean([buttonkit, "run", empty], 5)  // warm the page cache
    _ = spawnMean([lua, empty], 5)
    let bk = spawnMean([buttonkit, "run", empty], 100)
    let l = spawnMean([lua, empty], 100)
    row("lua5.4 empty.lua", fmt(l, 2) + " ms", "(baseline)", nil)
    row("buttonkit run empty.lua", fmt(bk, 2) + " ms", "", nil)
    row("ratio", fmt(bk / l, 2) + "x", "<= 4x", bk / l <= 4)
}

/// Writes a spec of `n` small tests sharing a before_each, in its own folder.
func generateSpec(_ n: Int) -> String {
    let dir = "/tmp/buttonkit-bench-\(getpid())-\(n)"
    mkdir(dir, 0o755)
    mkdir(dir + "/spec", 0o755)
    var lines = ["describe(\"generated\", function()", "  local n", "  before_each(function() n = 1 end)"]
    for i in 0..<n { lines.append("  it(\"test \(i)\", function() assert.are.equal(\(i) + 1, n + \(i)) end)") }
    lines.append("end)")
    let f = fopen(dir + "/spec/gen_spec.lua", "w")
    fputs(lines.joined(separator: "\n") + "\n", f)
    fclose(f)
    return dir
}

/// Mean wall time of `argv` run in `dir`, in seconds.
func timeIn(_ dir: String, _ argv: [String], runs: Int) -> Double {
    let cwd = Sandboxless.cwd()
    chdir(dir)
    defer { chdir(cwd) }
    return spawnMean(argv, runs) / 1000
}

enum Sandboxless {
    static func cwd() -> String {
        var buf = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buf, buf.count) != nil else { return "." }
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

func runner(_ buttonkit: String, _ busted: String) {
    header("test runner: buttonkit test vs busted on the same generated spec")
    let d2k = generateSpec(2000)
    let bk2k = timeIn(d2k, [buttonkit, "test", "--output", "plain", "spec"], runs: 10)
    let bu2k = timeIn(d2k, [busted, "-o", "plainTerminal", "spec"], runs: 3)
    row("busted 2.1.1, 2,000 tests + before_each", fmt(bu2k * 1000, 0) + " ms", "(baseline)", nil)
    row("buttonkit test, same spec", fmt(bk2k * 1000, 1) + " ms", "", nil)
    row("speed-up", fmt(bu2k / bk2k, 1) + "x", ">= 20x", bu2k / bk2k >= 20)
    let d10k = generateSpec(10_000)
    let bk10k = timeIn(d10k, [buttonkit, "test", "--output", "plain", "spec"], runs: 5)
    let bu10k = timeIn(d10k, [busted, "-o", "plainTerminal", "spec"], runs: 1)
    row("busted, 10,000 tests", fmt(bu10k * 1000, 0) + " ms", "", nil)
    row("buttonkit test, 10,000 tests", fmt(bk10k * 1000, 1) + " ms", "", nil)
    row("speed-up at 10,000", fmt(bu10k / bk10k, 1) + "x", "", nil)
    row("per-test overhead (10k - 2k) / 8k", fmt((bk10k - bk2k) / 8000 * 1e6, 1) + " us", "", nil)
    let d1 = generateSpec(1)
    row("one-test file (start-up + framework)", fmt(timeIn(d1, [buttonkit, "test", "--output", "plain", "spec"], runs: 20) * 1000, 2) + " ms", "", nil)
}

let args = Array(CommandLine.arguments.dropFirst())
do {
    switch args.first ?? "all" {
    case "framework":
        // Cold, then warm: a state with the test framework loaded.
        var o = TestOptions()
        o.inWorker = true
        bk_channel_open(open("/dev/null", O_WRONLY))
        let empty = "/tmp/buttonkit-bench-empty_spec.lua"
        let f = fopen(empty, "w"); fclose(f)
        var t0 = now()
        SpecRunner.run(file: empty, options: o) { _ in }
        print("first spec file (cold): \(fmt((now() - t0) * 1e6)) us")
        t0 = now()
        for _ in 0..<100 { SpecRunner.run(file: empty, options: o) { _ in } }
        print("next spec files (warm): \(fmt((now() - t0) / 100 * 1e6)) us")
    case "worker-spec" where args.count == 2:
        // Exactly what a worker does per test: results into a channel (here
        // /dev/null), from C.
        var o = TestOptions()
        o.timeout = 10
        o.inWorker = true
        bk_channel_open(open("/dev/null", O_WRONLY))
        let t0 = now()
        SpecRunner.run(file: args[1], options: o) { _ in }
        print("worker run: \(fmt((now() - t0) * 1000, 2)) ms")
    case "spec" where args.count == 2:
        // The worker's side of a run, in process (profilers see it whole).
        var o = TestOptions()
        o.timeout = 10
        var bytes = 0
        let t0 = now()
        SpecRunner.run(file: args[1], options: o) { r in bytes += Record.line(for: r).utf8.count }
        print("in-process run: \(fmt((now() - t0) * 1000, 2)) ms, \(bytes) bytes of records")
    case "sizes":
        print("Style", MemoryLayout<Style>.size, "Entry", MemoryLayout<StyleTable.Entry>.stride, "Color", MemoryLayout<Color>.size,
              "Font", MemoryLayout<Font>.size, "Trace", MemoryLayout<Trace>.size, "Appearance", MemoryLayout<Appearance>.size,
              "Trace entries", MemoryLayout<TraceEntry>.stride)
    case "init-once":
        var o = LuaContext.Options()
        let t0 = now()
        let c = try LuaContext(options: o)
        let t1 = now()
        try c.runFile("/tmp/empty.lua")
        let t2 = now()
        o.timeout = 1
        print("cold init \(fmt((t1 - t0) * 1e6)) us, run \(fmt((t2 - t1) * 1e6)) us")
    case "init":
        var o = LuaContext.Options()
        o.timeout = 0
        let t = try best(3) { for _ in 0..<200 { _ = try LuaContext(options: o) } }
        print("LuaContext init: \(fmt(t / 200 * 1e6)) us")
        let t2 = try best(3) { for _ in 0..<200 { let c = try LuaContext(options: o); try c.run("") } }
        print("LuaContext init + run empty: \(fmt(t2 / 200 * 1e6)) us")
    case "core": try core()
    case "memory": try memory()
    case "bridge": try bridge()
    case "startup" where args.count == 3: startup(args[1], args[2])
    case "runner" where args.count == 3: runner(args[1], args[2])
    default:
        print("usage: ButtonKitBench core | memory | bridge | startup BUTTONKIT LUA | runner BUTTONKIT BUSTED")
        exit(2)
    }
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}

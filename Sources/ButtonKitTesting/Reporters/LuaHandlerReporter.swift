#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import CLuaRunner
import CLuaShim

/// A busted output handler written in Lua (`-o NAME` with a module name or
/// a `.lua` file): busted's own handlers from a system's lua-busted files,
/// or a team's. It runs in the runner's process, in a Lua state of its own
/// that holds `lua/handlers/host.lua`; each event of the run is handed to
/// the host, which publishes busted's events to the handler.
public final class LuaHandlerReporter: Reporter {
    /// What the handler is told (busted's handler options) and where it is.
    public struct Settings: Sendable {
        public var name: String
        public var arguments: [String] = []
        public var verbose = false
        public var suppressPending = false
        public var deferPrint = false
        public var language = "en"
        public var defaultOutput = "plainTerminal"
        public var lpath: [String] = []
        public var cpath: [String] = []
        /// `arg[0]` and `arg[-1]` as specs see them (copied into arguments).
        public var script = "buttonkit"
        public var interpreter = "buttonkit"
        /// The run is under `--sandbox`: the handler runs confined too. A
        /// `.busted` file (confined itself) can name a handler, and a
        /// handler running unconfined would lift the sandbox it asked for.
        public var sandboxed = false
        /// The run's limits: each event a handler handles has the test
        /// timeout (confined or not: a handler is code the runner runs), and
        /// a confined handler's state the memory limit too.
        public var timeout: Double = 0
        public var maxMemoryMB = 0
        public init(name: String) { self.name = name }
    }

    let ctx: LuaContext
    let hostRef: Int32
    /// Errors the handler raised (each makes the run exit 1, as in busted).
    public private(set) var failures = 0
    private var runInfo = RunInfo(files: [])

    public var wantsStarts: Bool { true }
    /// Show what each test printed just before its end (the workers do not
    /// echo it), as busted's prints land among a handler's own output.
    public var echoesOutput = false
    /// --list: busted's list mode keeps every event but `exit` from the
    /// handler (the names are printed by the runner's list).
    public var listing = false

    /// Loads the handler; throws with a readable message when it cannot.
    public init(_ s: Settings) throws(LuaError) {
        var o = LuaContext.Options()
        o.sandbox = s.sandboxed
        // Each event it handles has the test timeout, so a handler that
        // loops is stopped and dropped instead of hanging the run; confined,
        // its state has the memory limit as well.
        o.timeout = s.timeout
        o.maxMemoryMB = s.sandboxed ? s.maxMemoryMB : 0
        o.lpath = s.lpath
        o.cpath = s.cpath
        ctx = try LuaContext(options: o)
        let L = ctx.L
        // Fallback modules: lua/handlers/<module path>.lua, and our `say`.
        try EmbeddedFamily.push(ctx, "handlers", shortNames: true, what: "the output handler host")
        if let say = EmbeddedLua.modules["say"] {
            Value.pushString(L, "say")
            try ctx.load(embedded: say)
            Value.rawSet(L)
        }
        Value.newTable(L, fields: 10)
        Push.field(L, "name") { Value.pushString(L, s.name) }
        Push.field(L, "verbose") { Value.pushBool(L, s.verbose) }
        Push.field(L, "suppress_pending") { Value.pushBool(L, s.suppressPending) }
        Push.field(L, "defer_print") { Value.pushBool(L, s.deferPrint) }
        Push.field(L, "language") { Value.pushString(L, s.language) }
        Push.field(L, "default_output") { Value.pushString(L, s.defaultOutput) }
        Push.field(L, "clock") { bk_push_clock(L) }
        Push.field(L, "gettime") { bk_pushhostfn(L, { L in Host.run(L) { L in Value.pushNumber(L, Clock.wallNow()); return 1 } }, 0) }
        Push.field(L, "arguments") {
            Value.pushList(L, s.arguments)
            Value.pushString(L, s.script); Value.rawSet(L, at: 0)
            Value.pushString(L, s.interpreter); Value.rawSet(L, at: -1)
        }
        try ctx.call(nargs: 2, nresults: 1, timeout: ctx.options.timeout)
        hostRef = Value.reference(L)
        // Events run on a thread of their own (with a timeout): a handler
        // stuck where hooks cannot reach parks that thread instead of
        // ending the runner, and the runner gives up waiting for it.
        if ctx.options.timeout > 0 { bk_set_stuck_handler(L, bk_stuck_park, nil) }
    }

    /// The thread events run on when there is a timeout.
    private let thread = HandlerThread()
    /// Handlers given up on: their state belongs to a parked thread and is
    /// never closed (closing it would run Lua under that thread's feet).
    nonisolated(unsafe) private static var abandoned: [LuaContext] = []

    /// Set once an event overran the timeout: the handler is not called
    /// again, so the run (its summary, its reports) ends as it would have.
    private var dropped = false

    /// Calls `host[name](args...)`; a failure is counted and shown once.
    private func call(_ name: String, nresults: Int32 = 0, _ push: @escaping (OpaquePointer) -> Int32) {
        guard !dropped else { return }
        // What reporters wrote before this event goes out before the handler's own.
        StandardOutput.flush()
        let timeout = ctx.options.timeout
        guard timeout > 0 else { callHere(name, nresults: nresults, push); return }
        // The in-state limit, its grace, and a second more so the stuck
        // thread's own message comes first.
        let returned = thread.run(within: timeout + bk_grace_seconds() + 1) { [self] in callHere(name, nresults: nresults, push) }
        if !returned {
            failures += 1
            dropped = true
            Self.abandoned.append(ctx)
            let line = Array("buttonkit: the output handler is dropped for the rest of the run\n".utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
    }

    /// Calls `host[name](args...)` on this thread.
    private func callHere(_ name: String, nresults: Int32, _ push: (OpaquePointer) -> Int32) {
        let L = ctx.L
        let top = Value.top(L)
        defer { Value.setTop(L, top) }
        _ = Value.pushReference(L, hostRef)
        Value.pushString(L, name)
        Value.rawGet(L)
        let n = push(L)
        do {
            try ctx.call(nargs: n, nresults: nresults, timeout: ctx.options.timeout)
            if nresults > 0, let n = Value.integer(L, -1) { failures += n }
        } catch {
            failures += 1
            var text = "buttonkit: the output handler failed: \(error.message)\n"
            if error.kind == .timeout || error.kind == .interrupted {
                dropped = true
                text += "buttonkit: the output handler is dropped for the rest of the run\n"
            }
            let line = Array(text.utf8)
            _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        }
    }

    public func suiteStarted(_ run: RunInfo) {
        guard !listing else { return }
        runInfo = run
        call("suite_start") { L in
            Value.pushInteger(L, run.run); Value.pushInteger(L, run.runs)
            if let seed = run.seed { Value.pushInteger(L, seed) } else { Value.pushNil(L) }
            return 3
        }
    }

    public func fileStarted(_ file: String) {
        if !listing { call("file_start") { L in Value.pushString(L, file); return 1 } }
    }

    /// What a worker sent as JSON (busted's element, its ids), as a table;
    /// nil when there is none or it does not read.
    private static func pushDetail(_ L: OpaquePointer, _ detail: String?) {
        guard let detail, let v = try? JSON.parse(detail) else { Value.pushNil(L); return }
        Push.json(L, v)
    }

    public func testStarted(_ s: TestStart) {
        guard !listing else { return }
        call("test_start") { L in
            Value.pushString(L, s.file); ByteText.push(L, s.name); Value.pushInteger(L, s.line)
            Self.pushDetail(L, s.detail)
            return 4
        }
    }

    public func blockEvent(file: String, detail: String) {
        guard !listing, let v = try? JSON.parse(detail) else { return }
        call("block") { L in
            Value.pushString(L, file)
            Push.json(L, v)
            return 2
        }
    }

    public func testFinished(_ r: TestResult) {
        if r.status == .listed || listing { return }
        // What the test printed shows where busted shows it: while the test
        // runs, before the handler hears of its end.
        if echoesOutput && !r.output.isEmpty { TextOutput(.standardOutput).write(r.output) }
        call("test_end") { L in
            // A spec's text as its bytes (see ByteText), as busted's handlers get it.
            Value.pushString(L, r.file); ByteText.push(L, r.name); Value.pushInteger(L, r.line)
            Value.pushString(L, r.status.rawValue); Value.pushString(L, r.origin.rawValue)
            if let m = r.message { ByteText.push(L, m) } else { Value.pushNil(L) }
            if let t = r.traceback { ByteText.push(L, t) } else { Value.pushNil(L) }
            Value.pushNumber(L, r.duration)
            Self.pushDetail(L, r.detail)
            return 9
        }
    }

    public func fileFinished(_ file: String) {
        if !listing { call("file_end") { L in Value.pushString(L, file); return 1 } }
    }

    public func suiteFinished(_ summary: TestSummary) { if !listing { call("suite_end") { _ in 0 } } }

    public func finish(_ total: TestSummary) { call("exit", nresults: 1) { _ in 0 } }
}

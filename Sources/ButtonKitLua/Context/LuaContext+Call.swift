#if canImport(Glibc)
import Glibc
#endif
import CLuaSandbox
import CLuaShim

/// The one path by which the host runs Lua: `run`, `runFile`, `evaluate`,
/// the REPL and the test runner all load with `load` and call with `call`.
/// Limits are armed and cleared in one place (`bk_call`, in C) and failures
/// come back as one error type whose kind C decided.
extension LuaContext {
    /// How a chunk may be loaded.
    package enum ChunkMode: String {
        /// Source text only (the sandbox's rule for scripts).
        case text = "t"
        /// Source or precompiled bytecode.
        case any = "bt"
        /// Precompiled bytecode only (the framework's own modules).
        case binary = "b"
    }

    /// What a script's chunks may be: text only under the sandbox.
    package var scriptMode: ChunkMode { options.sandbox ? .text : .any }

    /// Calls the function below `nargs` arguments, leaving `nresults` results
    /// (LUA_MULTRET for all). `timeout` > 0 gives this call a deadline; 0
    /// runs under whatever deadline is already running (a handler inside a
    /// script). On failure the error is popped into the thrown `LuaError`.
    package func call(nargs: Int32, nresults: Int32, timeout: Double = 0) throws(LuaError) {
        try call(on: L, nargs: nargs, nresults: nresults, timeout: timeout)
    }

    /// `call` on another thread of this state (a coroutine a handler runs on).
    /// A call the model makes into a script's function (an event handler,
    /// a configuration update handler): inside a script's own call it runs
    /// under that call's deadline; outside any (`render` and `audit` draw
    /// after the script has returned) it gets a deadline of its own, the
    /// context's timeout, so a handler cannot outlive the limit it was
    /// given.
    package func callback(on thread: OpaquePointer, nargs: Int32, nresults: Int32) throws(LuaError) {
        var timeout = options.timeout
        if bk_timeout(thread) > 0 {
            timeout = 0
        } else if laterCallbacksDeadline > 0 {
            let now = Double(bk_now_ns()) / 1e9
            timeout = Swift.max(laterCallbacksDeadline - now, 1e-6)
        }
        try call(on: thread, nargs: nargs, nresults: nresults, timeout: timeout)
    }

    /// From now on, callbacks made outside any call of the script's (the
    /// drawing of `render` and `audit`, which runs every handler for every
    /// state) share one deadline, the command's (`ConfinedRun.deadline`:
    /// the timeout counted from the command's start), rather than one each:
    /// a thousand looping handlers end in one timeout, not a thousand, and
    /// the whole command within its limit.
    package func limitLaterCallbacks(until deadline: Double) {
        guard options.timeout > 0 else { return }
        laterCallbacksDeadline = deadline
    }

    package func call(on thread: OpaquePointer, nargs: Int32, nresults: Int32, timeout: Double = 0) throws(LuaError) {
        let code = bk_call(thread, nargs, nresults, timeout)
        if code != BK_OK { throw LuaError.fromTop(thread, code: code, context: self) }
    }

    /// Loads a chunk from text and leaves it on the stack.
    package func load(_ code: String, name: String, mode: ChunkMode) throws(LuaError) {
        var code = code
        let status = code.withUTF8 { buf in
            buf.withMemoryRebound(to: CChar.self) { bk_load(L, $0.baseAddress, $0.count, name, mode.rawValue) }
        }
        if status != BK_OK { throw LuaError.fromTop(L, code: status, context: self) }
    }

    /// Loads a file and leaves the chunk on the stack. `beneathTree`: the
    /// file is one a confined run names and the host loads (a spec file, a
    /// helper), opened beneath the working tree (`Confinement`): the kernel
    /// resolves the name there, whatever folders were moved since.
    package func loadFile(_ path: String, mode: ChunkMode, beneathTree: Bool = false) throws(LuaError) {
        guard !path.utf8.contains(0) else {
            throw LuaError(kind: .file, message: "cannot open \(path.replacingNUL): the name contains a NUL byte")
        }
        var status: Int32
        if beneathTree {
            var why: UnsafeMutablePointer<CChar>?
            let fd = path.withCString { bk_tree_open(confinement.tree, $0, path.utf8.count, BK_FOR_OPEN, "buttonkit", O_RDONLY, 0, &why) }
            if fd == BK_REFUSED {
                let reason = why.map { String(cString: $0) } ?? ""
                free(why)
                throw LuaError(kind: .file, message: "\(path) no longer leads inside the working tree (\(reason)); under --sandbox it is not loaded")
            }
            if fd < 0 { throw LuaError(kind: .file, message: "cannot open \(path): \(String(cString: strerror(errno)))") }
            status = bk_loadfd(L, fd, path, mode.rawValue)
        } else {
            status = bk_loadfile(L, path, mode.rawValue)
        }
        if status != BK_OK { throw LuaError.fromTop(L, code: status, context: self) }
    }

    /// Loads what a person typed, with lua.c's rule: as an expression
    /// (`return <code>`) when that compiles, else as statements. An
    /// unfinished chunk throws `.incompleteInput`.
    package func loadInteractive(_ code: String, name: String) throws(LuaError) {
        let top = lua_gettop(L)
        do {
            try load("return " + code, name: name, mode: .text)
            return
        } catch {
            lua_settop(L, top)
        }
        try load(code, name: name, mode: .text)
    }

    // MARK: Entry points

    /// Loads and runs a file with `args` as `...`, under the time limit.
    public func runFile(_ path: String, args: [String] = [], timeout: Double? = nil) throws(LuaError) {
        try runFile(path, args: args, timeout: timeout, beneathTree: false)
    }

    /// `runFile` for a command: `beneathTree`, a file a confined run names
    /// (see `loadFile`); `lockingDown`, the process confines itself
    /// (`lockDown`) once the file is loaded, before it runs.
    package func runFile(_ path: String, args: [String] = [], timeout: Double? = nil, beneathTree: Bool = false,
                         lockingDown grants: [Confinement.Grant]? = nil) throws(LuaError) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try loadFile(path, mode: scriptMode, beneathTree: beneathTree)
        if let grants { lockDown(grants) }
        for a in args { Value.pushString(L, a) }
        try call(nargs: Int32(args.count), nresults: 0, timeout: timeout ?? options.timeout)
    }

    /// Runs a string of code; `name` is the chunk name shown in errors.
    public func run(_ code: String, name: String = "=(command line)", args: [String] = [], timeout: Double? = nil) throws(LuaError) {
        try run(code, name: name, args: args, timeout: timeout, lockingDown: nil)
    }

    /// `run`, confining the process first when `grants` is given (see
    /// `runFile`).
    package func run(_ code: String, name: String = "=(command line)", args: [String] = [], timeout: Double? = nil,
                     lockingDown grants: [Confinement.Grant]?) throws(LuaError) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try load(code, name: name, mode: scriptMode)
        if let grants { lockDown(grants) }
        for a in args { Value.pushString(L, a) }
        try call(nargs: Int32(args.count), nresults: 0, timeout: timeout ?? options.timeout)
    }

    /// Runs code the way a REPL does (an expression prints its value) and
    /// returns its results as display strings.
    public func evaluate(_ code: String, name: String = "=eval") throws(LuaError) -> [String] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try loadInteractive(code, name: name)
        try call(nargs: 0, nresults: LUA_MULTRET, timeout: options.timeout)
        var out: [String] = []
        let n = lua_gettop(L)
        if n > top {
            for i in (top + 1)...n { out.append(Value.display(L, i)) }
        }
        return out
    }
}

extension String {
    /// The text with NUL bytes shown as `\0`, for messages.
    var replacingNUL: String { split(separator: "\0", omittingEmptySubsequences: false).joined(separator: "\\0") }
}

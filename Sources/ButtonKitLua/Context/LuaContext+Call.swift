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
    /// state) share one deadline, the context's timeout counted from here,
    /// rather than one each: a thousand looping handlers end in one timeout,
    /// not a thousand.
    package func limitLaterCallbacks() {
        guard options.timeout > 0 else { return }
        laterCallbacksDeadline = Double(bk_now_ns()) / 1e9 + options.timeout
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

    /// Loads a file and leaves the chunk on the stack.
    /// `check`, when given, runs right before the file is opened with the
    /// collector stopped, so no finalizer (no Lua at all) runs between the
    /// two: a host loading a file a confined run named checks it here.
    package func loadFile(_ path: String, mode: ChunkMode, check: (() throws(LuaError) -> Void)? = nil) throws(LuaError) {
        guard !path.utf8.contains(0) else {
            throw LuaError(kind: .file, message: "cannot open \(path.replacingNUL): the name contains a NUL byte")
        }
        var status: Int32
        if let check {
            let collecting = bk_gc_pause(L)
            defer { bk_gc_resume(L, collecting) }
            try check()
            status = bk_loadfile(L, path, mode.rawValue)
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
    public func runFile(_ path: String, args: [String] = [], timeout: Double? = nil,
                        check: (() throws(LuaError) -> Void)? = nil) throws(LuaError) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try loadFile(path, mode: scriptMode, check: check)
        for a in args { Value.pushString(L, a) }
        try call(nargs: Int32(args.count), nresults: 0, timeout: timeout ?? options.timeout)
    }

    /// Runs a string of code; `name` is the chunk name shown in errors.
    public func run(_ code: String, name: String = "=(command line)", args: [String] = [], timeout: Double? = nil) throws(LuaError) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try load(code, name: name, mode: scriptMode)
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

import ButtonKit
import CLuaShim
#if canImport(Glibc)
import Glibc
#endif

/// One Lua state with ButtonKit loaded: limits, sandbox, the `ui` module and
/// the identity map between Swift objects and their Lua values.
///
/// A context is used by one thread at a time (the model is single-threaded);
/// parallel work uses several contexts.
public final class LuaContext {
    /// What a script may do and use.
    public struct Options: Sendable {
        /// Confine scripts (no os.execute, io.popen, C modules, binary
        /// chunks, files outside `root`). `--unsafe` turns this off.
        public var sandbox = true
        /// Seconds before a running chunk is stopped; 0 = no limit.
        public var timeout: Double = 30
        /// Memory ceiling in megabytes; 0 = no limit.
        public var maxMemoryMB: Int = 1024
        /// The working tree scripts may read and write (default: the cwd).
        public var root: String? = nil
        /// Extra `package.path` entries (`--lpath`), searched before `./?.lua`.
        public var lpath: [String] = []
        /// The defaults: sandboxed, 30 s, 1024 MB, the working folder as root.
        public init() {}
    }

    public private(set) var L: OpaquePointer?
    let limits: UnsafeMutablePointer<bk_limits>
    public let options: Options
    let sandbox: Sandbox
    var cacheRef: Int32 = LUA_NOREF
    var metatableRefs: [Int32] = Array(repeating: LUA_NOREF, count: Binding.Kind.allCases.count + 1)
    var idCounters: [String: Int] = [:]
    var nextToken = 1
    /// The thread handlers run on while a binding calls into the model.
    var activeL: OpaquePointer?
    /// When set, every button or sort button that gets a Lua value is kept
    /// here, in creation order (`buttonkit render` draws them all).
    public var trackCreatedControls = false
    public internal(set) var createdControls: [Button] = []
    /// Receives test results while the test framework runs in this context.
    var testReporter: ((TestResult) -> Void)?
    /// Receives notes (e.g. "wrote snapshot ...") while tests run.
    var testNote: ((String) -> Void)?

    /// Creates a state with the standard libraries, `ui`, the sandbox (unless
    /// disabled) and the limits installed.
    public init(options: Options = Options()) throws {
        self.options = options
        self.sandbox = Sandbox(root: options.root ?? Sandbox.cwd())
        limits = .allocate(capacity: 1)
        limits.initialize(to: bk_limits())
        limits.pointee.limit = options.maxMemoryMB > 0 ? Int(options.maxMemoryMB) << 20 : 0
        guard let L = bk_newstate(limits) else {
            limits.deallocate()
            throw LuaError(kind: .memory, message: "cannot create a Lua state")
        }
        self.L = L
        limits.pointee.host = Unmanaged.passUnretained(self).toOpaque()
        bk_set_release { ptr in
            if let ptr { Unmanaged<AnyObject>.fromOpaque(ptr).release() }
        }
        guard bk_openlibs(L) == LUA_OK else {
            throw LuaError.fromTop(L, status: LUA_ERRRUN, context: self)
        }
        // Driver code (this class, the test runner, the REPL) allocates freely;
        // only Lua code running under a protected call meets the ceiling.
        limits.pointee.in_host = 1
        Binding.installAll(L, self)
        UIModule.install(L, self)
        try installPrelude(L)
        bk_install_hook(L)
    }

    deinit {
        if let L {
            // Finalizers run during lua_close; a runaway one must not keep the
            // process from exiting (its error becomes a warning).
            bk_set_timeout(L, options.timeout > 0 ? options.timeout : 5)
            lua_close(L)
        }
        bk_forget_limits(limits)
        limits.deallocate()
    }

    /// The context that owns `L` (any thread of it).
    @inline(__always)
    static func of(_ L: OpaquePointer) -> LuaContext {
        Unmanaged<LuaContext>.fromOpaque(bk_limits_of(L).pointee.host).takeUnretainedValue()
    }

    /// Bytes the state uses now and at most so far.
    public var memoryUsed: Int { limits.pointee.used }
    public var memoryPeak: Int { limits.pointee.peak }

    /// Asks running Lua code to stop at its next hook check (safe from a
    /// signal handler: it only sets a flag).
    public func interrupt() { limits.pointee.interrupted = 1 }

    /// The next automatic id for a kind: `button1`, `button2`, ...
    func nextID(_ prefix: String) -> String {
        let n = (idCounters[prefix] ?? 0) + 1
        idCounters[prefix] = n
        return prefix + String(n)
    }

    // MARK: Running code

    private func installPrelude(_ L: OpaquePointer) throws {
        // Helpers written in Lua (lua/*.lua), loaded with the host functions
        // they need as arguments.
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard luaL_loadbufferx(L, EmbeddedLua.sandbox, EmbeddedLua.sandbox.utf8.count, "=[buttonkit sandbox]", "t") == LUA_OK else {
            throw LuaError.fromTop(L, status: LUA_ERRSYNTAX, context: self)
        }
        lua_pushboolean(L, options.sandbox ? 1 : 0)
        bk_pushhostfn(L, { L in Host.run(L) { L in try LuaContext.checkPath(L) } }, 0)
        Value.pushString(L, options.lpath.joined(separator: ";"))
        let status = bk_pcall_traceback(L, 3, 0)
        if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: self) }
    }

    /// `checkpath(path, mode, fname)` for the sandbox prelude: returns true
    /// when allowed, else false and a clear message (the Lua wrapper raises
    /// it at the caller's level, so the error points at the script's line).
    static func checkPath(_ L: OpaquePointer) throws -> Int32 {
        let ctx = LuaContext.of(L)
        let fname = Value.string(L, 3) ?? "io.open"
        guard let path = Value.string(L, 1) else {
            throw BridgeError("bad argument #1 to '\(fname)' (string expected, got \(Value.typeName(L, 1)))")
        }
        let allowed = ctx.sandbox.resolve(path) != nil
            || (fname == "require" && Sandbox.isSystemLuaModule(path))
        guard allowed else {
            lua_pushboolean(L, 0)
            Value.pushString(L, ctx.sandbox.refusal(path, fname))
            return 2
        }
        lua_pushboolean(L, 1)
        return 1
    }

    /// A path a binding (e.g. `ui.store`) may use, or an error.
    func allowedPath(_ path: String, _ fname: String) throws(BridgeError) -> String {
        guard options.sandbox else { return path }
        guard sandbox.resolve(path) != nil else { throw BridgeError(sandbox.refusal(path, fname)) }
        return path
    }

    /// Runs a chunk already on the stack with `args` as `...`, under the
    /// time limit and a traceback handler.
    private func call(_ L: OpaquePointer, args: [String], timeout: Double?) throws {
        for a in args { Value.pushString(L, a) }
        limits.pointee.mem_exceeded = 0
        bk_set_timeout(L, timeout ?? options.timeout)
        let status = bk_pcall_traceback(L, Int32(args.count), 0)
        bk_set_timeout(L, 0)
        if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: self) }
    }

    /// Sets the global `arg` like lua.c: `arg[0]` the script, `arg[1...]` the
    /// arguments, `arg[-1]` the interpreter (this executable, when known).
    public func setArg(script: String, args: [String], interpreter: String? = LuaContext.executablePath) {
        guard let L else { return }
        lua_createtable(L, Int32(args.count), 2)
        Value.pushString(L, script); lua_rawseti(L, -2, 0)
        if let interpreter { Value.pushString(L, interpreter); lua_rawseti(L, -2, -1) }
        for (i, a) in args.enumerated() { Value.pushString(L, a); lua_rawseti(L, -2, lua_Integer(i + 1)) }
        bk_pushglobaltable(L)
        lua_rotate(L, -2, 1)            // _G, arg
        Value.pushString(L, "arg")
        lua_rotate(L, -2, 1)            // _G, "arg", arg
        lua_rawset(L, -3)
        lua_settop(L, -2)
    }

    /// The running executable's path (Linux's /proc/self/exe), for `arg[-1]`.
    public static var executablePath: String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Loads and runs a file.
    public func runFile(_ path: String, args: [String] = [], timeout: Double? = nil) throws {
        guard let L else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let status = luaL_loadfilex(L, path, options.sandbox ? "t" : "bt")
        if status != LUA_OK {
            let e = LuaError.fromTop(L, status: status, context: self)
            throw LuaError(kind: status == LUA_ERRFILE ? .file : e.kind, message: e.message)
        }
        try call(L, args: args, timeout: timeout)
    }

    /// Runs a string of code; `name` is the chunk name shown in errors.
    public func run(_ code: String, name: String = "=(command line)", args: [String] = [], timeout: Double? = nil) throws {
        guard let L else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let status = luaL_loadbufferx(L, code, code.utf8.count, name, options.sandbox ? "t" : "bt")
        if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: self) }
        try call(L, args: args, timeout: timeout)
    }

    /// Runs code and returns its results as display strings (for tests and the REPL).
    public func evaluate(_ code: String, name: String = "=eval") throws -> [String] {
        guard let L else { return [] }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var status = luaL_loadbufferx(L, "return " + code, code.utf8.count + 7, name, "t")
        if status != LUA_OK {
            lua_settop(L, top)
            status = luaL_loadbufferx(L, code, code.utf8.count, name, "t")
        }
        if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: self) }
        bk_set_timeout(L, options.timeout)
        status = bk_pcall_traceback(L, 0, LUA_MULTRET)
        bk_set_timeout(L, 0)
        if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: self) }
        var out: [String] = []
        let n = lua_gettop(L)
        if n > top {
            for i in (top + 1)...n {
                var len = 0
                // luaL_tolstring may run __tostring: it runs protected, in C.
                if bk_ptolstring(L, i) == LUA_OK, let p = lua_tolstring(L, -1, &len) {
                    out.append(String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self))
                } else {
                    out.append("(error converting value)")
                }
                lua_settop(L, -2)
            }
        }
        return out
    }

    /// Runs a full garbage collection (tests use it to check lifetimes).
    public func collectGarbage() {
        guard let L else { return }
        bk_gc_collect(L)
    }
}

import ButtonKit
import ButtonKitIB
import CLuaSandbox
import CLuaShim
#if canImport(Glibc)
import Glibc
#endif

/// One Lua state with ButtonKit loaded: limits, sandbox, the `ui` module and
/// the identity map between Swift objects and their Lua values.
///
/// A context is used by one thread at a time (the model is single-threaded);
/// parallel work uses several contexts, which share nothing.
public final class LuaContext {
    /// What a script may do and use.
    public struct Options: Sendable {
        /// Confine scripts (no os.execute, io.popen, C modules, binary
        /// chunks, files outside `root`). `--unsafe` turns this off.
        public var sandbox = true
        /// Seconds a chunk run by `run`, `runFile` or `evaluate` may take; 0 = no limit.
        public var timeout: Double = 30
        /// Memory ceiling in megabytes; 0 = no limit.
        public var maxMemoryMB: Int = 1024
        /// The working tree scripts may read and write (default: the cwd).
        public var root: String? = nil
        /// Extra `package.path` entries (`--lpath`), searched before `./?.lua`.
        public var lpath: [String] = []
        /// Extra `package.cpath` entries (unsandboxed only: C modules).
        public var cpath: [String] = []
        /// The defaults: sandboxed, 30 s, 1024 MB, the working folder as root.
        public init() {}
    }

    /// The state. Front ends talk to the context, not to the state; the
    /// runner in the same package reaches it to add its host functions.
    package let L: OpaquePointer
    public let options: Options
    /// The working tree, and every question about a path a script names.
    package let confinement: Confinement
    var identityRef: Int32 = LUA_NOREF
    /// The `ui` table, to recognise `ui:button{}` (a colon call passes it).
    var moduleRef: Int32 = LUA_NOREF
    var metatableRefs: [Int32] = Array(repeating: LUA_NOREF, count: Binding.Kind.allCases.count + 1)
    var idCounters: [String: Int] = [:]
    /// The named colours of the asset catalogs this state loaded
    /// (`ui.assets`, `ui.load`): what a colour name that is neither a
    /// system nor a fixed colour's name is looked up in.
    package var assetColors = AssetColors()
    /// What the file says of each control `ui.load` made (`ibID`,
    /// `actions`, ...), by control, for as long as the control lives (the
    /// document itself may be gone).
    var fileInfos: [ObjectIdentifier: FileInfo] = [:]
    /// `doc:on` handlers by token (the Lua function is in the document's
    /// user value under the same token).
    var documentHandlers: [Int: DocumentHandler] = [:]
    var nextToken = 1
    /// When set, every button or sort button that gets a Lua value is kept
    /// here, in creation order (`buttonkit render` draws them all).
    public var trackCreatedControls = false
    /// Monotonic seconds: the deadline `limitLaterCallbacks` set (0: none).
    var laterCallbacksDeadline: Double = 0
    public internal(set) var createdControls: [Button] = []
    /// When set, every screen that gets a Lua value is kept here too.
    public internal(set) var createdScreens: [Screen] = []
    /// When set, every sort bar and radio group that gets a Lua value, in
    /// creation order: `render` draws each as one picture.
    public internal(set) var createdContainers: [any SelectionContainer] = []
    /// When set, every document `ui.load` made, in load order (`render` and
    /// `audit` say how much of each was not modelled).
    public internal(set) var createdDocuments: [IBDocument] = []
    /// `createdControls` with one control per id, the newest, in creation
    /// order: what a script re-creating a control under one id means.
    public var newestCreatedControls: [Button] { Self.newestByID(createdControls, \.id) }
    /// `createdContainers`, one per id, the newest, in creation order.
    public var newestCreatedContainers: [any SelectionContainer] { Self.newestByID(createdContainers, \.id) }

    static func newestByID<T>(_ items: [T], _ id: (T) -> String) -> [T] {
        var seen = Set<[UInt8]>()   // ids are told apart by bytes (see Spelling)
        var kept: [T] = []
        for x in items.reversed() where seen.insert(Array(id(x).utf8)).inserted { kept.append(x) }
        return kept.reversed()
    }
    /// The object driving this context (a test runner): host functions a
    /// front end adds find their owner here.
    package var owner: AnyObject?

    /// Creates a state with the standard libraries, `ui`, the sandbox (unless
    /// disabled) and the limits installed.
    public convenience init(options: Options = Options()) throws(LuaError) {
        try self.init(options: options, tree: nil)
    }

    /// A context whose working tree is `tree` when given (a command's
    /// `ConfinedRun` holds the one tree of its run), else `options.root`'s.
    package init(options: Options, tree: Confinement?) throws(LuaError) {
        self.options = options
        // Fonts are opened now, before any confinement (see TextSetup).
        TextSetup.install()
        self.confinement = tree ?? Confinement(root: options.root)
        let limit = options.maxMemoryMB > 0 ? Int(options.maxMemoryMB) << 20 : 0
        guard let L = bk_open(limit, nil, { ptr in
            if let ptr { Unmanaged<AnyObject>.fromOpaque(ptr).release() }
        }) else {
            throw LuaError(kind: .memory, message: "cannot create a Lua state")
        }
        self.L = L
        bk_state_set_host(L, Unmanaged.passUnretained(self).toOpaque())
        Binding.installAll(L, self)
        UIModule.install(L, self)
        try installSandbox()
    }

    deinit { close() }

    private var closed = false

    /// Closes the state now: finalizers (`__gc`) run, open files are flushed
    /// and closed, as when a script ends under `lua5.4`. A runaway finalizer
    /// cannot keep the process from exiting (its time is limited). The
    /// context must not be used afterwards; a forked test worker calls this
    /// before it exits, because `_exit` would skip all of it.
    package func close() {
        guard !closed else { return }
        closed = true
        bk_close(L, options.timeout > 0 ? options.timeout : 5)
    }

    /// The context that owns `L` (any thread of it).
    @inline(__always)
    package static func of(_ L: OpaquePointer) -> LuaContext {
        Unmanaged<LuaContext>.fromOpaque(bk_host(L)).takeUnretainedValue()
    }

    /// Bytes the state uses now (Lua's and what the model holds for scripts)
    /// and at most so far.
    public var memoryUsed: Int { bk_memory_used(L) }
    public var memoryPeak: Int { bk_memory_peak(L) }

    /// Asks running Lua code to stop at its next instruction (safe from a
    /// signal handler or another thread: it only sets flags and a hook).
    public func interrupt() { bk_interrupt(L) }

    /// The next automatic id for a kind: `button1`, `button2`, ...
    func nextID(_ prefix: String) -> String {
        let n = (idCounters[prefix] ?? 0) + 1
        idCounters[prefix] = n
        return prefix + String(n)
    }

    /// Runs a full garbage collection (tests use it to check lifetimes).
    public func collectGarbage() { bk_gc_collect(L) }

    // MARK: The sandbox

    private func installSandbox() throws(LuaError) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try EmbeddedLua.load(L, "sandbox", context: self)
        lua_pushboolean(L, options.sandbox ? 1 : 0)
        Value.pushString(L, options.lpath.joined(separator: ";"))
        bk_push_sandbox_load(L)
        Value.pushString(L, options.cpath.joined(separator: ";"))
        bk_push_sandbox_getinfo(L)
        bk_push_sandbox_getlocal(L)
        bk_push_sandbox_io(L, confinement.tree)
        try call(nargs: 7, nresults: 0)
    }

    /// The folder holding the file a binding keeps for a script at `path`
    /// (`ui.store`), and the file's name in it: beneath the working tree
    /// when confined (`Confinement.keptFile`), else where the path leads.
    package func keptFile(_ path: String, _ fname: String, makingFolders: Bool = false) throws(ButtonKitError) -> (Folder, String) {
        guard !path.utf8.contains(0) else { throw .refused("\(fname): '\(path.replacingNUL)': the name contains a NUL byte") }
        guard options.sandbox else {
            return (try Folder.open(PathText.directory(of: path), creating: makingFolders), PathText.basename(of: path))
        }
        return try confinement.keptFile(path, fname, makingFolders: makingFolders)
    }

    /// Confines this process to what a confined script may use (Landlock,
    /// where the kernel has it): the working tree, the system's pure-Lua
    /// modules and time zones, and `grants` (a render's output folder, a
    /// REPL's history). Call once everything else the process needs is
    /// open, right before the script runs; a context without the sandbox
    /// does nothing.
    package func lockDown(_ grants: [Confinement.Grant] = []) {
        guard options.sandbox else { return }
        confinement.lockDown(grants)
    }

    // MARK: arg

    /// Sets the global `arg` like lua.c: `arg[0]` the script, `arg[1...]` the
    /// arguments, negative indices the interpreter and its options.
    public func setArg(script: String, args: [String], interpreter: [String] = LuaContext.executablePath.map { [$0] } ?? []) {
        lua_createtable(L, Int32(args.count), Int32(interpreter.count + 1))
        Value.pushString(L, script); lua_rawseti(L, -2, 0)
        for (i, s) in interpreter.reversed().enumerated() { Value.pushString(L, s); lua_rawseti(L, -2, lua_Integer(-(i + 1))) }
        for (i, a) in args.enumerated() { Value.pushString(L, a); lua_rawseti(L, -2, lua_Integer(i + 1)) }
        bk_pushglobaltable(L)
        Value.pushString(L, "arg")
        lua_rotate(L, -3, -1)  // _G, "arg", arg
        lua_rawset(L, -3)
        bk_pop(L, 1)
    }

    /// The running executable's path (Linux's /proc/self/exe), for `arg[-1]`.
    public static var executablePath: String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension LuaContext {
    /// Call in a child process right after fork: POSIX timers are not
    /// inherited, so the state forgets the parent's.
    package func afterFork() { bk_after_fork(L) }
}

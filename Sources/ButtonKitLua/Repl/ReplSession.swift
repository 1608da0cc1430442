import ButtonKit
import CLuaShim

/// The REPL's logic, apart from the terminal: lua.c's input rules, commands,
/// printing and completion. `buttonkit repl` feeds it lines; tests can too.
public final class ReplSession {
    /// What one line of input produced.
    public struct Output: Sendable {
        /// Text for standard output (results, command output); may be empty.
        public var text: String = ""
        /// Text for standard error (errors).
        public var error: String = ""
        /// Set when the input finished something (a statement ran or failed,
        /// a command ran): everything typed for it, lines joined by newlines,
        /// so a front end keeps a multi-line chunk as one history entry and
        /// Up recalls it whole.
        public var historyEntry: String?
    }

    public internal(set) var context: LuaContext
    /// The command's run: the tree every state of the session (`:reset`
    /// makes a new one) is confined to, and the session's limits.
    package let run: ConfinedRun
    var options: LuaContext.Options { run.options }
    private var buffer: [String] = []
    /// The lines of `buffer` as typed (before `=` became `return`).
    private var typed: [String] = []
    var replRef: Int32 = LUA_NOREF
    /// Colours and 24-bit swatches (set by the terminal front end).
    public var color = false
    public var truecolor = false
    public internal(set) var wantsExit = false

    /// A fresh state with `ui` and the REPL helpers loaded.
    public convenience init(options: LuaContext.Options) throws(LuaError) {
        try self.init(run: ConfinedRun(options))
    }

    /// The session of the command's run `run`, built where the command
    /// starts. No memory floor: the REPL's own Swift work (printing,
    /// completion) runs between evaluations.
    package init(run: ConfinedRun) throws(LuaError) {
        self.run = run
        context = try run.context(run.options)
        try loadHelpers()
    }

    /// `>` for a new statement, `>>` while a statement continues.
    public var prompt: String { buffer.isEmpty ? "> " : ">> " }

    /// Whether a statement is waiting for more lines.
    public var isContinuing: Bool { !buffer.isEmpty }

    /// Drops a half-typed statement (Ctrl-C at the prompt).
    public func cancelLine() { buffer.removeAll(); typed.removeAll() }

    /// Asks running code to stop (Ctrl-C while it runs).
    public func interrupt() { context.interrupt() }

    /// Makes Ctrl-C stop running code instead of ending the process (for a
    /// terminal front end; install once).
    public static func installInterruptHandler() { bk_sigint_install() }

    /// Whether Ctrl-C was pressed since the last call (at a prompt: cancel
    /// the line).
    public static func takeInterrupt() -> Bool { bk_sigint_take() != 0 }

    /// Makes a closing terminal (SIGHUP) stop running code and end the
    /// session through its normal way out, so the history is saved (for a
    /// terminal front end; install once, after `installInterruptHandler`).
    public static func installHangupHandler() { bk_sighup_install() }

    /// Marks the wait for a line (`waiting`): a hang-up then calls `writer`
    /// (the front end's history writer) and ends the process at once, since
    /// the line editor's read does not return for a signal.
    public static func waitingForLine(_ waiting: Bool, writer: (@convention(c) () -> Void)?) {
        bk_sighup_prompt(waiting ? 1 : 0, writer)
    }

    /// The signal that ends the session (SIGHUP: the terminal closed;
    /// SIGTERM), or nil: the front end leaves as on `:quit`, with 128 + it.
    public static var hangupSignal: Int32? { let s = bk_sighup_seen(); return s == 0 ? nil : s }

    func loadHelpers() throws(LuaError) {
        let L = context.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try EmbeddedLua.load(L, "repl", context: context)
        try context.call(nargs: 0, nresults: 1)
        Push.field(L, "names") { ReplSession.pushNames(L) }
        Push.field(L, "options") { ReplSession.pushOptionKeys(L) }
        replRef = luaL_ref(L, bk_registryindex())
    }

    /// Pushes the helper function `name` from repl.lua, after setting flags.
    func pushHelper(_ L: OpaquePointer, _ name: String) {
        lua_rawgeti(L, bk_registryindex(), lua_Integer(replRef))
        Push.field(L, "color") { Value.pushBool(L, color) }
        Push.field(L, "truecolor") { Value.pushBool(L, truecolor) }
        Value.pushString(L, name)
        lua_rawget(L, -2)
        lua_rotate(L, -2, 1)
        bk_pop(L, 1)
    }

    /// Handles one line of input (or several: a recalled multi-line
    /// history entry arrives as one string with newlines).
    public func feed(_ raw: String) -> Output {
        var line = raw
        if buffer.isEmpty {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix(":") {
                var out = command(String(trimmed))
                out.historyEntry = raw
                return out
            }
            if trimmed.isEmpty { return Output() }
            // lua.c: a leading '=' means "return".
            if trimmed.hasPrefix("=") { line = "return " + trimmed.dropFirst() }
        }
        buffer.append(line)
        typed.append(raw)
        var out = evaluateBuffer()
        if buffer.isEmpty {
            out.historyEntry = typed.joined(separator: "\n")
            typed.removeAll()
        }
        return out
    }

    /// Runs code with Ctrl-C aimed at it (a signal only sets flags; the
    /// limit machinery stops the code at its next instruction).
    func interruptible<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
        bk_sigint_target(context.L)
        defer { bk_sigint_target(nil); _ = bk_sigint_take() }
        return try body()
    }

    private func evaluateBuffer() -> Output {
        let L = context.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let code = buffer.joined(separator: "\n")
        do {
            // Expressions print: `return <code>` first, as lua.c does.
            try context.loadInteractive(code, name: "=stdin")
        } catch {
            if error.kind == .incompleteInput { return Output() }  // wait for more
            buffer.removeAll()
            return Output(error: error.message + "\n")
        }
        buffer.removeAll()
        let base = lua_gettop(L) - 1
        do {
            try interruptible { () throws(LuaError) in try context.call(nargs: 0, nresults: LUA_MULTRET, timeout: options.timeout) }
        } catch {
            var msg = error.message
            if error.kind == .memory { msg = "memory limit exceeded (\(options.maxMemoryMB) MB)" }
            if error.kind == .runtime, let shown = errorValue(error) { msg = shown }
            return Output(error: msg + "\n")
        }
        let nresults = lua_gettop(L) - base
        if nresults == 0 { return Output() }
        return Output(text: format(L, first: base + 1, count: nresults))
    }
}

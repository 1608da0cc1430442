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

    public private(set) var context: LuaContext
    private let options: LuaContext.Options
    private var buffer: [String] = []
    /// The lines of `buffer` as typed (before `=` became `return`).
    private var typed: [String] = []
    private var replRef: Int32 = LUA_NOREF
    /// Colours and 24-bit swatches (set by the terminal front end).
    public var color = false
    public var truecolor = false
    public private(set) var wantsExit = false

    /// A fresh state with `ui` and the REPL helpers loaded.
    public init(options: LuaContext.Options) throws(LuaError) {
        self.options = options
        context = try LuaContext(options: options)
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

    private func loadHelpers() throws(LuaError) {
        let L = context.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        try EmbeddedLua.load(L, "repl", context: context)
        try context.call(nargs: 0, nresults: 1)
        Push.field(L, "names") { ReplSession.pushNames(L) }
        replRef = luaL_ref(L, bk_registryindex())
    }

    /// The names Tab offers inside strings, read from the model's parsing
    /// tables so they are exactly what the bindings accept (a colour added
    /// to `Color.named` completes without touching the REPL).
    public static var stringNames: [(kind: String, names: [String])] {
        [("states", ["normal"] + ControlState.flagNames.map(\.name)),
         ("events", (ControlEvent.singles + ControlEvent.groups).map(\.name)),
         ("colors", Color.named.map(\.name) + SystemColor.allCases.map(\.rawValue) + ["tintColor"]),
         ("properties", StyleProperty.allCases.map(\.rawValue)),
         ("interfaceStyles", UserInterfaceStyle.allCases.map(\.rawValue) + ["unspecified"]),
         ("configurationStyles", ConfigurationStyle.allCases.map(\.rawValue)),
         ("cornerStyles", ConfigurationCornerStyle.allCases.map(\.rawValue)),
         ("buttonSizes", ConfigurationSize.allCases.map(\.rawValue)),
         ("imagePlacements", ImagePlacement.allCases.map(\.rawValue)),
         ("buttonTypes", ButtonType.allCases.map(\.rawValue))]
    }

    private static func pushNames(_ L: OpaquePointer) {
        lua_createtable(L, 0, Int32(stringNames.count))
        for (kind, names) in stringNames { Push.field(L, kind) { Value.pushList(L, names) } }
    }

    /// Pushes the helper function `name` from repl.lua, after setting flags.
    private func pushHelper(_ L: OpaquePointer, _ name: String) {
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
    private func interruptible<T>(_ body: () throws(LuaError) -> T) throws(LuaError) -> T {
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

    /// A table (or userdata) raised as an error, printed as the REPL prints
    /// any value: its fields are the information (lua.c can only say
    /// "(error object is a table value)"). Nil for strings and numbers,
    /// whose message (with position and traceback) is already right.
    private func errorValue(_ error: LuaError) -> String? {
        let L = context.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        error.push(L)
        let t = lua_type(L, -1)
        guard t == LUA_TTABLE || t == LUA_TUSERDATA else { return nil }
        var text = format(L, first: lua_gettop(L), count: 1)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Formats values on the stack with repl.lua's pretty printer.
    private func format(_ L: OpaquePointer, first: Int32, count: Int32) -> String {
        pushHelper(L, "print_results")
        for i in 0..<count { lua_pushvalue(L, first + i) }
        do {
            try context.call(nargs: count, nresults: 1)
            return (Value.string(L, -1) ?? "") + "\n"
        } catch {
            return error.message + "\n"
        }
    }

    /// Completions at the end of `text` (the line up to the cursor): names
    /// of globals, fields and methods in code; state, event, colour and
    /// style property names inside a string. Each is a replacement for
    /// `word`, the word the line editor replaces (it splits words its own
    /// way); by default the name being completed.
    public func completions(for text: String, word: String? = nil) -> [String] {
        let L = context.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushHelper(L, "complete")
        Value.pushString(L, text)
        if let word { Value.pushString(L, word) } else { lua_pushnil(L) }
        guard (try? context.call(nargs: 2, nresults: 1)) != nil, lua_type(L, -1) == LUA_TTABLE else { return [] }
        var out: [String] = []
        let n = lua_rawlen(L, -1)
        if n > 0 {
            for i in 1...n {
                lua_rawgeti(L, -1, lua_Integer(i))
                if let s = Value.string(L, -1) { out.append(s) }
                bk_pop(L, 1)
            }
        }
        return out
    }

    // MARK: Commands

    public static let commands = [":help", ":load", ":reset", ":trace", ":quit"]

    private func command(_ line: String) -> Output {
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        let name = parts[0]
        let arg = parts.count > 1 ? String(parts[1].trimmingSpaces()) : ""
        switch name {
        case ":quit", ":q", ":exit":
            wantsExit = true
            return Output()
        case ":help", ":h", ":?":
            return arg.isEmpty ? Output(text: ReplSession.helpText) : reference(arg)
        case ":reset":
            do {
                context = try LuaContext(options: options)
                try loadHelpers()
                return Output(text: "fresh state\n")
            } catch {
                return Output(error: "cannot reset: \(error)\n")
            }
        case ":load":
            guard !arg.isEmpty else { return Output(error: ":load needs a file name\n") }
            do {
                try interruptible { () throws(LuaError) in try context.runFile(arg) }
                return Output(text: "loaded \(arg)\n")
            } catch {
                return Output(error: "\(error.kind == .runtime ? errorValue(error) ?? error.message : error.message)\n")
            }
        case ":trace":
            guard !arg.isEmpty else { return Output(error: ":trace needs an expression, e.g. :trace b\n") }
            return trace(arg)
        default:
            var msg = "unknown command '\(name)'"
            if let s = Suggest.closest(to: name, in: ReplSession.commands) { msg += "; did you mean '\(s)'?" }
            return Output(error: msg + " (:help lists them)\n")
        }
    }

    /// `:help NAME`: the API reference's entries (docs/api.md, read through
    /// `APIReference`, as `buttonkit help api NAME` is). A name that starts
    /// with one of this session's objects asks about its kind, so after
    /// `b = ui.button {}`, `:help b:tap` is `button:tap`.
    private func reference(_ name: String) -> Output {
        let ref = APIReference.shared
        var query = name
        if let sep = name.lastIndex(where: { $0 == ":" || $0 == "." }) {
            let base = String(name[..<sep])
            if !ref.entries.contains(where: { $0.owner == base }), let kind = kind(of: base) {
                query = kind + name[sep...]
            }
        }
        if let shown = ref.help(for: query) { return Output(text: shown) }
        var msg = "no reference entry for \(name)"
        if let s = Suggest.closest(to: query, in: ref.helpNames) { msg += "; did you mean \(s)?" }
        return Output(error: msg + "\n")
    }

    /// The kind (`button`, `screen`, …) of the object `path` names in this
    /// session, looked up without running code; nil for anything else.
    private func kind(of path: String) -> String? {
        let L = context.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushHelper(L, "kind_of")
        Value.pushString(L, path)
        guard (try? context.call(nargs: 1, nresults: 1)) != nil else { return nil }
        return Value.string(L, -1)
    }

    private func trace(_ expr: String) -> Output {
        let L = context.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        do {
            try context.load("return " + expr, name: "=trace", mode: .text)
            try interruptible { () throws(LuaError) in try context.call(nargs: 0, nresults: 1, timeout: options.timeout) }
            pushHelper(L, "trace")
            lua_rotate(L, -2, 1)
            try context.call(nargs: 1, nresults: 2)
            if lua_type(L, -2) == LUA_TNIL { return Output(error: (Value.string(L, -1) ?? "no trace") + "\n") }
            return Output(text: (Value.string(L, -2) ?? "") + "\n")
        } catch {
            return Output(error: error.message + "\n")
        }
    }

    public static let helpText = """
    ButtonKit REPL — Lua 5.4 with `ui` loaded. Expressions print their values.

      b = ui.button { id = "buy", title = "Buy", style = { selected = { backgroundColor = "red" } } }
      b:tap()                      b.selected = true          b.appearance
      b:on("touchUpInside", function(c, ev) print(ev) end)
      g = ui.radioGroup { id = "g", options = { { title = "A", value = "a" } } }
      bar = ui.sortBar { { key = "price" } }     s = ui.screen()     st = ui.store("prefs.json")
      ui.color("gray")   ui.rgb(255, 128, 0)   ui.state   ui.event

    Today's UIKit:
      f = ui.button { title = "Sign in", configuration = "filled", frame = { 0, 0, 200, 50 } }
      f:appearanceFor("highlighted", { style = "dark" })     ui.color("systemBlue", { style = "dark" })
      f:onConfigurationUpdate(function(btn, c) c.title = btn.highlighted and "…" or "Sign in" end)
      ui.audit(f)                  s = ui.screen { userInterfaceStyle = "dark", tintColor = "systemPink" }

    Commands:
      :help            this text
      :help NAME       the API reference's entry for NAME (ui.button, b:tap, tap),
                       or a topic of its Values section (colours, traits, configuration)
      :load FILE       run a Lua file in this session
      :reset           start over with a fresh state
      :trace EXPR      print a control's trace, one event a line
      :quit            leave (Ctrl-D works too)

    Tab completes globals, keywords, table fields and the methods and fields of
    controls (after '.' and ':'), and state, event, colour and style property
    names inside strings (b:style("hig<Tab>). Up recalls a statement typed over
    several lines whole. Ctrl-C cancels the line or stops running code.

    """
}

import ButtonKit
import CLuaShim

/// The REPL's `:` commands (`:help`, `:load`, `:reset`, `:trace`, `:quit`),
/// read before a line is taken as Lua.
extension ReplSession {
    public static let commands = [":help", ":load", ":reset", ":trace", ":quit"]

    func command(_ line: String) -> Output {
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
                context = try run.context(options)
                try loadHelpers()
                return Output(text: "fresh state\n")
            } catch {
                return Output(error: "cannot reset: \(error)\n")
            }
        case ":load":
            // `:load checkout.lua dark`: the file, then its arguments, which
            // reach it as `arg` and `...`, as `buttonkit run` passes them.
            let words: [String]
            switch ReplSession.words(arg) {
            case .success(let w): words = w
            case .failure(let problem): return Output(error: ":load: \(problem.text)\n")
            }
            guard let file = words.first else { return Output(error: ":load needs a file name (:load FILE [ARGS...])\n") }
            let args = Array(words.dropFirst())
            context.setArg(script: file, args: args)
            do {
                try interruptible { () throws(LuaError) in try context.runFile(file, args: args) }
                return Output(text: "loaded \(file)\n")
            } catch {
                var msg = error.kind == .runtime ? errorValue(error) ?? error.message : error.message
                if run.isConfined, msg.hasPrefix("cannot open \(file)"), msg.hasSuffix("Permission denied") {
                    // The kernel's refusal (Landlock) says only "Permission
                    // denied": say why, and what to do.
                    msg = "cannot open \(file): the REPL is confined to the working tree (\(Confinement.cwd() ?? ".")); "
                        + "start it in the file's folder, or with --unsafe"
                }
                return Output(error: msg + "\n")
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

    /// Why a command's arguments could not be split.
    struct WordsProblem: Error { let text: String }

    /// A command's arguments split as a shell splits simple words: spaces
    /// separate, '…' and "…" keep spaces (and each other's quote), a
    /// backslash keeps the next character.
    static func words(_ text: String) -> Result<[String], WordsProblem> {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for c in text {
            if escaped { word.append(c); escaped = false; inWord = true; continue }
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
                continue
            }
            switch c {
            case "\\": escaped = true; inWord = true
            case "'", "\"": quote = c; inWord = true
            case " ", "\t":
                if inWord { words.append(word); word = ""; inWord = false }
            default: word.append(c); inWord = true
            }
        }
        if let q = quote { return .failure(WordsProblem(text: "unclosed \(q) in '\(text)'")) }
        if escaped { word.append("\\") }
        if inWord { words.append(word) }
        return .success(words)
    }
}

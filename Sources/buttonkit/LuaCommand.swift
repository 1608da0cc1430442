#if canImport(Glibc)
import Glibc
#endif
import ButtonKitLua
import ButtonKitTesting

/// `buttonkit lua`: lua.c's command line, for when ButtonKit stands in for
/// the `lua` interpreter. The test runner gives specs `arg[-1]` = buttonkit
/// (as busted gives its interpreter), and suites run Lua with it the way
/// they run `lua`: `arg[-1] .. ' -e "package.path=..." bin/tool.lua'`.
/// Like lua5.4 it is not confined and has no limits; `ui` is loaded.
///
/// Reached as `buttonkit lua ARGS...`, and as plain `buttonkit ARGS...` in
/// processes a test run started (it sets BUTTONKIT_INTERPRETER=lua for them).
enum LuaCommand {
    static let environmentKey = "BUTTONKIT_INTERPRETER"

    static let help = """
    Usage: buttonkit lua [options] [script [args]]

    Runs Lua as lua5.4's command line does (no sandbox, no limits), with
    ButtonKit loaded as the global `ui`.
      -e stat   execute string 'stat'
      -l mod    require library 'mod' into global 'mod'
      -l g=mod  require library 'mod' into global 'g'
      -v        show version information
      -E        ignore environment variables (LUA_INIT)
      -W        turn warnings on
      --        stop handling options
      -         stop handling options and execute stdin
    """

    /// lua.c's options, for shell completion (the parser below is lua.c's own
    /// order-sensitive one, which this table does not drive).
    static let options: [Option] = [
        Option(nil, short: "e", value: "STAT", help: "execute string 'stat'"),
        Option(nil, short: "l", value: "MOD", help: "require library 'mod' into global 'mod'"),
        Option(nil, short: "v", help: "show version information"),
        Option(nil, short: "E", help: "ignore environment variables (LUA_INIT)"),
        Option(nil, short: "W", help: "turn warnings on"),
        Option("help", short: "h", help: "show this help"),
    ]

    /// Whether plain `buttonkit ARGS` means this command here.
    static var isDefault: Bool { getenv(environmentKey).map { String(cString: $0) == "lua" } ?? false }

    static func main(_ args: [String], progname: String) -> Int32 {
        var i = 0
        var actions: [(kind: Character, value: String)] = []
        var ignoreEnv = false, warnings = false, version = false
        var script: String?
        while i < args.count {
            let a = args[i]
            if a == "--" { i += 1; break }
            if a == "-" { break }
            guard a.hasPrefix("-"), a.count > 1 else { break }
            switch a {
            case "-e", "-l":
                guard i + 1 < args.count else { return usage(progname, "'\(a)' needs argument") }
                actions.append((a.last ?? "e", args[i + 1]))
                i += 2
                continue
            case "-E": ignoreEnv = true
            case "-W": warnings = true
            case "-v": version = true
            case "-i": return usage(progname, "'-i' is not supported here (use 'buttonkit repl')")
            case "-h", "--help": Terminal.out(help + "\n"); return 0
            default:
                // lua.c also takes -e'stat' and -lmod glued to their option.
                if a.hasPrefix("-e") || a.hasPrefix("-l") {
                    actions.append((a.dropFirst().first ?? "e", String(a.dropFirst(2))))
                } else {
                    return usage(progname, "unrecognized option '\(a)'")
                }
            }
            i += 1
        }
        if i < args.count { script = args[i] }
        let scriptArgs = i < args.count ? Array(args[(i + 1)...]) : []

        if version { Terminal.out("Lua 5.4 (buttonkit \(ButtonKitLua.version))\n") }
        var o = LuaContext.Options()
        o.sandbox = false
        o.timeout = 0
        o.maxMemoryMB = 0
        let ctx: LuaContext
        do { ctx = try LuaContext(options: o) } catch {
            Terminal.err("\(progname): cannot create a Lua state: \(error.message)")
            return 1
        }
        // luacov's modules where luacov is not installed (see CoverageStandIn).
        let coverage = try? CoverageStandIn.install(in: ctx)
        defer { if let coverage { CoverageStandIn.finish(ctx, coverage) } }
        // arg as lua.c builds it: the script at 0, what came before it below.
        let before = [LuaContext.executablePath ?? progname] + Array(args[..<min(i, args.count)])
        ctx.setArg(script: script ?? "", args: scriptArgs, interpreter: script == nil ? [LuaContext.executablePath ?? progname] : before)
        do throws(LuaError) {
            if warnings { try ctx.run("warn('@on')", name: "=(command line)", timeout: 0) }
            if !ignoreEnv, let initCode = (getenv("LUA_INIT_5_4") ?? getenv("LUA_INIT")).map({ String(cString: $0) }) {
                if initCode.hasPrefix("@") {
                    try ctx.runFile(String(initCode.dropFirst()), timeout: 0)
                } else {
                    try ctx.run(initCode, name: "=LUA_INIT", timeout: 0)
                }
            }
            for action in actions {
                if action.kind == "l" {
                    let parts = action.value.split(separator: "=", maxSplits: 1).map(String.init)
                    let (global, module) = parts.count == 2 ? (parts[0], parts[1]) : (action.value, action.value)
                    try ctx.run("_G[...] = require(select(2, ...))", name: "=(command line)", args: [global, module], timeout: 0)
                } else {
                    try ctx.run(action.value, name: "=(command line)", timeout: 0)
                }
            }
            if let script {
                if script == "-" {
                    try ctx.run(Terminal.readStdin(), name: "=stdin", args: scriptArgs, timeout: 0)
                } else {
                    try ctx.runFile(script, args: scriptArgs, timeout: 0)
                }
            } else if actions.isEmpty && !version {
                try ctx.run(Terminal.readStdin(), name: "=stdin", timeout: 0)
            }
            return 0
        } catch {
            // As lua.c: its traceback ends with the C function that ran the
            // chunk (lua.c's pmain), which suites comparing a child's
            // output see.
            var message = error.message
            if message.contains("\nstack traceback:\n") && !message.hasSuffix("\n\t[C]: in ?") { message += "\n\t[C]: in ?" }
            Terminal.err("\(progname): \(message)")
            return 1
        }
    }

    static func usage(_ progname: String, _ message: String) -> Int32 {
        Terminal.err("\(progname): \(message)\n" + help)
        return 1
    }
}

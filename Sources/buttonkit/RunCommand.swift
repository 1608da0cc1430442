import ButtonKitLua

/// `buttonkit run`: runs one scenario script (or `-e CODE`).
enum RunCommand {
    static let options: [Option] = [
        Option("execute", short: "e", value: "CODE", help: "run CODE instead of a file (FILE may then be omitted)"),
    ] + Option.scriptLimits(timeout: "stop a runaway script (default 30; 0 = no limit)") + [.version, .help]

    static let help = HelpText.render(
        usage: "Usage: buttonkit run [OPTIONS] FILE [ARGS...]\n       buttonkit run [OPTIONS] -e CODE [ARGS...]",
        intro: """
        Runs a Lua 5.4 script with ButtonKit loaded as the global `ui`. As with
        lua.c, `arg[0]` is FILE, `arg[1...]` are ARGS, and the chunk receives ARGS
        as `...`. Errors print `file:line: message` and a traceback; exit 1.
        """,
        options: options)

    static func contextOptions(_ a: Arguments, command: String, defaultTimeout: Double) throws(UsageError) -> LuaContext.Options {
        var o = LuaContext.Options()
        o.sandbox = !a.flag("unsafe")
        o.timeout = try a.number("timeout", default: defaultTimeout, min: 0, command: command)
        o.maxMemoryMB = Int(min(try a.number("max-memory", default: 1024, min: 0, command: command), 1_099_511_627_776.0))
        o.lpath = a.all("lpath")
        return o
    }

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        let a = try Arguments(args, options: options, command: "run", stopAtPositional: true)
        if a.flag("help") { Terminal.out(help); return 0 }
        if a.flag("version") { Terminal.out(Commands.versionLine); return 0 }
        let opts = try contextOptions(a, command: "run", defaultTimeout: 30)
        let code = a.value("execute")
        guard code != nil || !a.positionals.isEmpty else {
            throw UsageError("run needs a script FILE or -e CODE", command: "run")
        }
        let ctx: LuaContext
        do { ctx = try LuaContext(options: opts) } catch {
            Terminal.err("buttonkit: \(error)")
            return 1
        }
        MemoryFloor.apply(megabytes: opts.maxMemoryMB)
        return execute(ctx, code: code, positionals: a.positionals)
    }

    /// Runs the script of `render` and `audit` with every control it
    /// creates tracked: the context when the script ended well, else the
    /// exit status to return.
    static func executeTracking(_ a: Arguments, command: String, grants: [Confinement.Grant] = []) throws(UsageError) -> Result<LuaContext, ExitStatus> {
        let opts = try contextOptions(a, command: command, defaultTimeout: 30)
        let ctx: LuaContext
        do { ctx = try LuaContext(options: opts) } catch {
            Terminal.err("buttonkit: \(error)")
            return .failure(ExitStatus(1))
        }
        MemoryFloor.apply(megabytes: opts.maxMemoryMB)
        ctx.trackCreatedControls = true
        let status = execute(ctx, code: nil, positionals: a.positionals, grants: grants)
        ctx.limitLaterCallbacks()
        // What the command does from here on is its own work, not the
        // script's: the kernel's floor would turn a big picture into a crash.
        MemoryFloor.lift()
        return status == 0 ? .success(ctx) : .failure(ExitStatus(status))
    }

    /// A non-zero exit status, as the error side of `executeTracking`.
    struct ExitStatus: Error {
        let code: Int32
        init(_ code: Int32) { self.code = code }
    }

    /// Runs code or a file in `ctx`, printing errors the way lua.c does.
    /// Confined, the process confines itself (Landlock: the working tree
    /// and `grants`) once the script is loaded, right before it runs.
    static func execute(_ ctx: LuaContext, code: String?, positionals: [String], grants: [Confinement.Grant] = []) -> Int32 {
        do throws(LuaError) {
            if let code {
                ctx.setArg(script: "-e", args: positionals)
                try ctx.run(code, name: "=(command line)", args: positionals, lockingDown: grants)
            } else {
                let file = positionals[0]
                let rest = Array(positionals.dropFirst())
                ctx.setArg(script: file, args: rest)
                if file == "-" {
                    try ctx.run(Terminal.readStdin(), name: "=stdin", args: rest, lockingDown: grants)
                } else {
                    try ctx.runFile(file, args: rest, lockingDown: grants)
                }
            }
            return 0
        } catch {
            report(error, ctx)
            return 1
        }
    }

    static func report(_ e: LuaError, _ ctx: LuaContext) {
        switch e.kind {
        case .memory:
            Terminal.err("buttonkit: memory limit exceeded (\(ctx.options.maxMemoryMB) MB; raise it with --max-memory)")
            if !e.message.hasPrefix("not enough memory") { Terminal.err(e.message) }
        case .file:
            Terminal.err("buttonkit: \(e.message)")
        default:
            Terminal.err(e.message)
        }
    }
}

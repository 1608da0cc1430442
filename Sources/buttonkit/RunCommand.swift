import ButtonKitLua

/// `buttonkit run`: runs one scenario script (or `-e CODE`).
enum RunCommand {
    static let options: [Arguments.Option] = [
        .init("execute", short: "e", value: true, help: "run CODE"),
        .init("timeout", value: true, help: "seconds before a runaway script stops"),
        .init("max-memory", value: true, help: "memory ceiling in MB"),
        .init("unsafe", help: "lift the sandbox"),
        .init("lpath", value: true, help: "extra package.path entry"),
        .init("help", short: "h", help: "show help"),
    ]

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
        if a.flag("help") { Terminal.out(Help.run + "\n"); return 0 }
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
        return execute(ctx, code: code, positionals: a.positionals)
    }

    /// Runs code or a file in `ctx`, printing errors the way lua.c does.
    static func execute(_ ctx: LuaContext, code: String?, positionals: [String]) -> Int32 {
        do throws(LuaError) {
            if let code {
                ctx.setArg(script: "-e", args: positionals)
                try ctx.run(code, name: "=(command line)", args: positionals)
            } else {
                let file = positionals[0]
                let rest = Array(positionals.dropFirst())
                ctx.setArg(script: file, args: rest)
                if file == "-" {
                    try ctx.run(Terminal.readStdin(), name: "=stdin", args: rest)
                } else {
                    try ctx.runFile(file, args: rest)
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

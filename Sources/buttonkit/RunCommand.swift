import ButtonKit
import ButtonKitLua

/// `buttonkit run`: runs one scenario script (or `-e CODE`).
enum RunCommand {
    /// The command's options, declared once (parsing, help and completion
    /// read the table below; code reads the command line through these).
    enum Opt {
        static let execute = Option("execute", short: "e", value: "CODE", help: "run CODE instead of a file (FILE may then be omitted)")
        static let timeout = Option.timeout("stop a runaway script (default 30; 0 = no limit)")
    }

    static let options: [Option] = [Opt.execute] + Option.scriptLimits(timeout: Opt.timeout) + [.version, .help]

    static let help = HelpText.render(
        usage: "Usage: buttonkit run [OPTIONS] FILE [ARGS...]\n       buttonkit run [OPTIONS] -e CODE [ARGS...]",
        intro: """
        Runs a Lua 5.4 script with ButtonKit loaded as the global `ui`. As with
        lua.c, `arg[0]` is FILE, `arg[1...]` are ARGS, and the chunk receives ARGS
        as `...`. Errors print `file:line: message` and a traceback; exit 1.
        """,
        options: options)

    static func contextOptions(_ a: Arguments, command: String, timeout: Option, defaultTimeout: Double) throws(UsageError) -> LuaContext.Options {
        var o = LuaContext.Options()
        o.sandbox = !a.flag(.unsafe)
        o.timeout = try a.number(timeout, default: defaultTimeout, min: 0, command: command)
        o.maxMemoryMB = Int(min(try a.number(.maxMemory, default: 1024, min: 0, command: command), 1_099_511_627_776.0))
        o.lpath = a.all(.lpath)
        return o
    }

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        let a = try Arguments(args, options: options, command: "run", stopAtPositional: true)
        if a.flag(.help) { Terminal.out(help); return 0 }
        if a.flag(.version) { Terminal.out(Commands.versionLine); return 0 }
        let opts = try contextOptions(a, command: "run", timeout: Opt.timeout, defaultTimeout: 30)
        let code = a.value(Opt.execute)
        guard code != nil || !a.positionals.isEmpty else {
            throw UsageError("run needs a script FILE or -e CODE", command: "run")
        }
        let run = ConfinedRun(opts)
        let ctx: LuaContext
        do { ctx = try run.context() } catch {
            Terminal.err("buttonkit: \(error)")
            return 1
        }
        return execute(ctx, code: code, positionals: a.positionals, grants: run.grants)
    }

    /// The one confined run of `render` and `audit`, built where the
    /// command starts: a storyboard or XIB named outside the working tree
    /// confines the run to its project instead (`outsideTree`); `appFile`
    /// is then the file's real path.
    static func confinedRun(_ a: Arguments, command: String, timeout: Option) throws(UsageError) -> (run: ConfinedRun, appFile: String?, moved: Bool) {
        var appFile = a.positionals.first
        // Reading an app's Swift takes the parser's time (a cold 1,300-file
        // app: over a minute on two cores): such a load gets scan's default.
        let readsSwift = appFile.map { $0.lowercased().hasSuffix(".swift") || Files.isDirectory($0) } ?? false
        var opts = try contextOptions(a, command: command, timeout: timeout, defaultTimeout: readsSwift ? 120 : 30)
        var moved = false
        if opts.sandbox, let file = appFile, LuaContext.isAppFile(file), let outside = outsideTree(file) {
            opts.root = outside.root
            appFile = outside.file
            moved = true
            Terminal.err("note: \(file) is outside the working tree: the run reads \(outside.root) instead")
        }
        return (ConfinedRun(opts), appFile, moved)
    }

    /// Runs the script of `render` and `audit` with every control it
    /// creates tracked: the context when the script ended well, else the
    /// exit status to return. The run then does the host's work (`activity`)
    /// under the command's deadline (`ConfinedRun.hostWork`).
    static func executeTracking(_ a: Arguments, command: String, run: ConfinedRun, appFile: String?,
                                activity: String) throws(UsageError) -> Result<LuaContext, ExitStatus> {
        let ctx: LuaContext
        do { ctx = try run.context() } catch {
            Terminal.err("buttonkit: \(error)")
            return .failure(ExitStatus(1))
        }
        let grants = run.grants
        ctx.trackCreatedControls = true
        let status: Int32
        if let file = a.positionals.first, LuaContext.isAppFile(file) {
            guard a.positionals.count == 1 else {
                throw UsageError("\(command) takes one storyboard or XIB (\(a.positionals.count) files named: \(a.positionals.joined(separator: " ")))", command: command)
            }
            status = executeAppFile(ctx, appFile ?? file, catalogs: a.all(.assets), grants: grants)
        } else {
            if !a.all(.assets).isEmpty {
                throw UsageError("--assets is for a storyboard or XIB; a script loads its catalogs with ui.assets(path) or ui.load(file, { assets = ... })", command: command)
            }
            status = execute(ctx, code: nil, positionals: a.positionals, grants: grants)
        }
        // What the command does from here on is its own work, not the
        // script's: under the command's deadline, without the kernel's floor
        // (which would turn a big picture into a crash).
        run.hostWork(ctx, activity)
        return status == 0 ? .success(ctx) : .failure(ExitStatus(status))
    }

    /// A storyboard or XIB named on the command line outside the working
    /// tree: its real path and the project folder the run is confined to
    /// instead (`AppFileRoot`); nil when it is inside.
    static func outsideTree(_ file: String) -> (file: String, root: String)? {
        guard !Confinement.inWorkingFolder(file) else { return nil }
        return AppFileRoot.of(file)
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
            noteCutTitles()
            return 0
        } catch {
            report(error, ctx)
            noteCutTitles()
            return 1
        }
    }

    /// Says once that a title was cut to the model's length (docs/api.md,
    /// "Titles"), so a script's author knows why a picture shows less.
    static func noteCutTitles() {
        guard TitleText.wasCut else { return }
        Terminal.err("note: a title longer than \(TitleText.maxCharacters) characters was cut to its first \(TitleText.maxCharacters)")
    }

    /// Loads a storyboard or XIB named on the command line as a script
    /// would (`ui.load`, confined alike), so its screens and controls are
    /// the run's; errors print as the reader words them (file:line:col).
    static func executeAppFile(_ ctx: LuaContext, _ file: String, catalogs: [String], grants: [Confinement.Grant]) -> Int32 {
        let chunk = LuaContext.appFileChunk
        do throws(LuaError) {
            ctx.setArg(script: file, args: [])
            try ctx.run(chunk.source, name: chunk.name, args: [file] + catalogs, lockingDown: grants)
            noteCutTitles()
            return 0
        } catch {
            // The reader's message says where in the file; a traceback of
            // the loading chunk would say nothing more.
            var m = error.message
            if let i = m.indices.first(where: { m[$0...].hasPrefix("\nstack traceback:") }) { m = String(m[..<i]) }
            Terminal.err("buttonkit: " + m)
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

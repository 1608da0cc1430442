#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua

/// Entry point: picks the command from `Commands.all`; each command parses
/// its own options with `Arguments` and returns an exit code.
func dispatch(_ args: [String]) -> Int32 {
    do throws(UsageError) {
        guard let first = args.first else {
            // On a terminal: the REPL. Piped: run standard input as a script.
            if Terminal.stdinIsTerminal { return try ReplCommand.main([]) }
            // Piped input runs as a script, like `lua -`.
            return try RunCommand.main(["-"])
        }
        // In processes a test run started, plain `buttonkit ARGS` is lua.c's
        // command line: specs run Lua through arg[-1] as they would `lua`.
        if LuaCommand.isDefault && !Commands.names.contains(first) {
            return LuaCommand.main(args, progname: "buttonkit")
        }
        if let command = Commands.all.first(where: { $0.name == first }) {
            return try command.main(Array(args.dropFirst()))
        }
        switch first {
        case "-h", "--help":
            return try Help.main([])
        case "--version", "-v", "version":
            Terminal.out(Commands.versionLine)
            return 0
        default:
            // `buttonkit script.lua` and `buttonkit -e CODE` are shorthands for run.
            if first.hasPrefix("-"), first != "-", !RunCommand.options.flatMap(\.spellings).contains(where: {
                first == $0 || first.hasPrefix($0 + "=") || ($0.count == 2 && first.hasPrefix($0))
            }) {
                // Neither a global option nor one of run's: `--versoin`.
                var msg = "unknown option '\(first)'"
                let known = (Commands.globalOptions + RunCommand.options).flatMap(\.spellings)
                if let s = Suggest.closest(to: first, in: known) { msg += "; did you mean '\(s)'?" }
                throw UsageError(msg)
            }
            if first.hasSuffix(".lua") || first.hasPrefix("-") { return try RunCommand.main(args) }
            throw Commands.unknown(first)
        }
    } catch {
        var line = "buttonkit: \(error.message)"
        line += error.command.map { " (see 'buttonkit help \($0)')" } ?? " (see 'buttonkit help')"
        Terminal.err(line)
        return 2
    }
}

exit(dispatch(Array(CommandLine.arguments.dropFirst())))

import ButtonKit
import ButtonKitLua

/// Help texts, one per command, shown by `buttonkit help [COMMAND]`.
enum Help {
    static let overview = """
    buttonkit \(ButtonKitLua.version) — specify, script and test button behaviour headlessly

    Usage:
      buttonkit run [OPTIONS] FILE [ARGS...]   run a scenario script
      buttonkit run [OPTIONS] -e CODE          run inline code
      buttonkit test [OPTIONS] [PATHS...]      run busted spec files (default spec/)
      buttonkit repl [OPTIONS]                 explore interactively (also: plain
                                               `buttonkit` on a terminal)
      buttonkit render SCRIPT -o DIR           SVG pictures of every control and a gallery
      buttonkit render APP -o DIR              the same of an app's own buttons
      buttonkit audit SCRIPT                   accessibility problems of every control
      buttonkit audit APP                      those of an app's own buttons (exit 1 on any)
      buttonkit scan APP                       what was read from an app's Swift: buttons by
                                               origin, what is understood and what is not
      buttonkit lua [ARGS...]                  lua.c's command line, with `ui` loaded
      buttonkit completion bash|zsh|fish       print a shell completion script
      buttonkit help [COMMAND]                 show help
      buttonkit help api [NAME]                the `ui` API reference (docs/api.md)
      buttonkit --version                      print the version
      buttonkit < script.lua                   run a script from standard input

    APP is a storyboard, a XIB, a Swift file (UIKit or SwiftUI) or an app's
    folder (all of those in it, joined). Scripts get the global `ui` (also
    `require "buttonkit"`). See docs/ and examples/ for the API and scenarios.
    """

    /// `buttonkit help api [NAME | --luals]`: the reference's index, the
    /// entries for NAME, or the Lua language server definitions.
    static func api(_ args: [String]) throws(UsageError) -> String {
        let ref = APIReference.shared
        guard let query = args.first else {
            var out = "The `ui` API reference (docs/api.md). `buttonkit help api NAME` shows an entry or a topic:\n"
            out += "\nValues (the forms arguments take):\n"
            for t in ref.topics { out += "  \(t.name)\n" }
            var owner = ""
            for e in ref.entries {
                if e.owner != owner { owner = e.owner; out += "\n\(owner):\n" }
                out += "  \(e.qualifiedName)\n"
            }
            return out
        }
        if query == "--luals" { return LuaDefinitions.generate(ref) }
        guard let shown = ref.help(for: query) else {
            var msg = "no API entry for '\(query)'"
            if let s = Suggest.closest(to: query, in: ref.helpNames) { msg += "; did you mean '\(s)'?" }
            throw UsageError(msg, command: "api")
        }
        return shown
    }

    static func text(for command: String?) -> String? {
        switch command {
        case nil, "": return overview
        case "run": return RunCommand.help
        case "test": return TestCommand.help
        case "repl": return ReplCommand.help
        case "render": return RenderCommand.help
        case "lua": return LuaCommand.help
        case "completion": return CompletionCommand.help
        case "audit": return AuditCommand.help
        case "scan": return ScanCommand.help
        default: return nil
        }
    }
}

extension Help {
    /// `buttonkit help [TOPIC]` (and `-h`, `--help` with no topic):
    /// `help api [NAME]` is the reference, any other topic a command's help.
    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        if args.first == "api" {
            Terminal.out(try api(Array(args.dropFirst())))
            return 0
        }
        let topic = args.first
        guard let text = text(for: topic) else { throw Commands.noHelp(topic ?? "") }
        Terminal.out(text + "\n")
        return 0
    }
}

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
      buttonkit audit SCRIPT                   accessibility problems of every control
      buttonkit help [COMMAND]                 show help
      buttonkit --version                      print the version
      buttonkit < script.lua                   run a script from standard input

    Scripts get the global `ui` (also `require "buttonkit"`).
    See docs/ and examples/ for the API and scenarios.
    """

    static func text(for command: String?) -> String? {
        switch command {
        case nil, "": return overview
        case "run": return RunCommand.help
        case "test": return TestCommand.help
        case "repl": return ReplCommand.help
        case "render": return RenderCommand.help
        case "audit": return AuditCommand.help
        default: return nil
        }
    }
}

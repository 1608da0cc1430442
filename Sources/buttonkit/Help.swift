import ButtonKitLua

/// Help texts, one per command, shown by `buttonkit help [COMMAND]`.
enum Help {
    static let overview = """
    buttonkit \(ButtonKitLua.version) — specify, script and test button behaviour headlessly

    Usage:
      buttonkit run [OPTIONS] FILE [ARGS...]   run a scenario script
      buttonkit run [OPTIONS] -e CODE          run inline code
      buttonkit help [COMMAND]                 show help
      buttonkit --version                      print the version
      buttonkit < script.lua                   run a script from standard input

    Scripts get the global `ui` (also `require "buttonkit"`).
    See docs/ and examples/ for the API and scenarios.
    """

    static let run = """
    Usage: buttonkit run [OPTIONS] FILE [ARGS...]
           buttonkit run [OPTIONS] -e CODE [ARGS...]

    Runs a Lua 5.4 script with ButtonKit loaded as the global `ui`. As with
    lua.c, `arg[0]` is FILE, `arg[1...]` are ARGS, and the chunk receives ARGS
    as `...`. Errors print `file:line: message` and a traceback; exit 1.

    Options:
      -e, --execute CODE     run CODE instead of a file (FILE may then be omitted)
      --timeout SECONDS      stop a runaway script (default 30; 0 = no limit)
      --max-memory MB        memory ceiling for the script (default 1024; 0 = none)
      --unsafe               lift the sandbox (os.execute, io.popen, C modules,
                             binary chunks, files outside the working tree)
      --lpath PATH           add PATH (a folder or a ?-pattern) to package.path
      -h, --help             show this help
    """

    static func text(for command: String?) -> String? {
        switch command {
        case nil, "": return overview
        case "run": return run
        default: return nil
        }
    }
}

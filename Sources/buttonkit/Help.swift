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

    static let test = """
    Usage: buttonkit test [OPTIONS] [PATHS...]

    Runs busted spec files: every *_spec.lua under the given folders (default
    spec/), and files given directly. Each file runs in a fresh Lua state with
    busted's API (describe, it, before_each, ...), luassert (assert, spy, stub,
    mock, match) and ButtonKit's assertions (assert.appearance, assert.state,
    assert.trace, assert.snapshot). A .busted file in the working folder is
    honoured (tasks _all and default; keys are the long option names); flags
    override it. Exit 0 when nothing failed, 1 when a test failed or errored or
    no test was found, 2 for bad usage.

    Output:
      -o, --output FORMAT    utf (default on a terminal), plain (default
                             otherwise), tap (TAP 14), junit, json
      --junit FILE           also write JUnit XML to FILE
      --json FILE            also write JSON to FILE
      --report FILE.html     also write a self-contained HTML report (failing
                             appearance/snapshot assertions show pictures)
    Selection:
      --filter PAT           run tests whose full name matches the Lua pattern (repeatable)
      --filter-out PAT       skip tests whose full name matches (repeatable)
      -t, --tags T1,T2       run tests tagged #T1 or #T2
      --exclude-tags T1,T2   skip tests with these tags
      -p, --pattern PAT      spec file name pattern (default _spec)
      --shard K/N            run the K-th of N deterministic shards
      -l, --list             list tests (file:line: name) without running them
    Order and repetition:
      --shuffle              randomize file and test order (the seed is printed)
      --seed N               seed for --shuffle, to replay an order
      --repeat N             run the suite N times
      --fail-fast            stop at the first failure
      -j, --jobs N           run spec files in N parallel processes
    Limits and environment:
      --timeout SECONDS      per test (default 10; 0 = none)
      --max-memory MB        per spec file (default 1024; 0 = none)
      -m, --lpath PATH       add to package.path
      --helper FILE          run FILE before each spec file
      --unsafe               lift the sandbox
      -u, --update-snapshots rewrite stored snapshots
      -r, --run TASK         use TASK from .busted (default: default)
      --config-file FILE     read FILE instead of .busted; --no-config ignores it
    """

    static let repl = """
    Usage: buttonkit repl [OPTIONS]

    An interactive Lua 5.4 session with `ui` loaded, like lua.c: expressions
    print their values (tables pretty-printed, controls as one line), an
    unfinished statement continues on a `>>` line, a leading `=` means return.
    Tab completes globals, keywords, fields and methods (after `.` and `:`).
    History is kept in ~/.buttonkit_history. Ctrl-C cancels the line or stops
    running code; Ctrl-D leaves. When standard input is not a terminal, lines
    are read plainly (no prompts), so piped input works.

    Commands: :help  :load FILE  :reset  :trace EXPR  :quit

    Options:
      --timeout SECONDS      stop an evaluation after SECONDS (default: none)
      --max-memory MB        memory ceiling (default 1024)
      --unsafe               lift the sandbox
      --lpath PATH           add PATH to package.path
      --history FILE         history file (default ~/.buttonkit_history)
    """

    static let render = """
    Usage: buttonkit render [OPTIONS] SCRIPT -o DIR [ARGS...]

    Runs SCRIPT, then writes DIR/<id>.svg for every control it created — a
    labelled strip of its normal, highlighted, selected, selected|highlighted
    and disabled appearances — and DIR/index.html, a gallery of them.
    Inside scripts, ui.svg(control [, { states = "all" }]) and ui.svg(screen)
    return the same pictures as strings.

    Options:
      -o, --output DIR       where to write (created if missing)
      --timeout SECONDS      stop a runaway script (default 30)
      --max-memory MB        memory ceiling (default 1024)
      --unsafe               lift the sandbox
      --lpath PATH           add PATH to package.path
    """

    static func text(for command: String?) -> String? {
        switch command {
        case nil, "": return overview
        case "run": return run
        case "test": return test
        case "repl": return repl
        case "render": return render
        default: return nil
        }
    }
}

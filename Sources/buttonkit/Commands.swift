import ButtonKit
import ButtonKitLua

/// Every command `dispatch` (main.swift) runs, in the order help lists them.
///
/// This is the one list that did-you-mean for commands, `buttonkit help
/// TOPIC`, shell completion, the `lua` fallback and dispatch itself read,
/// so a command added here is run, suggested, completed and documented
/// everywhere at once (CompletionTests checks that every name dispatches).
enum Commands {
    /// What a command's operands (its non-option words) are, for completion.
    enum Operands {
        /// Nothing to offer (the REPL takes no operands).
        case none
        /// Files and folders: scripts, spec files, spec folders.
        case paths
        /// One of a fixed list of words.
        case words([String])
        /// What `buttonkit help` takes: `helpTopics`.
        case helpTopics
    }

    struct Command {
        let name: String
        /// One line for completion menus (zsh, fish).
        let summary: String
        /// The table that parses the command's options, built when it is
        /// read: a run of one command does not build the other eight's
        /// tables at start-up (completion scripts and help read them all).
        let optionTable: @Sendable () -> [Option]
        var options: [Option] { optionTable() }
        let operands: Operands
        /// Runs the command on the words after its name; the exit status.
        let main: @Sendable ([String]) throws(UsageError) -> Int32
    }

    static let all: [Command] = [
        Command(name: "run", summary: "run a scenario script", optionTable: { RunCommand.options }, operands: .paths,
                main: RunCommand.main),
        Command(name: "test", summary: "run busted spec files", optionTable: { TestCommand.options }, operands: .paths,
                main: TestCommand.main),
        Command(name: "repl", summary: "explore interactively", optionTable: { ReplCommand.options }, operands: .none,
                main: ReplCommand.main),
        Command(name: "render", summary: "SVG pictures of every control", optionTable: { RenderCommand.options }, operands: .paths,
                main: RenderCommand.main),
        Command(name: "audit", summary: "check contrast, hit targets and labels", optionTable: { AuditCommand.options }, operands: .paths,
                main: AuditCommand.main),
        Command(name: "scan", summary: "what ButtonKit reads of an app's code and files", optionTable: { ScanCommand.options }, operands: .paths,
                main: ScanCommand.main),
        Command(name: "help", summary: "show help", optionTable: { [] }, operands: .helpTopics, main: Help.main),
        Command(name: "lua", summary: "lua.c's command line with ui loaded", optionTable: { LuaCommand.options }, operands: .paths,
                main: { LuaCommand.main($0, progname: "buttonkit lua") }),
        Command(name: "completion", summary: "print a shell completion script", optionTable: { CompletionCommand.options },
                operands: .words(CompletionCommand.shells), main: CompletionCommand.main),
    ]

    static var names: [String] { all.map(\.name) }

    /// Words `buttonkit help` takes: every command but help itself, and
    /// `api` (the reference, `buttonkit help api [NAME]`).
    static var helpTopics: [String] { names.filter { $0 != "help" } + ["api"] }

    /// What `buttonkit --version` prints (every command takes `--version`,
    /// so a misspelt one is suggested whatever command it follows): the
    /// version, the confinement the kernel gives confined scripts here
    /// (`confinement: landlock ABI 7 + openat2`; see docs/scripting.md), and
    /// the text metrics in use.
    static var versionLine: String {
        "buttonkit \(ButtonKitLua.version) (Lua 5.4)\nconfinement: \(Confinement.inForce)\n" + TextSetup.note + "\n"
    }

    /// Options taken before any command (`buttonkit --version`).
    static let globalOptions: [Option] = [
        Option("version", short: "v", help: "print the version"),
        Option("help", short: "h", help: "show help"),
    ]

    /// "unknown command 'tset'; did you mean 'test'?"
    static func unknown(_ word: String) -> UsageError {
        var msg = "unknown command '\(word)'"
        if let s = Suggest.closest(to: word, in: names) { msg += "; did you mean '\(s)'?" }
        return UsageError(msg)
    }

    /// "no help for 'tst'; did you mean 'test'?", or the topics there are.
    static func noHelp(_ topic: String) -> UsageError {
        if let s = Suggest.closest(to: topic, in: helpTopics) {
            return UsageError("no help for '\(topic)'; did you mean '\(s)'?")
        }
        return UsageError("no help for '\(topic)'; topics: " + helpTopics.joined(separator: ", "))
    }
}

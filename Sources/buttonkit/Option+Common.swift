/// The options every command that runs a script shares, written once so
/// their names and help cannot drift between `run`, `render`, `audit` and
/// the REPL (`test` groups its own under busted's sections). Each is a
/// value code reads the command line through (`a.flag(.unsafe)`).
extension Option {
    /// `--timeout SECONDS`, with the default each command says in its help.
    static func timeout(_ help: String) -> Option { Option("timeout", value: "SECONDS", help: help) }
    static let maxMemory = Option("max-memory", value: "MB", help: "memory ceiling for the script (default 1024; 0 = none)")
    static let unsafe = Option("unsafe", help: "lift the sandbox (os.execute, io.popen, C modules, binary chunks, files outside the working tree)")
    static let lpath = Option("lpath", value: "PATH", help: "add PATH (a folder or a ?-pattern) to package.path")

    /// `timeout` (the command's own), `--max-memory`, `--unsafe`, `--lpath`.
    static func scriptLimits(timeout: Option) -> [Option] { [timeout, .maxMemory, .unsafe, .lpath] }

    /// `--assets PATH`: the catalogs a storyboard or XIB named on the
    /// command line uses, instead of those found in its project.
    static let assets = Option("assets", value: "PATH", help: "with a storyboard or XIB: an asset catalog to use (repeatable; default every *.xcassets of the file's project)")

    /// `--ignored`: list what a storyboard or XIB holds that was not modelled.
    static let ignored = Option("ignored", help: "with a storyboard or XIB: list every element and attribute not modelled, with its line")

    /// `--version`.
    static let version = Option("version", help: "print the version")
    /// `-h`, `--help`.
    static let help = Option("help", short: "h", help: "show this help")
}

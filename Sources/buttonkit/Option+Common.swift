/// The options every command that runs a script shares, written once so
/// their names and help cannot drift between `run`, `render`, `audit` and
/// the REPL (`test` groups its own under busted's sections).
extension Option {
    /// `--timeout`, `--max-memory`, `--unsafe`, `--lpath`, with the default
    /// timeout each command has in its help.
    static func scriptLimits(timeout: String) -> [Option] {
        [
            Option("timeout", value: "SECONDS", help: timeout),
            Option("max-memory", value: "MB", help: "memory ceiling for the script (default 1024; 0 = none)"),
            Option("unsafe", help: "lift the sandbox (os.execute, io.popen, C modules, binary chunks, files outside the working tree)"),
            Option("lpath", value: "PATH", help: "add PATH (a folder or a ?-pattern) to package.path"),
        ]
    }

    /// `--version`.
    static let version = Option("version", help: "print the version")
    /// `-h`, `--help`.
    static let help = Option("help", short: "h", help: "show this help")
}

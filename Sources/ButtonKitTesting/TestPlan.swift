import ButtonKitLua

/// Everything one `buttonkit test` run does, decided from the command line
/// and `.busted`: which files, how they run, where results go.
public struct TestPlan: Sendable {
    /// The command's one confined run (`--sandbox`; `--unsafe` and the
    /// default are not confined), built once where the command starts and
    /// handed to `TestRun`, `WatchSession` and through them to discovery,
    /// report and coverage files, the supervisor and its workers.
    package func confinedRun() -> ConfinedRun { ConfinedRun(confined: test.sandbox) }

    /// `current` when it is confined as this plan asks (a `.busted` read
    /// again in watch mode), else a new run.
    package func confinedRun(keeping current: ConfinedRun) -> ConfinedRun {
        current.isConfined == test.sandbox ? current : confinedRun()
    }

    /// Files and folders to run (busted's ROOT).
    public var paths: [String] = ["spec"]
    /// Spec file name patterns (Lua patterns on the base name without .lua).
    public var patterns: [String] = ["_spec"]
    /// File name patterns to leave out; they win over `patterns`.
    public var excludePatterns: [String] = []
    /// Walk into subfolders.
    public var recursive = true
    /// The format on standard output.
    public var output: OutputFormat = .plain
    /// Extra reports written to files: `--junit FILE`, `--json FILE`, `--report FILE`.
    public var reportFiles: [ReportFile] = []
    /// Colours on standard output.
    public var color = false
    /// Tracebacks and per-test lines in busted's formats (`-v`).
    public var verbose = false
    /// busted's terminal formats print no progress characters (`--defer-print`).
    public var deferPrint = false
    /// Pending tests are neither printed nor counted (`--suppress-pending`).
    public var suppressPending = false
    /// Options for a Lua output handler (`-Xoutput`, split at commas).
    public var outputArguments: [String] = []
    /// The language handlers are asked for (`--lang`).
    public var language = "en"
    public var repeatCount = 1
    /// Spec files run in this many worker processes at once.
    public var jobs = 1
    public var shuffleFiles = false
    public var sortFiles = false
    /// `version = true` in the `.busted` task: print the version, run nothing.
    public var versionOnly = false
    /// The shuffle seed (drawn when shuffling without one).
    public var seed: Int?
    /// Options for the framework inside each spec file's state.
    public var test = TestOptions()
    /// Line coverage (`-c`), nil when off.
    public var coverage: CoveragePlan?
    /// One line each for options accepted that mean nothing here.
    public var notes: [String] = []

    /// An extra report written to a file when the run ends.
    public struct ReportFile: Sendable {
        public var format: OutputFormat
        public var path: String
        public init(_ format: OutputFormat, _ path: String) { self.format = format; self.path = path }
    }

    /// busted's defaults.
    public init() {}

    /// busted's looks show what tests print themselves (the workers do not
    /// echo it), so prints land between the progress marks where busted
    /// puts them, through a pipe too.
    public var reporterEchoes = false

    /// Outputs that show busted's elements (`-o json`, `--json FILE`, an
    /// output handler): results then carry busted's formatted entries.
    public var needsElements: Bool {
        if case .handler = output { return true }
        return output == .json || reportFiles.contains { $0.format == .json }
    }

    /// A document (TAP 13, JSON, JUnit, HTML) goes to standard output, where
    /// nothing else may write: prints go to standard error then. Not when
    /// `-o junit -Xoutput FILE` writes busted's JUnit to a file.
    public var documentOnStdout: Bool {
        output.isMachineReadable && !(output == .junit && !outputArguments.isEmpty)
    }

    /// Whether the tests are shuffled (files or tests), so the seed matters.
    public var shuffles: Bool { shuffleFiles || test.shuffle }
}

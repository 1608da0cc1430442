/// How `buttonkit test` selects and runs tests; one value per command-line
/// option (see behavior.md, "The command line").
public struct TestOptions: Sendable {
    public var filters: [String] = []
    public var filtersOut: [String] = []
    public var tags: [String] = []
    public var excludeTags: [String] = []
    /// Shuffle tests within each file (busted's --shuffle-tests).
    public var shuffle = false
    /// Sort tests within each file by name (busted's --sort-tests).
    public var sort = false
    public var seed: Int = 0
    /// How many spec files were shuffled with `seed` (0: files not
    /// shuffled): busted's generator state when a file's top level runs.
    public var shuffledFiles = 0
    public var list = false
    public var failFast = false
    /// 1-based shard index and shard count; (1, 1) runs everything.
    public var shard: (index: Int, count: Int) = (1, 1)
    /// Seconds per test; 0 = none. None unless asked for (`--timeout`, or
    /// `timeout` in .busted): busted has no limit, and a slow test that
    /// passes under busted must pass here.
    public var timeout: Double = 0
    /// Megabytes per spec file; 0 = none. None unless asked for
    /// (`--max-memory`, `max-memory` in .busted), as busted has none.
    public var maxMemoryMB: Int = 0
    public var updateSnapshots = false
    /// In CI (`--ci`, or `CI` set in the environment) a missing snapshot
    /// fails instead of being written.
    public var ci = false
    /// Confine specs like `buttonkit run` does (`--sandbox`); off by
    /// default, as busted runs specs with the whole standard library.
    public var sandbox = false
    /// Confined: the spec files and helpers that already led outside the
    /// working tree when the run started (named on the command line, which
    /// is the caller's choice): loaded as named, and kept by the workers'
    /// Landlock. Every other one is loaded beneath the tree, since an
    /// earlier spec may have moved folders so that its path now leads
    /// outside.
    public var outsideAtStart: Set<String> = []
    public var lpath: [String] = []
    /// Extra `package.cpath` entries (busted's `--cpath`).
    public var cpath: [String] = []
    /// The `.busted` (or `-f`) file the options came from: it runs in each
    /// spec file's state before the -e statements and helpers, as busted
    /// runs it in the one state its specs share (what it defines or
    /// registers, specs see).
    public var configFile: String?
    /// Lua files run before each spec file (busted's `--helper`).
    public var helpers: [String] = []
    /// What a helper sees as `arg` (busted's `-Xhelper`).
    public var helperArgs: [String] = []
    /// Lua statements run before each spec file (busted's `-e`).
    public var statements: [String] = []
    /// `setup`/`teardown` mean `lazy_setup`/`lazy_teardown` (busted's `--lazy`).
    public var lazy = false
    /// busted's `--[no-]auto-insulate`: false lets what a file changes in
    /// `_G` and `package.loaded` reach the files after it, which then run
    /// in the same Lua state (with one job, as an expose carries a state on).
    public var autoInsulate = true
    /// What specs see as `arg[-1]` (busted's `--lua`); nil: this executable.
    public var interpreter: String?
    /// Echo what tests print while they run (one job at a time only, so
    /// files do not interleave).
    public var echoOutput = false
    /// Echo to standard error: the format on standard output is a document
    /// (TAP, JSON, JUnit) that prints must not break.
    public var echoToStandardError = false
    /// Coverage settings (CoverageSettings.text) when the run counts lines (-c).
    public var coverageSettings: String?

    /// What specs see as the global `arg` (busted's: its own command line).
    public var scriptArgs: [String] = []
    /// `spec/x_spec.lua:58`: lines to select tests by, per spec file (as the
    /// file was named on the command line).
    public var lines: [String: [Int]] = [:]

    /// Running inside a worker process: code that cannot be interrupted ends
    /// the worker with last words on its channel.
    package var inWorker = false
    /// Report each test's start (reporters that show starts, like gtest's).
    var reportStarts = false
    /// A worker writes each result to its runner at once (a terminal shows
    /// tests as they finish) instead of per file.
    var streamResults = false
    /// Watch mode: each spec file's worker sends the files it loaded with
    /// `require`, `dofile` and `loadfile` (a `.loaded` record), so a saved
    /// change reruns the files that depend on it first. Off otherwise: the
    /// framework then installs no wrappers, and a normal run pays nothing.
    var trackLoads = false
    /// Results carry busted's formatted entries and describes their starts
    /// and ends (`-o json`, `--json`, output handlers need them).
    var rich = false
    /// The file runs in a state an earlier file's expose carried on: it is
    /// insulated as busted insulates files (its globals put back at its end).
    var sharedState = false
    /// luassert's TableErrorHighlightColor for the run ("red" or "none"):
    /// what busted's output would use (its coloured looks in colour, else
    /// luassert's default, red when standard output is a terminal).
    public var highlightColor = "none"
    /// Which run of `--repeat` this is, and how many there are (busted's
    /// `suite start` arguments).
    var run = 1, runs = 1
    /// Tests already reported by a worker that died: a new one skips them
    /// (a name listed twice skips its first two occurrences).
    var skip: [String] = []

    /// busted's defaults: everything selected, no time or memory limit.
    public init() {}
}

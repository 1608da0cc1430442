/// How `buttonkit test` selects and runs tests; one value per command-line
/// option (see behavior.md, "The command line").
public struct TestOptions: Sendable {
    public var filters: [String] = []
    public var filtersOut: [String] = []
    public var tags: [String] = []
    public var excludeTags: [String] = []
    public var shuffle = false
    public var seed: Int = 0
    public var list = false
    public var failFast = false
    /// 1-based shard index and shard count; (1, 1) runs everything.
    public var shard: (index: Int, count: Int) = (1, 1)
    /// Seconds per test; 0 = none.
    public var timeout: Double = 10
    /// Megabytes per spec file; 0 = none.
    public var maxMemoryMB: Int = 1024
    public var updateSnapshots = false
    public var sandbox = true
    public var lpath: [String] = []
    /// Lua files run before each spec file (busted's `--helper`).
    public var helpers: [String] = []
    /// Echo what tests print while they run (terminal formats only).
    public var echoOutput = false

    /// What specs see as the global `arg` (busted's: its own command line).
    public var scriptArgs: [String] = []

    /// busted's defaults: everything selected, 10 s per test, 1024 MB per file, sandboxed.
    public init() {}
}

/// A reporter that writes one document when the run ends (JUnit, JSON,
/// HTML): it keeps every result and the files in run order.
public class DocumentReporter: Reporter {
    let out: TextOutput
    private(set) var results: [TestResult] = []
    /// When each result reached the runner: wall-clock and monotonic
    /// seconds (busted's JSON has each element's start and end times).
    private(set) var received: [(wall: Double, tick: Double)] = []
    private(set) var files: [String] = []
    private(set) var seed: Int?
    private(set) var listing = false
    let timestamp: String

    /// A document stays valid (XML, JSON): bytes of a spec's text that are
    /// not UTF-8 show as U+FFFD in it (see ByteText).
    init(out: TextOutput, timestamp: String) {
        self.out = out
        self.timestamp = timestamp
        out.keepsBytes = false
    }

    public func suiteStarted(_ run: RunInfo) {
        seed = run.seed
        listing = run.listing
        for f in run.files where !files.contains(f) { files.append(f) }
    }

    public func testFinished(_ r: TestResult) {
        results.append(r)
        received.append((Clock.wallNow(), Clock.now()))
    }

    public func suiteFinished(_ summary: TestSummary) {}

    public func finish(_ total: TestSummary) {
        out.write(render(total))
        out.close()
    }

    /// The document; subclasses say what it is.
    func render(_ total: TestSummary) -> String { "" }
}

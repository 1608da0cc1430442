/// Counts over a run; the closing line every format ends with.
public struct TestSummary: Sendable {
    public var passed = 0, failed = 0, errors = 0, skipped = 0
    public var duration: Double = 0

    /// All counts zero.
    public init() {}

    public mutating func add(_ r: TestResult) {
        switch r.status {
        case .passed: passed += 1
        case .failed: failed += 1
        case .error: errors += 1
        case .pending: skipped += 1
        case .listed: break
        }
    }

    public var total: Int { passed + failed + errors + skipped }

    /// Adds another run's counts (durations add up too).
    public mutating func merge(_ o: TestSummary) {
        passed += o.passed; failed += o.failed; errors += o.errors; skipped += o.skipped; duration += o.duration
    }

    /// `N passed, N failed, N pending` — errors count as failed.
    public var line: String { "\(passed) passed, \(failed + errors) failed, \(skipped) pending" }
}

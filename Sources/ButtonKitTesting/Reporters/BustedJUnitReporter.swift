#if canImport(Glibc)
import Glibc
#endif

/// busted's `-o junit`, as its handler writes it with Penlight's XML
/// printer: one `testsuite` per run (`Run 1 of 1`) holding a `testcase` per
/// test (`classname` is where the test was registered, `file:line`), its
/// `failure`, `error` or `skipped` with the message and traceback as text,
/// and errors outside tests as `error` elements of the suite; counts in
/// `tests`, `failures`, `errors`, `skip`. `-Xoutput FILE` writes it to
/// FILE instead of standard output (the caller picks the output). Penlight
/// writes attributes in hash order, which changes from run to run; here
/// they keep one order. ButtonKit's own layout is `--junit FILE`.
public final class BustedJUnitReporter: Reporter {
    let out: TextOutput
    private let started = Clock.now()
    private var totals = Counts()
    private var suites: [String] = []
    private var suite = ""
    private var counts = Counts()
    private var name = "", stamp = ""
    /// The run's seed when tests are shuffled (busted names it in failures).
    private var seed: Int?

    struct Counts { var tests = 0, errors = 0, failures = 0, skip = 0 }

    /// --list: busted's list mode keeps suite and test events from the
    /// handler; only the document's top element is written, at the end.
    let listing: Bool

    /// The document stays valid XML: a name's bytes that are not UTF-8
    /// show as U+FFFD (busted writes them raw, which no XML reader takes).
    public init(out: TextOutput, listing: Bool = false) {
        self.out = out
        self.listing = listing
        out.keepsBytes = false
    }

    public func suiteStarted(_ run: RunInfo) {
        guard !listing else { return }
        counts = Counts()
        suite = ""
        name = "Run \(run.run) of \(run.runs)"
        stamp = Self.utcNow()
        seed = run.shufflesTests ? run.seed : nil
    }

    public func testFinished(_ r: TestResult) {
        if r.status == .listed || listing { return }
        let traceback = r.traceback.flatMap { $0.isEmpty ? nil : "\nstack traceback:\n" + $0 + "\n" } ?? ""
        if r.origin != .test {
            counts.errors += 1
            suite += "\n\t\t<error>" + Self.escape((r.message ?? "") + traceback) + "</error>"
            return
        }
        counts.tests += 1
        suite += "\n\t\t<testcase classname='\(Self.escape("\(r.bustedFile):\(r.line)"))' name='\(Self.escape(r.name))' time='\(Self.seconds(r.duration))'"
        func child(_ tag: String, _ text: String) {
            suite += text.isEmpty ? ">\n\t\t\t<\(tag)/>\n\t\t</testcase>" : ">\n\t\t\t<\(tag)>\(Self.escape(text))</\(tag)>\n\t\t</testcase>"
        }
        switch r.status {
        case .passed: suite += "/>"
        case .pending:
            counts.skip += 1
            child("skipped", r.message.map { $0 + traceback } ?? "")
        case .failed:
            counts.failures += 1
            child("failure", (seed.map { "Random seed: \($0)\n" } ?? "") + (r.message ?? "") + traceback)
        case .error:
            counts.errors += 1
            child("error", (seed.map { "Random seed: \($0)\n" } ?? "") + (r.message ?? "") + traceback)
        case .listed: break
        }
    }

    public func suiteFinished(_ summary: TestSummary) {
        guard !listing else { return }
        let head = "\n\t<testsuite name='\(Self.escape(name))' tests='\(counts.tests)' failures='\(counts.failures)' errors='\(counts.errors)' skip='\(counts.skip)' timestamp='\(stamp)' time='\(Self.seconds(summary.duration))'"
        suites.append(suite.isEmpty ? head + "/>" : head + ">" + suite + "\n\t</testsuite>")
        totals.tests += counts.tests; totals.errors += counts.errors
        totals.failures += counts.failures; totals.skip += counts.skip
    }

    public func finish(_ total: TestSummary) {
        var s = "\n<testsuites tests='\(totals.tests)' failures='\(totals.failures)' errors='\(totals.errors)' skip='\(totals.skip)' time='\(Self.seconds(Clock.now() - started))'"
        s += suites.isEmpty ? "/>" : ">" + suites.joined() + "\n</testsuites>"
        out.write(s + "\n")
        out.close()
    }

    /// Penlight's xml_escape: the five characters XML reserves; and, unlike
    /// busted, characters XML 1.0 forbids (C0 controls, U+FFFE, U+FFFF)
    /// dropped, so the file stays well-formed whatever a test is named.
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "'": out += "&apos;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            default: if XML.isAllowed(u) { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    /// busted's `%.2f`.
    static func seconds(_ s: Double) -> String { Seconds.format(s, decimals: 2) }

    /// `os.date('!%Y-%m-%dT%H:%M:%S')`.
    static func utcNow() -> String {
        var t = time(nil)
        var tm = tm()
        gmtime_r(&t, &tm)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(tm.tm_year + 1900)-\(two(tm.tm_mon + 1))-\(two(tm.tm_mday))T\(two(tm.tm_hour)):\(two(tm.tm_min)):\(two(tm.tm_sec))"
    }
}

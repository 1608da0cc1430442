import ButtonKit

/// The run as JSON in busted's layout: `successes`, `failures`, `errors`,
/// `pendings` (busted's formatted entries: `name`, `message`, `trace`,
/// `element`, `isError`, `randomseed`) and `duration`, on one line.
///
/// `-o json` is busted's document and nothing else, one per run as busted's
/// handler writes it at each suite end (`--repeat 2` prints two lines). The
/// entries come from the workers, built where the test ran (where it was
/// registered, where it raised, the error value itself), so they hold what
/// busted's hold; busted orders keys by hash, which changes from run to run,
/// here they are sorted.
///
/// `--json FILE` is ButtonKit's: one document for the whole run, each entry
/// with our extras in keys busted does not use (`file`, `line`, `status`,
/// `duration`, `output`) and a top-level `summary` with the counts (and
/// `seed` when shuffled, `listed` under --list).
public final class JSONReporter: DocumentReporter {
    /// ButtonKit's extras (the `--json FILE` document).
    let extras: Bool
    private var runStart = 0

    public init(out: TextOutput, timestamp: String, extras: Bool) {
        self.extras = extras
        super.init(out: out, timestamp: timestamp)
    }

    public override func suiteStarted(_ run: RunInfo) {
        super.suiteStarted(run)
        runStart = results.count
    }

    /// busted's handler writes its document at every suite end.
    public override func suiteFinished(_ summary: TestSummary) {
        guard !extras else { return }
        out.write(render(summary, from: runStart) + "\n")
    }

    public override func finish(_ total: TestSummary) {
        if extras { out.write(render(total, from: 0) + "\n") }
        out.close()
    }

    func render(_ summary: TestSummary, from first: Int) -> String {
        var successes: [JSONValue] = [], failures: [JSONValue] = [], errors: [JSONValue] = [], pendings: [JSONValue] = []
        var listed: [JSONValue] = []
        for i in first..<results.count {
            let r = results[i]
            let at = i < received.count ? received[i] : (Clock.wallNow(), Clock.now())
            switch r.status {
            case .passed: successes.append(entry(r, at))
            case .failed: failures.append(entry(r, at))
            case .error: errors.append(entry(r, at))
            case .pending: pendings.append(entry(r, at))
            case .listed: listed.append(.object(["name": .string(r.name), "file": .string(r.file), "line": .int(r.line)]))
            }
        }
        var root: [String: JSONValue] = [
            "successes": .array(successes), "failures": .array(failures), "errors": .array(errors),
            "pendings": .array(pendings), "duration": .double(summary.duration),
        ]
        if extras {
            root["summary"] = .object([
                "passed": .int(summary.passed), "failed": .int(summary.failed), "errors": .int(summary.errors),
                "pending": .int(summary.skipped), "total": .int(summary.total), "duration": .double(summary.duration),
            ])
            if let seed { root["seed"] = .int(seed) }
            // --list: the tests that would run (an extra key busted does not have).
            if listing { root["listed"] = .array(listed) }
        }
        return JSON.serialize(.object(root), pretty: false)
    }

    /// One entry: busted's, as the worker built it, plus our extras for
    /// `--json FILE`; rebuilt from the result when the runner made it (a
    /// worker that died).
    func entry(_ r: TestResult, _ at: (wall: Double, tick: Double)) -> JSONValue {
        var o: [String: JSONValue]
        if let d = r.detail, case .object(let detail)? = try? JSON.parse(d), case .object(let e)? = detail["entry"] {
            o = e
        } else if case .object(let e) = rebuilt(r, at) {
            o = e
        } else {
            o = [:]
        }
        if extras {
            o["file"] = .string(r.file); o["line"] = .int(r.line); o["status"] = .string(r.status.rawValue)
            o["duration"] = .double(r.duration)
            if !r.output.isEmpty { o["output"] = .string(r.output) }
        }
        return .object(o)
    }

    /// An entry as busted's base handler would format it, from what a
    /// result the runner made knows.
    func rebuilt(_ r: TestResult, _ at: (wall: Double, tick: Double)) -> JSONValue {
        let source: [String: JSONValue] = ["short_src": .string(r.file), "source": .string("@" + r.file), "what": .string("Lua")]
        var registered = source
        registered["currentline"] = .int(r.line)
        registered["message"] = .string(r.name)
        // Where the test was registered (busted keeps the whole stack there).
        registered["traceback"] = .string("\nstack traceback:\n\t\(r.file):\(r.line): in main chunk\n")
        var element: [String: JSONValue] = [
            "descriptor": .string(descriptor(r)), "name": .string(r.name), "attributes": .array([]),
            "trace": .object(registered), "duration": .double(r.duration),
            // busted's clocks: the end is when the result reached the
            // runner, the start that less the test's duration.
            "starttime": .double(at.wall - r.duration), "endtime": .double(at.wall),
            "starttick": .double(at.tick - r.duration), "endtick": .double(at.tick),
        ]
        if r.status == .pending && r.message == nil { element["descriptor"] = .string("pending") }
        var o: [String: JSONValue] = ["name": .string(r.name), "element": .object(element)]
        if let m = r.message {
            o["message"] = .string(m)
            var thrown = source
            thrown["currentline"] = .int(Self.line(in: m, file: r.file) ?? r.line)
            // busted keeps a failure's or pending's error object, a table.
            thrown["message"] = r.status == .error ? .string(m) : .object(["message": .string(m)])
            if let tb = r.traceback { thrown["traceback"] = .string("\nstack traceback:\n" + tb + "\n") }
            o["trace"] = .object(thrown)
        } else {
            o["trace"] = .object(registered)
        }
        if r.status == .error { o["isError"] = .bool(true) }
        return .object(o)
    }

    func descriptor(_ r: TestResult) -> String {
        switch r.origin {
        case .test: return "it"
        case .block: return r.line == 0 ? "file" : "describe"
        case .hook: return String(r.name.split(separator: " ").last ?? "hook")
        }
    }

    /// The line of `file:N: message`, where an error was raised.
    static func line(in message: String, file: String) -> Int? {
        guard message.hasPrefix(file + ":") else { return nil }
        let rest = message.dropFirst(file.count + 1)
        let digits = rest.prefix { $0.isNumber }
        guard !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(":") else { return nil }
        return Int(digits)
    }
}

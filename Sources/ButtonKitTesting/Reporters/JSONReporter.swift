import ButtonKit

/// The whole run as one JSON document in busted's layout, so scripts
/// written for `busted -o json` read it unchanged: `successes`, `failures`,
/// `errors`, `pendings` (each entry with `name`, `message`, `trace`,
/// `element`, `isError` as busted writes them) and `duration`, on one line.
///
/// Our extras are keys busted does not use, so they break nothing: each
/// entry's `file`, `line`, `status`, `duration` and `output`, and a
/// top-level `summary` with the counts (and `seed` when shuffled).
/// Where busted knows more than a result carries, the entry says less: an
/// element's `name` is the test's full name, `linedefined` is absent, the
/// traceback of where a test was registered is that one line, and its end
/// time is when the result reached the runner.
public final class JSONReporter: DocumentReporter {
    public override init(out: TextOutput, timestamp: String) { super.init(out: out, timestamp: timestamp) }

    override func render(_ summary: TestSummary) -> String {
        var successes: [JSONValue] = [], failures: [JSONValue] = [], errors: [JSONValue] = [], pendings: [JSONValue] = []
        var listed: [JSONValue] = []
        for (i, r) in results.enumerated() {
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
            "summary": .object([
                "passed": .int(summary.passed), "failed": .int(summary.failed), "errors": .int(summary.errors),
                "pending": .int(summary.skipped), "total": .int(summary.total), "duration": .double(summary.duration),
            ]),
        ]
        if let seed { root["seed"] = .int(seed) }
        // --list: the tests that would run (an extra key busted does not have).
        if listing { root["listed"] = .array(listed) }
        return JSON.serialize(.object(root), pretty: false) + "\n"
    }

    /// One entry, as busted's base handler formats it, plus our extras.
    func entry(_ r: TestResult, _ at: (wall: Double, tick: Double)) -> JSONValue {
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
        var o: [String: JSONValue] = [
            "name": .string(r.name), "element": .object(element),
            "file": .string(r.file), "line": .int(r.line), "status": .string(r.status.rawValue), "duration": .double(r.duration),
        ]
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
        if !r.output.isEmpty { o["output"] = .string(r.output) }
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

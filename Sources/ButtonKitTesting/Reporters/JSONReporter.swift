import ButtonKit

/// The whole run as one JSON document: summary plus every test.
public final class JSONReporter: DocumentReporter {
    public override init(out: TextOutput, timestamp: String) { super.init(out: out, timestamp: timestamp) }

    override func render(_ summary: TestSummary) -> String {
        var tests: [JSONValue] = []
        for r in results {
            var o: [String: JSONValue] = [
                "file": .string(r.file), "name": .string(r.name), "status": .string(r.status.rawValue),
                "line": .int(r.line), "duration": .double(r.duration),
            ]
            if let m = r.message { o["message"] = .string(m) }
            if let t = r.traceback { o["traceback"] = .string(t) }
            if !r.output.isEmpty { o["output"] = .string(r.output) }
            tests.append(.object(o))
        }
        var root: [String: JSONValue] = [
            "summary": .object([
                "passed": .int(summary.passed), "failed": .int(summary.failed), "errors": .int(summary.errors),
                "pending": .int(summary.skipped), "total": .int(summary.total), "duration": .double(summary.duration),
            ]),
            "tests": .array(tests),
        ]
        if let seed { root["seed"] = .int(seed) }
        return JSON.serialize(.object(root), pretty: true) + "\n"
    }
}

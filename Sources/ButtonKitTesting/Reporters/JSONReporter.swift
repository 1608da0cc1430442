import ButtonKit

/// The whole run as one JSON document: summary plus every test.
public enum JSONReporter {
    /// The whole document for a finished run.
    public static func render(_ results: [TestResult], summary: TestSummary, seed: Int?) -> String {
        var tests: [JSONValue] = []
        for r in results where r.status != .listed {
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
                "skipped": .int(summary.skipped), "total": .int(summary.total), "duration": .double(summary.duration),
            ]),
            "tests": .array(tests),
        ]
        if let seed { root["seed"] = .int(seed) }
        return JSON.serialize(.object(root), pretty: true) + "\n"
    }

    /// One result as a single JSON line (the worker protocol for --jobs).
    public static func line(_ r: TestResult) -> String {
        var o: [String: JSONValue] = [
            "file": .string(r.file), "name": .string(r.name), "status": .string(r.status.rawValue),
            "line": .int(r.line), "duration": .double(r.duration), "output": .string(r.output),
        ]
        if let m = r.message { o["message"] = .string(m) }
        if let t = r.traceback { o["traceback"] = .string(t) }
        if let p = r.picture {
            o["picture"] = .object(["expected": .string(p.expected), "actual": .string(p.actual),
                                    "diffs": .array(p.differences.map(JSONValue.string)), "caption": .string(p.caption)])
        }
        return JSON.serialize(.object(o))
    }

    /// Reads a worker line back.
    public static func parse(_ line: String) -> TestResult? {
        guard case .object(let o)? = try? JSON.parse(line) else { return nil }
        func s(_ k: String) -> String? { if case .string(let v)? = o[k] { return v }; return nil }
        func d(_ k: String) -> Double {
            switch o[k] { case .double(let v)?: return v; case .int(let v)?: return Double(v); default: return 0 }
        }
        guard let status = s("status").flatMap(TestResult.Status.init(rawValue:)) else { return nil }
        var r = TestResult(file: s("file") ?? "", name: s("name") ?? "", status: status, line: Int(d("line")),
                           message: s("message"), traceback: s("traceback"), duration: d("duration"), output: s("output") ?? "")
        if case .object(let p)? = o["picture"], case .string(let e)? = p["expected"], case .string(let a)? = p["actual"] {
            var diffs: [String] = []
            if case .array(let list)? = p["diffs"] { for case .string(let d) in list { diffs.append(d) } }
            var caption = ""
            if case .string(let c)? = p["caption"] { caption = c }
            r.picture = TestResult.Picture(expected: e, actual: a, differences: diffs, caption: caption)
        }
        return r
    }
}

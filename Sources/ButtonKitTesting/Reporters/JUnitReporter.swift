/// JUnit XML in the common schema (testsuites > testsuite > testcase) that
/// CI servers read: one testsuite per spec file.
public enum JUnitReporter {
    /// The whole document for a finished run, one testsuite per file in `files` order.
    public static func render(_ results: [TestResult], files: [String], duration: Double, timestamp: String) -> String {
        var s = TestSummary()
        for r in results { s.add(r) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"buttonkit\" tests=\"\(s.total)\" failures=\"\(s.failed)\" errors=\"\(s.errors)\" skipped=\"\(s.skipped)\" time=\"\(Seconds.format(duration))\">\n"
        for (i, file) in files.enumerated() {
            let rs = results.filter { $0.file == file && $0.status != .listed }
            var fs = TestSummary()
            for r in rs { fs.add(r) }
            let time = rs.reduce(0) { $0 + $1.duration }
            out += "  <testsuite name=\"\(XML.escape(file))\" id=\"\(i)\" tests=\"\(fs.total)\" failures=\"\(fs.failed)\" errors=\"\(fs.errors)\" skipped=\"\(fs.skipped)\" time=\"\(Seconds.format(time))\" timestamp=\"\(timestamp)\" hostname=\"localhost\">\n"
            for r in rs {
                let classname = file.hasSuffix(".lua") ? String(file.dropLast(4)).replacingSlashes() : file
                out += "    <testcase classname=\"\(XML.escape(classname))\" name=\"\(XML.escape(r.name))\" file=\"\(XML.escape(r.file))\" line=\"\(r.line)\" time=\"\(Seconds.format(r.duration))\""
                var body = ""
                switch r.status {
                case .failed:
                    body += "      <failure message=\"\(XML.escape(firstLine(r.message)))\" type=\"AssertionFailure\">\(XML.escape(details(r)))</failure>\n"
                case .error:
                    body += "      <error message=\"\(XML.escape(firstLine(r.message)))\" type=\"Error\">\(XML.escape(details(r)))</error>\n"
                case .pending:
                    body += "      <skipped message=\"\(XML.escape(r.message ?? "pending"))\"/>\n"
                default: break
                }
                if !r.output.isEmpty { body += "      <system-out>\(XML.escape(r.output))</system-out>\n" }
                out += body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func firstLine(_ s: String?) -> String {
        guard let s else { return "" }
        return String(s.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    static func details(_ r: TestResult) -> String {
        var d = r.message ?? ""
        if let tb = r.traceback, !tb.isEmpty { d += "\nstack traceback:\n" + tb }
        return d
    }
}

extension String {
    func replacingSlashes() -> String { String(map { $0 == "/" ? "." : $0 }) }
}

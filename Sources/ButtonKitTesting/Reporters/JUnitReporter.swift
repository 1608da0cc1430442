import ButtonKit

/// JUnit XML in the common schema (testsuites > testsuite > testcase) that
/// CI servers read: one testsuite per spec file. A failure's `message`
/// attribute carries the whole message; the body adds the traceback.
public final class JUnitReporter: DocumentReporter {
    public override init(out: TextOutput, timestamp: String) { super.init(out: out, timestamp: timestamp) }

    override func render(_ total: TestSummary) -> String {
        var s = TestSummary()
        for r in results { s.add(r) }
        let listedCount = results.filter { $0.status == .listed }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"buttonkit\" tests=\"\(s.total + listedCount)\" failures=\"\(s.failed)\" errors=\"\(s.errors)\" skipped=\"\(s.skipped + listedCount)\" time=\"\(Seconds.format(total.duration))\">\n"
        var byFile: [String: [TestResult]] = [:]
        for r in results { byFile[r.file, default: []].append(r) }
        for (i, file) in files.enumerated() {
            let rs = byFile[file] ?? []
            var fs = TestSummary()
            for r in rs { fs.add(r) }
            let listed = rs.filter { $0.status == .listed }.count
            let time = rs.reduce(0) { $0 + $1.duration }
            out += "  <testsuite name=\"\(XML.escape(file))\" id=\"\(i)\" tests=\"\(fs.total + listed)\" failures=\"\(fs.failed)\" errors=\"\(fs.errors)\" skipped=\"\(fs.skipped + listed)\" time=\"\(Seconds.format(time))\" timestamp=\"\(timestamp)\" hostname=\"localhost\">\n"
            for r in rs {
                let classname = file.hasSuffix(".lua") ? PathText.replacing("/", with: ".", in: String(decoding: file.utf8.dropLast(4), as: UTF8.self)) : file
                out += "    <testcase classname=\"\(XML.escape(classname))\" name=\"\(XML.escape(r.name))\" file=\"\(XML.escape(r.file))\" line=\"\(r.line)\" time=\"\(Seconds.format(r.duration))\""
                var body = ""
                switch r.status {
                case .failed:
                    body += "      <failure message=\"\(XML.escape(r.message ?? ""))\" type=\"AssertionFailure\">\(XML.escape(details(r)))</failure>\n"
                case .error:
                    body += "      <error message=\"\(XML.escape(r.message ?? ""))\" type=\"Error\">\(XML.escape(details(r)))</error>\n"
                case .pending:
                    body += "      <skipped message=\"\(XML.escape(r.message ?? "pending"))\"/>\n"
                case .listed:
                    body += "      <skipped message=\"listed, not run\"/>\n"
                case .passed: break
                }
                if !r.output.isEmpty { body += "      <system-out>\(XML.escape(r.output))</system-out>\n" }
                out += body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    func details(_ r: TestResult) -> String {
        var d = r.message ?? ""
        if let tb = r.traceback, !tb.isEmpty { d += "\nstack traceback:\n" + tb }
        return d
    }
}

/// A single self-contained HTML page of a test run: inline CSS and SVG, no
/// outside assets. Summary first, then failures (with expected and actual
/// pictures side by side for appearance and snapshot assertions), then every
/// test by file.
public final class HTMLReporter: DocumentReporter {
    public override init(out: TextOutput, timestamp: String) { super.init(out: out, timestamp: timestamp) }

    override func render(_ summary: TestSummary) -> String {
        HTMLReporter.page(results, summary: summary, files: files, timestamp: timestamp)
    }

    /// The whole page for a finished run.
    static func page(_ results: [TestResult], summary: TestSummary, files: [String], timestamp: String) -> String {
        let failures = results.filter(\.isFailure)
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>ButtonKit test report — \(summary.line)</title>
        <style>
        body { font: 14px system-ui, -apple-system, Helvetica, Arial, sans-serif; margin: 24px; color: #263238; background: #F5F7F8; }
        h1 { font-size: 20px; margin: 0 0 6px; } h2 { font-size: 16px; margin: 24px 0 8px; }
        .meta { color: #607D8B; margin-bottom: 16px; }
        .counts span { display: inline-block; padding: 4px 10px; border-radius: 12px; margin-right: 6px; font-weight: 600; }
        .passed { background: #E8F5E9; color: #2E7D32; } .failed { background: #FFEBEE; color: #C62828; }
        .skipped { background: #FFF8E1; color: #F57F17; }
        .failure { background: #fff; border-left: 4px solid #E53935; border-radius: 6px; padding: 10px 14px; margin: 0 0 14px; box-shadow: 0 1px 2px rgba(0,0,0,.1); }
        .failure h3 { font-size: 15px; margin: 0 0 4px; } .loc { color: #00838F; font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
        pre { background: #FAFAFA; border: 1px solid #ECEFF1; padding: 8px; overflow-x: auto; font-size: 12px; white-space: pre-wrap; }
        .pictures { display: flex; gap: 24px; align-items: flex-start; flex-wrap: wrap; margin: 8px 0; }
        .pictures figure { margin: 0; text-align: center; } .pictures figcaption { font-size: 12px; color: #546E7A; }
        .diffs { margin: 4px 0 0; padding-left: 18px; color: #B71C1C; font-family: ui-monospace, Menlo, monospace; font-size: 12px; }
        table { border-collapse: collapse; width: 100%; background: #fff; } td, th { text-align: left; padding: 4px 8px; border-bottom: 1px solid #ECEFF1; font-size: 13px; }
        td.status { font-weight: 600; } tr.fail td.status { color: #C62828; } tr.pass td.status { color: #2E7D32; } tr.skip td.status { color: #F57F17; }
        </style></head><body>
        <h1>ButtonKit test report</h1>
        <div class="meta">\(files.count) spec file\(files.count == 1 ? "" : "s") · \(Seconds.human(summary.duration)) · \(timestamp)</div>
        <div class="counts"><span class="passed">\(summary.passed) passed</span><span class="failed">\(summary.failed + summary.errors) failed</span><span class="skipped">\(summary.skipped) pending</span></div>

        """
        if !failures.isEmpty {
            out += "<h2>Failures</h2>\n"
            for f in failures {
                out += "<section class=\"failure\"><h3>\(XML.escape(f.name))</h3>"
                out += "<div class=\"loc\">\(XML.escape(f.location))\(f.status == .error ? " · error" : "")</div>"
                if let p = f.picture {
                    out += "<div class=\"pictures\">"
                    // An audit has no "expected" look: only what is drawn, flagged.
                    if !p.expected.isEmpty { out += "<figure>\(InlinePicture.html(p.expected))<figcaption>expected</figcaption></figure>" }
                    out += "<figure>\(InlinePicture.html(p.actual))<figcaption>\(p.expected.isEmpty ? "as drawn" : "actual")</figcaption></figure>"
                    out += "<div><div>\(XML.escape(p.caption))</div><ul class=\"diffs\">"
                    for d in p.differences { out += "<li>\(XML.escape(d))</li>" }
                    out += "</ul></div></div>"
                }
                out += "<pre>\(XML.escape(f.message ?? ""))</pre>"
                if let tb = f.traceback, !tb.isEmpty { out += "<pre>stack traceback:\n\(XML.escape(tb))</pre>" }
                if !f.output.isEmpty { out += "<pre>output:\n\(XML.escape(f.output))</pre>" }
                out += "</section>\n"
            }
        }
        out += "<h2>All tests</h2>\n"
        for file in files {
            let rs = results.filter { $0.file == file && $0.status != .listed }
            if rs.isEmpty { continue }
            out += "<h3>\(XML.escape(file))</h3><table><tr><th>status</th><th>test</th><th>line</th><th>time</th></tr>\n"
            for r in rs {
                let cls = r.isFailure ? "fail" : (r.status == .pending ? "skip" : "pass")
                let label = r.status == .pending ? "pending" : (r.isFailure ? (r.status == .error ? "error" : "failed") : "passed")
                out += "<tr class=\"\(cls)\"><td class=\"status\">\(label)</td><td>\(XML.escape(r.name))</td><td>\(r.line)</td><td>\(Seconds.human(r.duration))</td></tr>\n"
            }
            out += "</table>\n"
        }
        return out + "</body></html>\n"
    }

}

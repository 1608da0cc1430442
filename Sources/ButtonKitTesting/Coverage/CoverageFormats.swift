#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua

/// The reports CI systems read, written from the same model as luacov's
/// text report, so every format counts the same lines and hits.
extension CoverageReport {
    /// lcov's tracefile (`man geninfo`): per file `SF`, a `DA:line,hits` for
    /// every counted line, `LF`/`LH` (counted, hit), `end_of_record`. genhtml,
    /// Codecov and Coveralls read it; names are relative to the working folder.
    var lcov: String {
        var out = "TN:\n"
        for f in files {
            out += "SF:\(f.name)\n"
            for (i, line) in f.lines.enumerated() {
                switch line.mark {
                case .none: continue
                case .missed: out += "DA:\(i + 1),0\n"
                case .hit(let n): out += "DA:\(i + 1),\(n)\n"
                }
            }
            out += "LF:\(f.hits + f.missed)\nLH:\(f.hits)\nend_of_record\n"
        }
        return out
    }

    /// A rate as Cobertura writes it: 4 decimals; 1 when nothing is counted.
    static func rate(_ hits: Int, _ missed: Int) -> String {
        hits + missed == 0 ? "1" : fixed(Double(hits) / Double(hits + missed), digits: 4)
    }

    /// Cobertura XML (coverage-04.dtd): one package per folder, one class
    /// per file (its `filename` relative to `source`, the working folder),
    /// its counted lines; no branch data. `methods` is required, even empty.
    func cobertura(source: String, timestamp: Int) -> String {
        var packages: [(name: String, files: [File])] = []
        for f in files {
            let dir = CoverageReport.folder(of: f.name)
            if let i = packages.firstIndex(where: { $0.name == dir }) { packages[i].files.append(f) } else { packages.append((dir, [f])) }
        }
        let h = totalHits, m = totalMissed
        var out = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE coverage SYSTEM "http://cobertura.sourceforge.net/xml/coverage-04.dtd">
        <coverage line-rate="\(CoverageReport.rate(h, m))" branch-rate="0" lines-covered="\(h)" lines-valid="\(h + m)" \
        branches-covered="0" branches-valid="0" complexity="0" version="buttonkit \(XML.escape(ButtonKitLua.version))" timestamp="\(timestamp)">
          <sources>
            <source>\(XML.escape(source))</source>
          </sources>
          <packages>

        """
        for p in packages {
            let ph = p.files.reduce(0) { $0 + $1.hits }, pm = p.files.reduce(0) { $0 + $1.missed }
            out += "    <package name=\"\(XML.escape(p.name == "." ? "." : PathText.components(p.name).joined(separator: ".")))\" "
            out += "line-rate=\"\(CoverageReport.rate(ph, pm))\" branch-rate=\"0\" complexity=\"0\">\n      <classes>\n"
            for f in p.files {
                let name = XML.escape(f.name)
                out += "        <class name=\"\(name)\" filename=\"\(name)\" line-rate=\"\(CoverageReport.rate(f.hits, f.missed))\" branch-rate=\"0\" complexity=\"0\">\n"
                out += "          <methods/>\n          <lines>\n"
                for (i, line) in f.lines.enumerated() {
                    switch line.mark {
                    case .none: continue
                    case .missed: out += "            <line number=\"\(i + 1)\" hits=\"0\" branch=\"false\"/>\n"
                    case .hit(let n): out += "            <line number=\"\(i + 1)\" hits=\"\(n)\" branch=\"false\"/>\n"
                    }
                }
                out += "          </lines>\n        </class>\n"
            }
            out += "      </classes>\n    </package>\n"
        }
        out += "  </packages>\n</coverage>\n"
        return out
    }

    /// One self-contained page (inline CSS, no scripts or outside assets):
    /// the summary table, then every file's source with each counted line's
    /// hits, missed lines marked.
    func html(title: String, timestamp: String) -> String {
        let h = totalHits, m = totalMissed
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>\(XML.escape(title)) — \(CoverageReport.percent(h, m))</title>
        <style>
        body { font: 14px system-ui, -apple-system, Helvetica, Arial, sans-serif; margin: 24px; color: #263238; background: #F5F7F8; }
        h1 { font-size: 20px; margin: 0 0 6px; } h2 { font-size: 15px; margin: 28px 0 8px; font-family: ui-monospace, Menlo, monospace; }
        .meta { color: #607D8B; margin-bottom: 16px; }
        table { border-collapse: collapse; background: #fff; } td, th { text-align: left; padding: 4px 10px; border-bottom: 1px solid #ECEFF1; font-size: 13px; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
        .bar { display: inline-block; width: 80px; height: 8px; background: #FFCDD2; border-radius: 4px; overflow: hidden; vertical-align: middle; margin-right: 6px; }
        .bar i { display: block; height: 100%; background: #66BB6A; }
        table.src { width: 100%; font: 12px/1.45 ui-monospace, Menlo, Consolas, monospace; }
        table.src td { border: 0; padding: 0 8px; white-space: pre; vertical-align: top; }
        table.src td.n { color: #90A4AE; text-align: right; user-select: none; width: 1%; }
        table.src td.c { text-align: right; width: 1%; color: #2E7D32; }
        tr.hit td.code { background: #E8F5E9; } tr.missed td.code { background: #FFEBEE; } tr.missed td.c { color: #C62828; font-weight: 600; }
        a { color: #00838F; text-decoration: none; }
        </style></head><body>
        <h1>\(XML.escape(title))</h1>
        <div class="meta">\(h) of \(h + m) counted lines hit (\(CoverageReport.percent(h, m))) in \(files.count) file\(files.count == 1 ? "" : "s") · \(XML.escape(timestamp))</div>
        <table class="summary"><tr><th>File</th><th class="num">Hits</th><th class="num">Missed</th><th class="num">Coverage</th></tr>

        """
        for (k, f) in files.enumerated() {
            let total = f.hits + f.missed
            let share = total == 0 ? 100 : f.hits * 100 / total
            out += "<tr><td><a href=\"#f\(k)\">\(XML.escape(f.name))</a></td><td class=\"num\">\(f.hits)</td><td class=\"num\">\(f.missed)</td>"
            out += "<td class=\"num\"><span class=\"bar\"><i style=\"width:\(share)%\"></i></span>\(CoverageReport.percent(f.hits, f.missed))</td></tr>\n"
        }
        out += "<tr><th>Total</th><th class=\"num\">\(h)</th><th class=\"num\">\(m)</th><th class=\"num\">\(CoverageReport.percent(h, m))</th></tr></table>\n"
        for (k, f) in files.enumerated() {
            out += "<h2 id=\"f\(k)\">\(XML.escape(f.name)) — \(CoverageReport.percent(f.hits, f.missed))</h2>\n<table class=\"src\">\n"
            for (i, line) in f.lines.enumerated() {
                let text = XML.escape(String(decoding: line.text, as: UTF8.self))
                switch line.mark {
                case .none: out += "<tr><td class=\"n\">\(i + 1)</td><td class=\"c\"></td><td class=\"code\">\(text)</td></tr>\n"
                case .missed: out += "<tr class=\"missed\"><td class=\"n\">\(i + 1)</td><td class=\"c\">0</td><td class=\"code\">\(text)</td></tr>\n"
                case .hit(let n): out += "<tr class=\"hit\"><td class=\"n\">\(i + 1)</td><td class=\"c\">\(n)</td><td class=\"code\">\(text)</td></tr>\n"
                }
            }
            out += "</table>\n"
        }
        out += "</body></html>\n"
        return out
    }
}

extension CoverageReport {
    /// The folder of a relative name, "." for a bare one.
    static func folder(of name: String) -> String {
        PathText.directory(of: name)
    }
}

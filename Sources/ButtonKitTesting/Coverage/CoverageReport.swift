#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua

/// What a coverage report shows, decided as luacov 0.17's reporter decides:
/// the counted files that pass include/exclude, under their real names
/// (`modules`), several names of one file merged, sorted by name; each
/// source line hit, missed, or not counted (luacov's line rules). Every
/// format (luacov's text, lcov, Cobertura, HTML) is written from this one
/// model, so they agree line for line.
struct CoverageReport {
    enum Mark: Equatable {
        /// Not counted (blank, comment, `end`, ...): shown without a count.
        case none
        case missed
        case hit(Int)
    }

    struct Line {
        let text: [UInt8]
        let mark: Mark
    }

    struct File {
        let name: String
        let lines: [Line]
        var hits: Int { lines.reduce(0) { if case .hit = $1.mark { return $0 + 1 } else { return $0 } } }
        var missed: Int { lines.reduce(0) { $1.mark == .missed ? $0 + 1 : $0 } }
    }

    var files: [File] = []
    /// The most hits of any line of the reported files (counted or not):
    /// luacov sizes its count column by it.
    var maxHits = 0
    /// luacov's "Couldn't open <file>: <reason>" for files that are gone.
    var problems: [String] = []

    var totalHits: Int { files.reduce(0) { $0 + $1.hits } }
    var totalMissed: Int { files.reduce(0) { $0 + $1.missed } }

    /// The report of `stats` with `settings`, scanning sources from the
    /// working folder. `specs`: the run's spec files, which untested files
    /// leave out (unless the include patterns name them), as counting does.
    /// `files`: where sources are read from; a sandboxed run's report shows
    /// only those inside the working tree, read beneath it (a chunk's name
    /// is the script's choice, and `load(code, "@/etc/passwd")` would
    /// otherwise put that file in the report).
    static func build(_ stats: CoverageStats, lua: CoverageLua, settings: CoverageSettings,
                      specs: Set<String> = [], files: CoverageFiles = CoverageFiles(tree: nil)) throws(LuaError) -> CoverageReport {
        let readable: (String) -> Bool = { path in files.tree?.contains(path) ?? true }
        var merged: [String: CoverageStats.File] = [:]
        for name in stats.sortedNames {
            guard let f = stats.files[name], try lua.included(name) else { continue }
            let real = try lua.realName(name)
            if merged[real] == nil { merged[real] = f } else { merged[real]?.merge(f) }
        }
        var report = CoverageReport()
        report.maxHits = merged.values.map(\.maxHits).max() ?? 0
        if settings.untestedAll || !settings.untestedPaths.isEmpty {
            // Folders outside are not even listed when sources outside may
            // not be shown: the names alone would tell what exists there.
            for path in untestedFiles((settings.untestedAll ? nil : settings.untestedPaths)?.filter(readable)) where readable(path) {
                let name = PathText.droppingDotSlash(path)
                guard try lua.included(name) else { continue }
                if specs.contains(name), !(try lua.named(name)) { continue }
                let real = try lua.realName(name)
                if merged[real] == nil { merged[real] = CoverageStats.File() }
            }
        }
        for name in merged.keys.sorted(by: CoverageStats.byteOrder) {
            guard let counts = merged[name] else { continue }
            guard readable(name) else {
                report.problems.append("Couldn't open \(name): outside the working tree (the run is sandboxed)")
                continue
            }
            let source: [UInt8]
            switch files.read(name) {
            case .success(let bytes): source = bytes
            case .failure(let e):
                report.problems.append("Couldn't open \(name): \(e.why)")
                continue
            }
            let codes = try lua.classify(source)
            var lines: [Line] = []
            for (i, text) in splitLines(source).enumerated() {
                let code = i < codes.count ? codes[i] : 45
                let hits = counts[i + 1]
                let counted = code == 43 || (code == 63 && hits != 0)  // "+", or "?" when hit
                lines.append(Line(text: text, mark: !counted ? .none : hits == 0 ? .missed : .hit(hits)))
            }
            report.files.append(File(name: name, lines: lines))
        }
        return report
    }

    /// Lines as Lua's read("l") gives them: split at "\n" (a "\r" stays),
    /// a last line without "\n" included, no empty line after a final "\n".
    static func splitLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map { Array($0) }
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// luacov's includeuntestedfiles: every `x.lua` file under the working
    /// folder (nil), or under the folders listed (a listed `.lua` file is
    /// taken as it is), walked as luacov walks them (hidden folders too).
    static func untestedFiles(_ roots: [String]?) -> [String] {
        var out: [String] = []
        func isLua(_ p: String) -> Bool { p.hasSuffix(".lua") && p.utf8.count > 4 }
        func walk(_ dir: String, depth: Int) {
            guard depth < 64 else { return }
            for name in Files.list(dir) {
                let path = dir + "/" + name
                var st = stat()
                guard stat(path, &st) == 0 else { continue }
                if (st.st_mode & S_IFMT) == S_IFDIR { walk(path, depth: depth + 1) }
                else if (st.st_mode & S_IFMT) == S_IFREG && isLua(path) { out.append(path) }
            }
        }
        guard let roots else { walk(".", depth: 0); return out }
        for root in roots {
            if isLua(root) { out.append(root); continue }
            var dir = root
            while dir.count > 1 && (dir.hasSuffix("/") || dir.hasSuffix("\\")) { dir.removeLast() }
            walk(dir, depth: 0)
        }
        return out
    }

    // MARK: luacov's text report

    /// `printf("%.2f%%")` of hits over all counted lines, as luacov prints it.
    static func percent(_ hits: Int, _ missed: Int) -> String {
        let total = hits + missed == 0 ? 1 : hits + missed
        return fixed(Double(hits) / Double(total) * 100.0, digits: 2) + "%"
    }

    /// C's `%.<digits>f` (the same rounding as luacov's string.format).
    static func fixed(_ v: Double, digits: Int) -> String {
        var buf = [CChar](repeating: 0, count: 64)
        let format = "%.\(digits)f"
        _ = withVaList([v]) { vsnprintf(&buf, buf.count, format, $0) }
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// luacov's default report (`luacov.report.out`), byte for byte.
    var luacovText: [UInt8] {
        var out: [UInt8] = []
        func put(_ s: String) { out += Array(s.utf8) }
        let rule = String(repeating: "=", count: 78) + "\n"
        let width = String(maxHits).count
        let blank = String(repeating: " ", count: width + 1) + " "
        let zero = String(repeating: "*", count: width) + "0 "
        for f in files {
            put(rule); out += Array(f.name.utf8); put("\n"); put(rule)
            for line in f.lines {
                switch line.mark {
                case .none:
                    if !line.text.isEmpty { put(blank); out += line.text }
                case .missed:
                    put(zero); out += line.text
                case .hit(let n):
                    let s = String(n)
                    put(String(repeating: " ", count: max(0, width + 1 - s.count)) + s + " ")
                    out += line.text
                }
                put("\n")
            }
            put("\n")
        }
        put(rule); put("Summary\n"); put(rule); put("\n")
        var rows: [[String]] = [["File", "Hits", "Missed", "Coverage"]]
        for f in files { rows.append([f.name, String(f.hits), String(f.missed), CoverageReport.percent(f.hits, f.missed)]) }
        rows.append(["Total", String(totalHits), String(totalMissed), CoverageReport.percent(totalHits, totalMissed)])
        var widths = [-1, -1, -1, -1]
        for row in rows { for (c, cell) in row.enumerated() { widths[c] = max(widths[c], cell.utf8.count) } }
        let tableWidth = widths.count - 1 + widths.reduce(0, +)
        for (i, row) in rows.enumerated() {
            if i == rows.count - 1 || i == 1 { put(String(repeating: "-", count: tableWidth) + "\n") }
            for (c, cell) in row.enumerated() {
                put(cell)
                if c == row.count - 1 { put("\n") } else { put(String(repeating: " ", count: widths[c] - cell.utf8.count + 1)) }
            }
        }
        return out
    }
}

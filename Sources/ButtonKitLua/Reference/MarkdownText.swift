/// The reference's Markdown as a terminal shows it: `:help colours` and
/// `buttonkit help api Colours` print tables as aligned columns, bold titles
/// without their asterisks, code blocks indented without their fences and
/// links as their text, instead of the page's raw syntax. Code spans keep
/// their backticks: they mark what to type.
enum MarkdownText {
    /// `markdown` with tables laid out in columns and `**` removed.
    static func plain(_ markdown: String) -> String {
        var out: [String] = []
        var table: [[String]] = []
        func flush() {
            guard !table.isEmpty else { return }
            out += layout(table)
            table.removeAll()
        }
        var inCode = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") {
                // A fence: the code is indented instead.
                flush()
                inCode.toggle()
                continue
            }
            if inCode { out.append("    " + line); continue }
            if trimmed.hasPrefix("|") {
                let row = cells(String(trimmed))
                if !row.allSatisfy(isRule) { table.append(row) }
                continue
            }
            flush()
            out.append(unlinked(String(line)).replacing("**", with: ""))
        }
        flush()
        return out.joined(separator: "\n")
    }

    /// `[style property](#values)` as `style property`: a terminal cannot
    /// follow the link, and the page's anchors mean nothing there.
    static func unlinked(_ line: String) -> String {
        guard line.contains("](") else { return line }
        var out = ""
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "[") {
            guard let close = rest[open...].firstIndex(of: "]"),
                  rest.index(after: close) < rest.endIndex, rest[rest.index(after: close)] == "(",
                  let end = rest[close...].firstIndex(of: ")") else {
                out += rest[...open]
                rest = rest[rest.index(after: open)...]
                continue
            }
            out += rest[..<open]
            out += rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: end)...]
        }
        return out + rest
    }

    /// The cells of `| a | b |`, trimmed; `\|` stays a bar inside a cell.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for c in row.dropFirst() {
            if escaped { cell.append(c); escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if c == "|" { cells.append(String(cell.trimmingSpaces())); cell = ""; continue }
            cell.append(c)
        }
        if !cell.trimmingSpaces().isEmpty { cells.append(String(cell.trimmingSpaces())) }
        return cells.map { $0.replacing("**", with: "") }
    }

    /// `---`, `:--:`: the row under a table's header.
    static func isRule(_ cell: String) -> Bool {
        !cell.isEmpty && cell.allSatisfy { $0 == "-" || $0 == ":" }
    }

    /// Rows padded to each column's widest cell, the header underlined.
    static func layout(_ rows: [[String]]) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (i, c) in row.enumerated() { widths[i] = max(widths[i], c.count) } }
        func line(_ row: [String]) -> String {
            var parts: [String] = []
            for i in 0..<columns {
                let c = i < row.count ? row[i] : ""
                parts.append(i == columns - 1 ? c : c + String(repeating: " ", count: widths[i] - c.count))
            }
            return "  " + parts.joined(separator: "  ").trimmingTrailingSpaces()
        }
        var out = [line(rows[0])]
        if rows.count > 1 { out.append("  " + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        out += rows.dropFirst().map(line)
        return out
    }
}

extension String {
    /// Without spaces at the end (a padded last column leaves none).
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}

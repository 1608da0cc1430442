/// One line a worker sends its runner: tab-separated fields, with tab,
/// newline, carriage return and backslash escaped. Cheap to write (results
/// of passing tests are a few short fields) and to read.
enum Record: Equatable {
    /// A test (or a block or hook that failed outside a test) ended.
    case result(TestResult)
    /// A test started (sent only when a reporter shows starts, like gtest's).
    case started(name: String, line: Int)
    /// The spec file is done: every result of it was sent.
    case fileDone
    /// A note for standard error ("wrote snapshot ...").
    case note(String)
    /// Files the spec file loaded with require/dofile/loadfile.
    case loaded([String])
    /// The worker's last words before it ended: what it was doing (a test's
    /// name and line), and why.
    case lastWords(activity: String, message: String, line: Int)
    /// Line counts of one Lua file, for coverage.
    case coverage(file: String, counts: [Int: Int])

    static func escape(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 9 || $0 == 10 || $0 == 13 || $0 == 92 || $0 == 31 }) else { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count + 8)
        for ch in s.unicodeScalars {
            switch ch {
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\\": out += "\\\\"
            case "\u{1F}": out += "\\u"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }

    static func unescape(_ s: Substring) -> String {
        guard s.contains("\\") else { return String(s) }
        var out = ""
        var it = s.unicodeScalars.makeIterator()
        while let ch = it.next() {
            guard ch == "\\", let n = it.next() else { out.unicodeScalars.append(ch); continue }
            switch n {
            case "t": out += "\t"
            case "n": out += "\n"
            case "r": out += "\r"
            case "u": out += "\u{1F}"
            default: out.unicodeScalars.append(n)
            }
        }
        return out
    }

    /// Items of a list field, separated by the unit separator (escaped in items).
    static func list(_ items: [String]) -> String { items.map(escape).joined(separator: "\u{1F}") }
    static func unlist(_ s: Substring) -> [String] {
        s.isEmpty ? [] : s.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(unescape)
    }

    /// The line for this record, newline included.
    var line: String {
        switch self {
        case .result(let r):
            var f = ["R", r.status.rawValue, Record.escape(r.name), String(r.line), String(r.duration),
                     Record.escape(r.message ?? ""), Record.escape(r.traceback ?? ""), Record.escape(r.output),
                     r.message == nil ? "0" : "1"]
            if let p = r.picture {
                f += [Record.escape(p.expected), Record.escape(p.actual), Record.list(p.differences), Record.escape(p.caption)]
            }
            return f.joined(separator: "\t") + "\n"
        case let .started(name, line): return "S\t\(Record.escape(name))\t\(line)\n"
        case .fileDone: return "F\n"
        case .note(let t): return "N\t\(Record.escape(t))\n"
        case .loaded(let paths): return "L\t\(Record.list(paths))\n"
        case let .lastWords(activity, message, line): return "X\t\(Record.escape(activity))\t\(Record.escape(message))\t\(line)\n"
        case let .coverage(file, counts):
            let pairs = counts.keys.sorted().map { "\($0):\(counts[$0] ?? 0)" }.joined(separator: ",")
            return "C\t\(Record.escape(file))\t\(pairs)\n"
        }
    }

    /// Reads one line (without its newline); `file` fills results' file.
    static func parse(_ line: Substring, file: String) -> Record? {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard let kind = f.first else { return nil }
        switch kind {
        case "R" where f.count >= 9:
            guard let status = TestResult.Status(rawValue: String(f[1])) else { return nil }
            var r = TestResult(file: file, name: unescape(f[2]), status: status, line: Int(f[3]) ?? 0,
                               message: f[8] == "1" ? unescape(f[5]) : nil,
                               traceback: f[6].isEmpty ? nil : unescape(f[6]),
                               duration: Double(f[4]) ?? 0, output: unescape(f[7]))
            if f.count >= 13 {
                r.picture = TestResult.Picture(expected: unescape(f[9]), actual: unescape(f[10]),
                                               differences: unlist(f[11]), caption: unescape(f[12]))
            }
            return .result(r)
        case "S" where f.count >= 3: return .started(name: unescape(f[1]), line: Int(f[2]) ?? 0)
        case "F": return .fileDone
        case "N" where f.count >= 2: return .note(unescape(f[1]))
        case "L" where f.count >= 2: return .loaded(unlist(f[1]))
        case "X" where f.count >= 3:
            return .lastWords(activity: unescape(f[1]), message: unescape(f[2]), line: f.count > 3 ? Int(f[3]) ?? 0 : 0)
        case "C" where f.count >= 3:
            var counts: [Int: Int] = [:]
            for pair in f[2].split(separator: ",") {
                let kv = pair.split(separator: ":")
                if kv.count == 2, let k = Int(kv[0]), let v = Int(kv[1]) { counts[k] = v }
            }
            return .coverage(file: unescape(f[1]), counts: counts)
        default: return nil
        }
    }
}

extension TestResult: Equatable {
    public static func == (a: TestResult, b: TestResult) -> Bool {
        a.file == b.file && a.name == b.name && a.status == b.status && a.line == b.line && a.message == b.message
            && a.traceback == b.traceback && a.duration == b.duration && a.output == b.output
            && a.picture?.expected == b.picture?.expected && a.picture?.actual == b.picture?.actual
            && a.picture?.differences == b.picture?.differences && a.picture?.caption == b.picture?.caption
    }
}

/// One line a worker sends its runner: tab-separated fields, with tab,
/// newline, carriage return and backslash escaped. Cheap to write (results
/// of passing tests are a few short fields) and to read.
public enum Record: Equatable {
    /// A test (or a block or hook that failed outside a test) ended.
    case result(TestResult)
    /// A test started (sent only when a reporter shows starts, like gtest's);
    /// `detail`: the element as JSON, for output handlers.
    case started(name: String, line: Int, definedIn: String?, detail: String?)
    /// A describe block started or ended (JSON: `event`, `id`, `parent`,
    /// `element`), sent only for output handlers, which see busted's
    /// describe events.
    case block(String)
    /// The spec file is done: every result of it was sent.
    case fileDone
    /// The worker goes on with this file, in the same state (an expose in
    /// the file before carried it on).
    case next(String)
    /// A note for standard error ("wrote snapshot ...").
    case note(String)
    /// Files the spec file loaded with require/dofile/loadfile.
    case loaded([String])
    /// A module the worker compiled from source, as `require` found it: the
    /// runner compiles it once for the files after this one.
    case module(String)
    /// The worker's last words before it ended: what it was doing (a test's
    /// name and line), and why.
    case lastWords(activity: String, message: String, line: Int)
    /// Line counts of one Lua file, for coverage.
    case coverage(file: String, counts: [Int: Int])
    /// The coverage settings a spec's luacov module ran with (as text).
    case coverageConfig(String)

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

    static func unescape(_ s: Substring) -> String { unescape(Array(s.utf8)[...]) }

    /// The text of an escaped field (bytes that are not UTF-8 kept: see ByteText).
    static func unescape(_ b: ArraySlice<UInt8>) -> String {
        guard b.contains(92) else { return ByteText.decode(b) }
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = b.startIndex
        while i < b.endIndex {
            let c = b[i]
            if c == 92, i + 1 < b.endIndex {
                let n = b[i + 1]
                switch n {
                case 116: out.append(9)       // \t
                case 110: out.append(10)      // \n
                case 114: out.append(13)      // \r
                case 117: out.append(31)      // \u: the unit separator
                default: out.append(n)
                }
                i += 2
            } else {
                out.append(c)
                i += 1
            }
        }
        return ByteText.decode(out)
    }

    /// Splits bytes at `separator`, keeping empty fields.
    static func fields(_ b: ArraySlice<UInt8>, _ separator: UInt8) -> [ArraySlice<UInt8>] {
        var out: [ArraySlice<UInt8>] = []
        var start = b.startIndex
        for i in b.indices where b[i] == separator {
            out.append(b[start..<i])
            start = i + 1
        }
        out.append(b[start..<b.endIndex])
        return out
    }

    /// Items of a list field, separated by the unit separator (escaped in items).
    static func list(_ items: [String]) -> String { items.map(escape).joined(separator: "\u{1F}") }
    static func unlist(_ s: Substring) -> [String] { unlist(Array(s.utf8)[...]) }
    static func unlist(_ b: ArraySlice<UInt8>) -> [String] {
        b.isEmpty ? [] : fields(b, 31).map(unescape)
    }

    /// A result's record line (benchmarks measure what workers send).
    public static func line(for r: TestResult) -> String { Record.result(r).line }

    /// The line for this record, newline included.
    var line: String {
        var w = RecordWriter()
        w.write(self)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// Reads one line (without its newline); `file` fills results' file.
    static func parse(_ line: Substring, file: String) -> Record? { parse(bytes: Array(line.utf8)[...], file: file) }

    static func number(_ b: ArraySlice<UInt8>) -> Int {
        var v = 0, neg = false
        for (k, c) in b.enumerated() {
            if k == 0 && c == 45 { neg = true; continue }
            guard c >= 48 && c <= 57 else { return 0 }
            v = v &* 10 &+ Int(c - 48)
        }
        return neg ? 0 &- v : v  // wraps, never traps: a spec chooses these numbers
    }

    static func parse(bytes line: ArraySlice<UInt8>, file: String) -> Record? {
        let f = fields(line, 9)
        guard let kind = f.first, kind.count == 1 else { return nil }
        switch kind.first! {
        case 82 where f.count >= 9:  // R
            // "error@hook": an error outside a test, and where it came from.
            let word = String(decoding: f[1], as: UTF8.self)
            let parts = word.split(separator: "@", maxSplits: 1)
            guard let status = TestResult.Status(rawValue: String(parts.first ?? "")) else { return nil }
            let origin = parts.count == 2 ? TestResult.Origin(rawValue: String(parts[1])) ?? .block : .test
            var r = TestResult(file: file, name: unescape(f[2]), status: status, line: number(f[3]),
                               message: f[8].first == 49 ? unescape(f[5]) : nil,
                               traceback: f[6].isEmpty ? nil : unescape(f[6]),
                               duration: Double(number(f[4])) / 1e6,
                               output: f[7].isEmpty ? "" : unescape(f[7]))
            r.origin = origin
            // The picture's fields may be there empty, before a defining file.
            if f.count >= 13, !(f[9].isEmpty && f[10].isEmpty && f[12].isEmpty) {
                r.picture = TestResult.Picture(expected: unescape(f[9]), actual: unescape(f[10]),
                                               differences: unlist(f[11]), caption: unescape(f[12]))
            }
            if f.count >= 14, !f[13].isEmpty { r.definedIn = unescape(f[13]) }
            if f.count >= 15, !f[14].isEmpty { r.detail = unescape(f[14]) }
            return .result(r)
        case 83 where f.count >= 3:  // S
            return .started(name: unescape(f[1]), line: number(f[2]), definedIn: f.count > 3 && !f[3].isEmpty ? unescape(f[3]) : nil,
                            detail: f.count > 4 && !f[4].isEmpty ? unescape(f[4]) : nil)
        case 66 where f.count >= 2: return .block(unescape(f[1]))  // B
        case 70: return .fileDone  // F
        case 89 where f.count >= 2: return .next(unescape(f[1]))  // Y
        case 78 where f.count >= 2: return .note(unescape(f[1]))  // N
        case 76 where f.count >= 2: return .loaded(unlist(f[1]))  // L
        case 77 where f.count >= 2: return .module(unescape(f[1]))  // M
        case 88 where f.count >= 3:  // X
            return .lastWords(activity: unescape(f[1]), message: unescape(f[2]), line: f.count > 3 ? number(f[3]) : 0)
        case 67 where f.count >= 3:  // C
            var counts: [Int: Int] = [:]
            for pair in fields(f[2], 44) where !pair.isEmpty {
                let kv = fields(pair, 58)
                if kv.count == 2 { counts[number(kv[0])] = number(kv[1]) }
            }
            return .coverage(file: unescape(f[1]), counts: counts)
        case 75 where f.count >= 2: return .coverageConfig(unescape(f[1]))  // K
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
            && a.definedIn == b.definedIn && a.detail == b.detail
    }
}

/// Writes records as bytes: fields escaped while they are copied, numbers
/// as decimal integers (a duration in microseconds). A passing test's record
/// costs a few hundred nanoseconds, not the microseconds that building and
/// joining Swift strings took.
public struct RecordWriter {
    public private(set) var bytes: [UInt8] = []

    public init() { bytes.reserveCapacity(256) }

    public mutating func clear() { bytes.removeAll(keepingCapacity: true) }

    mutating func tab() { bytes.append(9) }

    mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func escaped(_ s: String) {
        var s = s
        s.withUTF8 { buf in
            // Most fields need no escaping: copy them whole.
            var plain = true
            for c in buf where c == 9 || c == 10 || c == 13 || c == 92 || c == 31 { plain = false; break }
            if plain { bytes.append(contentsOf: buf); return }
            for c in buf {
                switch c {
                case 9: bytes.append(92); bytes.append(116)
                case 10: bytes.append(92); bytes.append(110)
                case 13: bytes.append(92); bytes.append(114)
                case 92: bytes.append(92); bytes.append(92)
                case 31: bytes.append(92); bytes.append(117)
                default: bytes.append(c)
                }
            }
        }
    }

    mutating func int(_ v: Int) {
        if v < 0 { bytes.append(45) }
        var m = v.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat { d[n] = UInt8(48 + m % 10); m /= 10; n += 1 } while m > 0 && n < 20
            while n > 0 { n -= 1; bytes.append(d[n]) }
        }
    }

    mutating func list(_ items: [String]) {
        for (i, item) in items.enumerated() {
            if i > 0 { bytes.append(31) }
            escaped(item)
        }
    }

    /// Appends `r`'s line, newline included.
    public mutating func write(_ r: Record) {
        switch r {
        case .result(let t):
            raw("R\t"); raw(t.status.recordName)
            switch t.origin {
            case .test: break
            case .block: raw("@block")
            case .hook: raw("@hook")
            }
            tab()
            escaped(t.name); tab()
            int(t.line); tab()
            int(Int((max(0, t.duration) * 1e6).rounded(.toNearestOrEven)))
            tab(); escaped(t.message ?? ""); tab(); escaped(t.traceback ?? ""); tab(); escaped(t.output)
            tab(); bytes.append(t.message == nil ? 48 : 49)
            if let p = t.picture {
                tab(); escaped(p.expected); tab(); escaped(p.actual); tab(); list(p.differences); tab(); escaped(p.caption)
            } else if t.definedIn != nil || t.detail != nil {
                tab(); tab(); tab(); tab()
            }
            if t.definedIn != nil || t.detail != nil { tab(); escaped(t.definedIn ?? "") }
            if let d = t.detail { tab(); escaped(d) }
        case let .started(name, line, definedIn, detail):
            raw("S\t"); escaped(name); tab(); int(line)
            if definedIn != nil || detail != nil { tab(); escaped(definedIn ?? "") }
            if let d = detail { tab(); escaped(d) }
        case .block(let json): raw("B\t"); escaped(json)
        case .fileDone: raw("F")
        case .next(let path): raw("Y\t"); escaped(path)
        case .note(let text): raw("N\t"); escaped(text)
        case .loaded(let paths): raw("L\t"); list(paths)
        case .module(let path): raw("M\t"); escaped(path)
        case let .lastWords(activity, message, line): raw("X\t"); escaped(activity); tab(); escaped(message); tab(); int(line)
        case let .coverage(file, counts):
            raw("C\t"); escaped(file); tab()
            for (i, k) in counts.keys.sorted().enumerated() {
                if i > 0 { bytes.append(44) }
                int(k); bytes.append(58); int(counts[k] ?? 0)
            }
        case .coverageConfig(let text): raw("K\t"); escaped(text)
        }
        bytes.append(10)
    }
}

extension TestResult.Status {
    /// The status as a record spells it (its raw value), without allocating.
    var recordName: StaticString {
        switch self {
        case .passed: return "passed"
        case .failed: return "failed"
        case .error: return "error"
        case .pending: return "pending"
        case .listed: return "listed"
        }
    }
}

/// A small JSON reader and writer. The model avoids Foundation so that the
/// command starts fast; this is all the JSON it needs (stores, snapshots).
public enum JSON {
    /// Where parsing failed, for an error that names line and column.
    public struct ParseError: Error, Sendable {
        public let line: Int, column: Int, reason: String
    }

    // MARK: Writing

    /// Serializes with sorted object keys, so the same value always gives the
    /// same bytes (diff-friendly files). `pretty` indents by two spaces.
    public static func serialize(_ v: JSONValue, pretty: Bool = false) -> String {
        var out = ""
        write(v, into: &out, pretty: pretty, indent: 0)
        return out
    }

    private static func write(_ v: JSONValue, into out: inout String, pretty: Bool, indent: Int) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .number(let t): out += t
        case .double(let d):
            if !d.isFinite {
                out += "null"
            } else if d == d.rounded() && abs(d) < 1e15 {
                // Int64 has no negative zero: its sign is written by hand.
                out += (d == 0 && d.sign == .minus ? "-0" : String(Int64(d))) + ".0"
            } else {
                out += String(d)
            }
        case .string(let s): quote(s, into: &out)
        case .array(let a):
            if a.isEmpty { out += "[]"; return }
            out += "["
            for (i, e) in a.enumerated() {
                if i > 0 { out += "," }
                if pretty { newline(&out, indent + 1) }
                write(e, into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out += "]"
        case .object(let o):
            if o.isEmpty { out += "{}"; return }
            out += "{"
            for (i, k) in o.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                if pretty { newline(&out, indent + 1) }
                quote(k, into: &out)
                out += pretty ? ": " : ":"
                write(o[k]!, into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { newline(&out, indent) }
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int) {
        out += "\n"
        out += String(repeating: "  ", count: indent)
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = Array("0123456789abcdef")
                out += "\\u00" + String(hex[Int(u.value >> 4)]) + String(hex[Int(u.value & 15)])
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }

    // MARK: Reading

    /// Parses one JSON document; trailing non-space text is an error.
    public static func parse(_ text: String) throws(ParseError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses one JSON document from raw bytes. Strings must be valid UTF-8
    /// and escapes must not leave lone surrogates: what cannot be kept
    /// exactly is refused rather than replaced with U+FFFD.
    public static func parse(bytes: [UInt8]) throws(ParseError) -> JSONValue {
        var p = Parser(bytes: bytes)
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        if p.i < p.bytes.count { throw p.error("unexpected text after the JSON value") }
        return v
    }

    /// Whether `text` is a number in JSON's grammar.
    static func isNumberText(_ t: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Int { let s = i; while i < t.count, t[i] >= 48, t[i] <= 57 { i += 1 }; return i - s }
        if i < t.count, t[i] == 45 { i += 1 }
        guard i < t.count else { return false }
        if t[i] == 48 { i += 1 } else if digits() == 0 { return false }
        if i < t.count, t[i] == 46 { i += 1; if digits() == 0 { return false } }
        if i < t.count, t[i] == 101 || t[i] == 69 {
            i += 1
            if i < t.count, t[i] == 43 || t[i] == 45 { i += 1 }
            if digits() == 0 { return false }
        }
        return i == t.count
    }

    /// A decimal number's exact value as (negative, significant digits,
    /// exponent of the last digit): two texts denote the same number exactly
    /// when their keys are equal.
    static func decimalKey(_ text: String) -> (Bool, [UInt8], Int)? {
        var neg = false, digits: [UInt8] = [], exp = 0, afterPoint = 0, seenPoint = false
        var chars = Array(text.utf8)[...]
        if chars.first == 45 { neg = true; chars = chars.dropFirst() }
        while let c = chars.first, c != 101, c != 69 {
            chars = chars.dropFirst()
            if c == 46 { seenPoint = true; continue }
            guard c >= 48, c <= 57 else { return nil }
            digits.append(c)
            if seenPoint { afterPoint += 1 }
        }
        if !chars.isEmpty {
            chars = chars.dropFirst()
            guard let e = Int(String(decoding: chars, as: UTF8.self)) else { return nil }
            exp = e
        }
        // Wrapping, never trapping: the exponent is a file's to choose
        // (1.5e-9223372036854775808), and only equality of keys matters.
        exp = exp &- afterPoint
        while digits.first == 48 { digits.removeFirst() }
        while digits.last == 48 { digits.removeLast(); exp = exp &+ 1 }
        if digits.isEmpty { return (false, [], 0) }
        return (neg, digits, exp)
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ reason: String) -> ParseError {
            var line = 1, col = 1
            for b in bytes[..<min(i, bytes.count)] {
                if b == 10 { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
            }
            return ParseError(line: line, column: col, reason: reason)
        }

        mutating func skipSpace() {
            while i < bytes.count, [32, 9, 10, 13].contains(bytes[i]) { i += 1 }
        }

        mutating func expect(_ word: String) throws(ParseError) {
            let start = i
            for b in word.utf8 {
                guard i < bytes.count, bytes[i] == b else { i = start; throw error("invalid literal, expected '\(word)'") }
                i += 1
            }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < 512 else { throw error("nesting deeper than 512 levels") }
            guard i < bytes.count else { throw error("unexpected end of input") }
            switch bytes[i] {
            case UInt8(ascii: "{"):
                i += 1
                var obj: [String: JSONValue] = [:]
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(obj) }
                while true {
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string key") }
                    let keyAt = i
                    let k = try string()
                    if let j = obj.index(forKey: k) {
                        i = keyAt
                        let held = obj.keys[j]
                        throw error(Spelling.differ(held, k)
                            ? "key '\(k)' repeats the key '\(held)': it is \(Spelling.explanation) key"
                            : "key '\(k)' appears twice in one object (one of the two would be lost)")
                    }
                    skipSpace()
                    guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after key") }
                    i += 1
                    skipSpace()
                    obj[k] = try value(depth: depth + 1)
                    skipSpace()
                    guard i < bytes.count else { throw error("unexpected end of input in object") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(obj) }
                    throw error("expected ',' or '}' in object")
                }
            case UInt8(ascii: "["):
                i += 1
                var arr: [JSONValue] = []
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(arr) }
                while true {
                    skipSpace()
                    arr.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < bytes.count else { throw error("unexpected end of input in array") }
                    if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                    if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(arr) }
                    throw error("expected ',' or ']' in array")
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try expect("true"); return .bool(true)
            case UInt8(ascii: "f"): try expect("false"); return .bool(false)
            case UInt8(ascii: "n"): try expect("null"); return .null
            default: return try number()
            }
        }

        mutating func number() throws(ParseError) -> JSONValue {
            let start = i
            var isInt = true
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
            while i < bytes.count {
                let c = bytes[i]
                if c >= 48 && c <= 57 { i += 1; continue }
                if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
                    isInt = false; i += 1; continue
                }
                break
            }
            let raw = Array(bytes[start..<i])
            if raw.isEmpty || raw == [45] { i = start; throw error("unexpected character") }
            guard JSON.isNumberText(raw) else { i = start; throw error("invalid number '\(String(decoding: raw, as: UTF8.self))'") }
            let text = String(decoding: raw, as: UTF8.self)
            // "-0" is kept as written: an Int would drop its sign.
            if isInt, let n = Int(text) { return n == 0 && raw.first == 45 ? .number(text) : .int(n) }
            // A Double only when it is exactly the number written (as its
            // shortest form shows); otherwise the text is kept.
            if let d = Double(text), d.isFinite, let a = JSON.decimalKey(text), let b = JSON.decimalKey(String(d)),
               a.0 == b.0, a.1 == b.1, a.2 == b.2 {
                return .double(d)
            }
            return .number(text)
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard i + 4 <= bytes.count else { throw error("truncated \\u escape") }
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard let d = Color.hexDigit(bytes[i]) else { throw error("invalid \\u escape") }
                v = v << 4 | UInt32(d)
                i += 1
            }
            return v
        }

        mutating func string() throws(ParseError) -> String {
            i += 1  // opening quote
            var out: [UInt8] = []
            while true {
                guard i < bytes.count else { throw error("unterminated string") }
                let c = bytes[i]
                if c == UInt8(ascii: "\"") { i += 1; break }
                if c < 0x20 { throw error("control character in string") }
                if c == UInt8(ascii: "\\") {
                    i += 1
                    guard i < bytes.count else { throw error("unterminated string") }
                    let e = bytes[i]
                    i += 1
                    switch e {
                    case UInt8(ascii: "\""): out.append(34)
                    case UInt8(ascii: "\\"): out.append(92)
                    case UInt8(ascii: "/"): out.append(47)
                    case UInt8(ascii: "b"): out.append(8)
                    case UInt8(ascii: "f"): out.append(12)
                    case UInt8(ascii: "n"): out.append(10)
                    case UInt8(ascii: "r"): out.append(13)
                    case UInt8(ascii: "t"): out.append(9)
                    case UInt8(ascii: "u"):
                        let escapeStart = i - 2
                        var code = try hex4()
                        if code >= 0xD800 && code < 0xDC00 {
                            guard i + 1 < bytes.count, bytes[i] == 92, bytes[i + 1] == UInt8(ascii: "u") else {
                                i = escapeStart
                                throw error("lone surrogate escape (a string with it cannot be kept exactly)")
                            }
                            i += 2
                            let low = try hex4()
                            guard low >= 0xDC00 && low < 0xE000 else {
                                i = escapeStart
                                throw error("lone surrogate escape (a string with it cannot be kept exactly)")
                            }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(code) else {
                            i = escapeStart
                            throw error("lone surrogate escape (a string with it cannot be kept exactly)")
                        }
                        out.append(contentsOf: Array(String(scalar).utf8))
                    default: i -= 1; throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                    }
                    continue
                }
                out.append(c)
                i += 1
            }
            guard let text = String(validating: out, as: UTF8.self) else {
                throw error("string is not valid UTF-8 (it cannot be kept exactly)")
            }
            return text
        }
    }
}

/// Number formatting shared by error messages and traces, without Foundation:
/// integral values print without a fraction (`11`, not `11.0`).
public enum Format {
    /// `11`, `1.5`, `nan`, `inf`.
    public static func number(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }

    /// `text` on one line: line breaks and other control characters as
    /// escapes (`\n`, `\u{1B}`). For names a script chose that end up in a
    /// line-per-item report (an id with a newline would print a line of its
    /// own, indistinguishable from a real one).
    public static func oneLine(_ text: String) -> String {
        // Most names have nothing to escape: they are returned as they are,
        // not copied a scalar at a time (an audit of ten 1 MB ids spent
        // half its time here, once to size its report and again to write
        // it). A byte that may start an escaped scalar sends the text the
        // long way: C0 controls and DEL, and the lead bytes of U+0085
        // (C2) and U+2028/U+2029 (E2).
        var plain = text
        let clean = plain.withUTF8 { bytes in
            !bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
        }
        if clean { return text }
        var out = ""
        for u in text.unicodeScalars {
            switch u {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x7F || u.value == 0x85 || u.value == 0x2028 || u.value == 0x2029:
                out += "\\u{" + String(u.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }
}

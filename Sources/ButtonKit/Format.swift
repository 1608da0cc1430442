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

import ButtonKit

/// Text helpers: XML escaping, and the core's width estimate for centring
/// a title without a font engine (CJK characters count as full width).
public enum SVGText {
    /// Escapes text and attribute values; drops every character XML 1.0
    /// forbids (`isAllowedInXML`) and carriage returns, so a title or a
    /// test name holding U+FFFF still makes a well-formed document.
    public static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\r": continue
            default:
                if !isAllowedInXML(u) { continue }
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return, U+0020–U+D7FF,
    /// U+E000–U+FFFD, U+10000 and above (a Swift scalar is never a
    /// surrogate). C0 controls, U+FFFE and U+FFFF are not.
    public static func isAllowedInXML(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...: return true
        default: return false
        }
    }

    /// Estimated advance of `text` in points for `font`: the core's
    /// estimate (`EstimatedMeasurer`), the one the model lays titles out
    /// with when no font can be read, so a picture never drifts from it.
    public static func width(_ text: String, font: Font) -> Double {
        EstimatedMeasurer().width(of: text, font: font)
    }
}

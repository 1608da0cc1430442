import ButtonKit

/// Text helpers: XML escaping and a width estimate good enough to centre a
/// title without a font engine (CJK characters count as full width).
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

    /// Whether a scalar is drawn full width (CJK ideographs, kana, hangul,
    /// full-width forms).
    static func isWide(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// Estimated advance of `text` in points for `font`.
    public static func width(_ text: String, font: Font) -> Double {
        var em = 0.0
        for u in text.unicodeScalars {
            if isWide(u) { em += 1.0; continue }
            switch u {
            case " ": em += 0.28
            case "i", "l", "j", "t", "f", "I", "!", ".", ",", ":", ";", "'", "|": em += 0.3
            case "m", "w", "M", "W": em += 0.85
            case "A"..."Z": em += 0.66
            case "0"..."9": em += 0.56
            default: em += u.value < 0x80 ? 0.52 : 0.6
            }
        }
        let weightFactor = font.weight >= .semibold ? 1.06 : 1.0
        return em * font.size * weightFactor
    }
}

/// XML 1.0 text and attribute escaping, the one rule every XML writer of
/// ButtonKit uses (pictures, galleries, test and audit reports, coverage):
/// the five reserved characters escaped, and every character XML 1.0
/// forbids dropped — C0 controls, U+FFFE, U+FFFF — with carriage returns,
/// so a title or a test name holding them still makes a well-formed file.
public enum XMLText {
    /// `s` escaped for text and for double- or single-quoted attributes.
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
                if isAllowed(u) { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return, U+0020–U+D7FF,
    /// U+E000–U+FFFD, U+10000 and above (a Swift scalar is never a
    /// surrogate). C0 controls, U+FFFE and U+FFFF are not.
    public static func isAllowed(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...: return true
        default: return false
        }
    }
}

import ButtonKit

/// Text helpers: XML escaping, and the core's width estimate for centring
/// a title without a font engine (CJK characters count as full width).
public enum SVGText {
    /// Escapes text and attribute values; drops characters XML forbids.
    public static func escape(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if u.value < 0x20 && u != "\t" && u != "\n" { continue }
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Estimated advance of `text` in points for `font`: the core's
    /// estimate (`EstimatedMeasurer`), the one the model lays titles out
    /// with when no font can be read, so a picture never drifts from it.
    public static func width(_ text: String, font: Font) -> Double {
        EstimatedMeasurer().width(of: text, font: font)
    }
}

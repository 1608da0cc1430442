/// The documented fallback when no font can be read: per-character widths
/// in em close to Helvetica's (and San Francisco's within about 10 % on
/// Latin text), CJK and full-width forms a whole em, bold 6 % wider, a line
/// 1.2 em high. It is what the pictures used before real metrics, and what
/// `buttonkit` says it uses when the fonts are missing.
public struct EstimatedMeasurer: TextMeasurer {
    /// The estimate.
    public init() {}

    /// Whether a scalar is drawn full width (CJK ideographs, kana, hangul,
    /// full-width forms).
    public static func isWide(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    public func width(of text: String, font: Font) -> Double {
        var em = 0.0
        for u in text.unicodeScalars {
            if EstimatedMeasurer.isWide(u) { em += 1.0; continue }
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

    public func lineHeight(of font: Font) -> Double { font.size * 1.2 }
    public var name: String { "estimated widths (no font files found)" }
    public var isReal: Bool { false }
}

import ButtonKit

/// Text helpers: XML escaping, and the core's width estimate for centring
/// a title without a font engine (CJK characters count as full width).
public enum SVGText {
    /// Escapes text and attribute values (the core's `XMLText`).
    public static func escape(_ s: String) -> String { XMLText.escape(s) }

    /// Whether XML 1.0 allows the character at all (the core's `XMLText`).
    public static func isAllowedInXML(_ u: Unicode.Scalar) -> Bool { XMLText.isAllowed(u) }

    /// Estimated advance of `text` in points for `font`: the core's
    /// estimate (`EstimatedMeasurer`), the one the model lays titles out
    /// with when no font can be read, so a picture never drifts from it.
    public static func width(_ text: String, font: Font) -> Double {
        EstimatedMeasurer().width(of: text, font: font)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// WCAG 2.x contrast, as the W3C defines it (WCAG 2.2, "relative
/// luminance" and "contrast ratio"): colours are linearised from sRGB,
/// weighted 0.2126/0.7152/0.0722, and the ratio is (L1 + 0.05) / (L2 + 0.05)
/// with L1 the lighter. A colour with alpha is first composited over what
/// is behind it, in gamma-encoded sRGB as UIKit blends, without rounding.
public enum Contrast {
    /// A colour as unit components (0…1), unrounded, so composites keep
    /// their precision until the ratio is taken.
    public struct RGB: Hashable, Sendable {
        public var red: Double, green: Double, blue: Double
        /// Unit components, unchecked.
        public init(red: Double, green: Double, blue: Double) { self.red = red; self.green = green; self.blue = blue }
        /// A colour's components; its alpha is ignored.
        public init(_ c: Color) {
            let u = c.unitComponents
            self.init(red: u.red, green: u.green, blue: u.blue)
        }

        /// The nearest 8-bit opaque colour (for messages).
        public var color: Color { Color(unitRed: red, green: green, blue: blue) }
    }

    /// WCAG 2.2's linearisation threshold. WCAG 2.0 and 2.1 before May 2021
    /// printed 0.03928; for 8-bit input the two never differ (no byte lies
    /// between them), only for unrounded composites.
    public static let threshold = 0.04045

    /// One linearised channel.
    public static func linear(_ c: Double, threshold t: Double = threshold) -> Double {
        c <= t ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// Relative luminance, 0 for black to 1 for white.
    public static func luminance(_ c: RGB, threshold t: Double = threshold) -> Double {
        0.2126 * linear(c.red, threshold: t) + 0.7152 * linear(c.green, threshold: t) + 0.0722 * linear(c.blue, threshold: t)
    }

    /// The ratio of two opaque colours, 1 to 21.
    public static func ratio(_ a: RGB, _ b: RGB, threshold t: Double = threshold) -> Double {
        let la = luminance(a, threshold: t), lb = luminance(b, threshold: t)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The ratio of `foreground` drawn over `background`: the foreground's
    /// alpha is composited over the background first; a translucent
    /// background is composited over white.
    public static func ratio(_ foreground: Color, on background: Color) -> Double {
        let bg = over(background, RGB(red: 1, green: 1, blue: 1))
        return ratio(over(foreground, bg), bg)
    }

    /// Source-over: `top` (with its alpha) drawn over the opaque `bottom`.
    public static func over(_ top: Color, _ bottom: RGB) -> RGB {
        let u = top.unitComponents
        let a = u.alpha
        return RGB(red: a * u.red + (1 - a) * bottom.red,
                   green: a * u.green + (1 - a) * bottom.green,
                   blue: a * u.blue + (1 - a) * bottom.blue)
    }

    /// `top` at opacity `alpha` over `bottom` (a layer's alpha).
    public static func blend(_ top: RGB, _ bottom: RGB, alpha: Double) -> RGB {
        let a = min(1, max(0, alpha))
        return RGB(red: a * top.red + (1 - a) * bottom.red,
                   green: a * top.green + (1 - a) * bottom.green,
                   blue: a * top.blue + (1 - a) * bottom.blue)
    }
}

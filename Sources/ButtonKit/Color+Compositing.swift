/// Colour arithmetic the derived looks and the contrast audit share: alpha
/// scaling, lightening toward white, and source-over compositing in
/// gamma-encoded sRGB (UIKit's normal blending).
extension Color {
    /// The same colour with its alpha multiplied by `f` (0…1).
    public func multiplyingAlpha(_ f: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: Color.byte(Double(alpha) / 255 * min(1, max(0, f))))
    }

    /// The colour drawn at `f` over white (lighter for `f` < 1); alpha kept.
    public func overWhite(_ f: Double) -> Color {
        func mix(_ c: UInt8) -> UInt8 { Color.byte((Double(c) * f + 255 * (1 - f)) / 255) }
        return Color(red: mix(red), green: mix(green), blue: mix(blue), alpha: alpha)
    }

    /// Unit components (0…1), unrounded.
    public var unitComponents: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }
}

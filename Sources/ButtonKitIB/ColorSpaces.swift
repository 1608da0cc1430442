#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The colour-space conversions Interface Builder's and asset catalogs'
/// colours need, to sRGB as ColorSync converts them for UIKit (relative
/// colorimetric: same white point, out-of-gamut channels clipped). The
/// matrices are computed from each space's published primaries and white
/// point (docs/interface-builder.md, "Colours", gives the sources), not
/// copied, so each can be checked against its definition.
package enum ColorSpaces {
    typealias Matrix = [[Double]]
    package typealias Triple = (Double, Double, Double)

    /// CIE 1931 xy chromaticities.
    struct Primaries {
        let red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double)
    }

    static let d65 = (0.3127, 0.3290)
    /// IEC 61966-2-1 (sRGB), the same primaries as ITU-R BT.709.
    static let sRGB = Primaries(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), white: d65)
    /// Display P3: DCI-P3's primaries with a D65 white (Apple).
    static let displayP3 = Primaries(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: d65)
    /// Generic RGB (NSColor's calibrated RGB): P22 phosphors, D65, gamma 1.8
    /// (Apple QA1430); P22 chromaticities as tabulated for Apple RGB.
    static let genericRGB = Primaries(red: (0.625, 0.340), green: (0.280, 0.595), blue: (0.155, 0.070), white: d65)
    /// Generic RGB's tone curve: a pure power of 1.8.
    static let genericRGBGamma = 1.8

    /// The RGB → XYZ matrix of a space (columns scaled so white is Y = 1).
    static func toXYZ(_ p: Primaries) -> Matrix {
        func xyz(_ c: (Double, Double)) -> [Double] { [c.0 / c.1, 1, (1 - c.0 - c.1) / c.1] }
        let r = xyz(p.red), g = xyz(p.green), b = xyz(p.blue), w = xyz(p.white)
        let m: Matrix = [[r[0], g[0], b[0]], [r[1], g[1], b[1]], [r[2], g[2], b[2]]]
        let s = multiply(invert(m), w)
        var out = m
        for i in 0..<3 { for j in 0..<3 { out[i][j] = m[i][j] * s[j] } }
        return out
    }

    static func multiply(_ m: Matrix, _ v: [Double]) -> [Double] {
        var out = [0.0, 0.0, 0.0]
        for i in 0..<3 { for k in 0..<3 { out[i] += m[i][k] * v[k] } }
        return out
    }

    static func multiply(_ a: Matrix, _ b: Matrix) -> Matrix {
        var out: Matrix = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
        for i in 0..<3 {
            for j in 0..<3 {
                var sum = 0.0
                for k in 0..<3 { sum += a[i][k] * b[k][j] }
                out[i][j] = sum
            }
        }
        return out
    }

    static func invert(_ m: Matrix) -> Matrix {
        let a: Double = m[0][0], b: Double = m[0][1], c: Double = m[0][2]
        let d: Double = m[1][0], e: Double = m[1][1], f: Double = m[1][2]
        let g: Double = m[2][0], h: Double = m[2][1], i: Double = m[2][2]
        let A: Double = e * i - f * h
        let B: Double = f * g - d * i
        let C: Double = d * h - e * g
        let det: Double = a * A + b * B + c * C
        let row0: [Double] = [A / det, (c * h - b * i) / det, (b * f - c * e) / det]
        let row1: [Double] = [B / det, (a * i - c * g) / det, (c * d - a * f) / det]
        let row2: [Double] = [C / det, (b * g - a * h) / det, (a * e - b * d) / det]
        return [row0, row1, row2]
    }

    /// Linear Display P3 → linear sRGB.
    static let p3ToSRGB = multiply(invert(toXYZ(sRGB)), toXYZ(displayP3))
    /// Linear Generic RGB → linear sRGB.
    static let genericToSRGB = multiply(invert(toXYZ(sRGB)), toXYZ(genericRGB))

    /// The sRGB tone curve (IEC 61966-2-1), also Display P3's, decoded; the
    /// sign is kept so extended values beyond 0…1 decode symmetrically.
    static func decodeSRGB(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }

    /// The sRGB tone curve, encoded.
    static func encodeSRGB(_ l: Double) -> Double {
        let a = abs(l)
        let v = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return l < 0 ? -v : v
    }

    static func clip(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }

    /// Display P3 (gamma-encoded) → sRGB, channels outside sRGB clipped.
    package static func sRGB(fromDisplayP3 c: Triple) -> Triple {
        convert(c, decode: decodeSRGB, matrix: p3ToSRGB)
    }

    /// Generic (calibrated) RGB → sRGB.
    static func sRGB(fromGenericRGB c: Triple) -> Triple {
        convert(c, decode: { v in v < 0 ? -pow(-v, genericRGBGamma) : pow(v, genericRGBGamma) }, matrix: genericToSRGB)
    }

    /// Extended sRGB → sRGB: the same curve, values beyond 0…1 clipped.
    static func sRGB(fromExtendedSRGB c: Triple) -> Triple { (clip(c.0), clip(c.1), clip(c.2)) }

    /// Linear (extended) sRGB → sRGB.
    static func sRGB(fromLinearSRGB c: Triple) -> Triple {
        (clip(encodeSRGB(c.0)), clip(encodeSRGB(c.1)), clip(encodeSRGB(c.2)))
    }

    /// A gray with a pure power curve (gamma 2.2 or 1.8) → the sRGB gray of
    /// the same luminance (gray spaces share sRGB's D65 white).
    static func sRGBGray(fromGamma gamma: Double, white w: Double) -> Double {
        let l = pow(clip(w), gamma)
        return clip(encodeSRGB(l))
    }

    private static func convert(_ c: Triple, decode: (Double) -> Double, matrix: Matrix) -> Triple {
        let linear = multiply(matrix, [decode(c.0), decode(c.1), decode(c.2)])
        return (clip(encodeSRGB(linear[0])), clip(encodeSRGB(linear[1])), clip(encodeSRGB(linear[2])))
    }
}

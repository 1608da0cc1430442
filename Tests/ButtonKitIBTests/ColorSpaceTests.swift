import Testing
import ButtonKit
@testable import ButtonKitIB

/// The conversions to sRGB against published figures (docs/interface-builder.md, "Colours").
@Suite struct ColorSpaceTests {
    /// CSS Color 4's linear Display P3 → linear sRGB matrix (its sample
    /// code, `lin_P3_to_lin_sRGB` composed from the two XYZ matrices).
    @Test func p3MatrixMatchesThePublishedOne() {
        let published: [[Double]] = [[1.2249401, -0.2249404, 0.0], [-0.0420569, 1.0420571, 0.0], [-0.0196376, -0.0786361, 1.0982735]]
        for i in 0..<3 { for j in 0..<3 { #expect(abs(ColorSpaces.p3ToSRGB[i][j] - published[i][j]) < 2e-4) } }
    }

    /// The sRGB → XYZ matrix of IEC 61966-2-1 (rounded to 4 places there).
    @Test func sRGBMatrixMatchesTheStandard() {
        let standard: [[Double]] = [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
        let m = ColorSpaces.toXYZ(ColorSpaces.sRGB)
        for i in 0..<3 { for j in 0..<3 { #expect(abs(m[i][j] - standard[i][j]) < 1e-3) } }
    }

    @Test func whiteAndBlackAreKeptInEverySpace() {
        for f in [ColorSpaces.sRGB(fromDisplayP3:), ColorSpaces.sRGB(fromGenericRGB:)] {
            let w = f((1, 1, 1)), k = f((0, 0, 0))
            #expect(abs(w.0 - 1) < 1e-6 && abs(w.1 - 1) < 1e-6 && abs(w.2 - 1) < 1e-6)
            #expect(k.0 == 0 && k.1 == 0 && k.2 == 0)
        }
        #expect(abs(ColorSpaces.sRGBGray(fromGamma: 2.2, white: 1) - 1) < 1e-9)
    }

    /// Generic RGB's gamma 1.8 puts a mid-gray at 0.5^1.8 = 0.287 linear,
    /// more light than sRGB's 0.5 (0.214 linear): it encodes as about 0.57.
    @Test func genericRGBGrayIsLighterThanTheSameNumbersInSRGB() {
        let g = ColorSpaces.sRGB(fromGenericRGB: (0.5, 0.5, 0.5))
        let expected = ColorSpaces.encodeSRGB(0.287175)   // 0.5^1.8
        #expect(abs(g.0 - expected) < 1e-3 && abs(g.1 - expected) < 1e-3 && abs(g.2 - expected) < 1e-3)
        #expect(g.0 > 0.56 && g.0 < 0.59)
    }

    @Test func outOfGamutIsClipped() {
        let green = ColorSpaces.sRGB(fromDisplayP3: (0, 1, 0))
        #expect(green.0 == 0 && green.1 == 1 && green.2 == 0)
        let ext = ColorSpaces.sRGB(fromExtendedSRGB: (1.5, -0.25, 0.5))
        #expect(ext.0 == 1 && ext.1 == 0 && ext.2 == 0.5)
    }

    /// The figures docs/interface-builder.md quotes.
    @Test func documentedExamples() {
        func bytes(_ c: ColorSpaces.Triple) -> Color { Color(unitRed: c.0, green: c.1, blue: c.2) }
        #expect(bytes(ColorSpaces.sRGB(fromGenericRGB: (0.2, 0.4, 0.8))) == Color(red: 0x40, green: 0x7B, blue: 0xD3))
        #expect(bytes(ColorSpaces.sRGB(fromGenericRGB: (0.5, 0.5, 0.5))) == Color(red: 0x92, green: 0x92, blue: 0x92))
        #expect(bytes(ColorSpaces.sRGB(fromDisplayP3: (0, 0.5, 0.25))) == Color(red: 0x00, green: 0x82, blue: 0x38))
        let g2 = ColorSpaces.sRGBGray(fromGamma: 2.2, white: 0.2), g5 = ColorSpaces.sRGBGray(fromGamma: 2.2, white: 0.5)
        #expect(Color(unitRed: g2, green: g2, blue: g2) == Color(red: 0x30, green: 0x30, blue: 0x30))
        #expect(Color(unitRed: g5, green: g5, blue: g5) == Color(red: 0x80, green: 0x80, blue: 0x80))
    }
}

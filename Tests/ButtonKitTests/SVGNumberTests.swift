import Testing
import ButtonKit
@testable import ButtonKitSVG

/// The SVG number formatter is the last line of defence: values are checked
/// where they enter, but the formatter itself must not trap on any Double
/// (issue 13: `Int64(r)` of 1e19 ended the process by SIGILL).
@Suite("Pictures: numbers the formatter cannot trap on")
struct SVGNumberTests {
    static let extremes: [Double] = [
        1e19, -1e19, 9.2233720368547758e18, -9.2233720368547758e18, 1e300, -1e300,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        .leastNonzeroMagnitude, -0.0, 1e12, 1e12 + 0.5, 123.456, -0.004, 0.005,
    ]

    @Test(arguments: extremes)
    func formatsWithoutTrapping(_ v: Double) {
        let s = SVGNumber.format(v)
        #expect(!s.isEmpty)
        #expect(!s.contains("e") && !s.contains("n") && !s.contains("i"), "\(v) -> \(s)")
        if v.isFinite { #expect(abs(Double(s) ?? .nan) <= SVGNumber.limit) }
    }

    @Test func ordinaryNumbersKeepTheirForm() {
        #expect(SVGNumber.format(44) == "44")
        #expect(SVGNumber.format(1.5) == "1.5")
        #expect(SVGNumber.format(-0.25) == "-0.25")
        #expect(SVGNumber.format(1e6) == "1000000")
    }

    /// Unchecked geometry made in Swift (the checked paths refuse it) still
    /// draws: every number in the picture is clamped.
    @Test func picturesOfUncheckedHugeGeometryDraw() {
        for w in [1e19, -1e19, Double.greatestFiniteMagnitude, Double.infinity, Double.nan] {
            let b = Button(id: "huge", frame: Rect(x: w, y: 0, width: w, height: 44))
            #expect(Pictures.svg(b).hasPrefix("<svg"))
            #expect(Pictures.strip(b).hasPrefix("<svg"))
            let s = Screen(width: w, height: w)
            s.add(.button(b))
            #expect(Pictures.svg(s).hasPrefix("<svg"))
        }
    }
}

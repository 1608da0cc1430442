import Testing
@testable import ButtonKit

/// The WCAG 2.x formula against W3C's and commonly published examples
/// (computed figures to four decimals; W3C rounds or truncates to one).
@Suite("Contrast: WCAG 2.x relative luminance and contrast ratio")
struct ContrastTests {
    static func rgb(_ hex: String) -> Contrast.RGB { Contrast.RGB((try? Color(parsing: hex)) ?? .clear) }

    /// foreground, background, ratio, where it is published.
    static let published: [(String, String, Double, String)] = [
        ("#000000", "#FFFFFF", 21.0000, "21:1, WCAG's definition note; Understanding 1.4.11"),
        ("#767676", "#FFFFFF", 4.5422, "4.54:1, the lightest grey passing AA on white"),
        ("#777777", "#FFFFFF", 4.4781, "4.48:1, fails AA"),
        ("#595959", "#FFFFFF", 7.0047, "7.0:1"),
        ("#949494", "#FFFFFF", 3.0335, "Understanding 1.4.11: grey #949494 against white, 3:1"),
        ("#999999", "#FFFFFF", 2.8490, "2.85:1"),
        ("#888888", "#FFFFFF", 3.5449, "3.5:1"),
        ("#E3660E", "#FFFFFF", 3.4019, "Technique G207: 3.4:1"),
        ("#FF3838", "#FFFFFF", 3.5746, "Technique G195: 3.6:1"),
        ("#CA0000", "#FFFFFF", 5.9807, "Technique G223: 6:1"),
        ("#E5E5E5", "#6221EA", 5.6994, "Understanding 1.4.11: 5.6:1 (truncated)"),
        ("#FFF000", "#FFFFFF", 1.1854, "Understanding 1.4.11: 1.2:1"),
        ("#9D9D9D", "#FFFFFF", 2.7120, "Understanding 1.4.11: 2.7:1"),
        ("#007AFF", "#FFFFFF", 4.0170, "systemBlue on white: fails 4.5"),
        ("#FFFFFF", "#0A84FF", 3.6475, "white on dark systemBlue (a filled button in dark mode)"),
        ("#0A84FF", "#000000", 5.7574, "dark systemBlue on black"),
    ]

    @Test(arguments: published.map { ($0.0, $0.1, $0.2) })
    func matchesPublishedFigures(_ row: (String, String, Double)) {
        let r = Contrast.ratio(Self.rgb(row.0), Self.rgb(row.1))
        #expect(abs(r - row.2) < 0.0001, "\(row.0) on \(row.1): \(r)")
        #expect(abs(Contrast.ratio(Self.rgb(row.1), Self.rgb(row.0)) - r) < 1e-12)  // symmetric
    }

    @Test func luminanceEndsAtZeroAndOne() {
        #expect(Contrast.luminance(Self.rgb("#000000")) == 0)
        #expect(abs(Contrast.luminance(Self.rgb("#FFFFFF")) - 1) < 1e-12)
    }

    @Test func theOldThresholdNeverDiffersForBytes() {
        // WCAG 2.0 printed 0.03928; no byte v has 0.03928 < v/255 <= 0.04045.
        #expect((0...255).filter { 0.03928 < Double($0) / 255 && Double($0) / 255 <= 0.04045 }.isEmpty)
        for v in 0...255 {
            let c = Double(v) / 255
            #expect(Contrast.linear(c) == Contrast.linear(c, threshold: 0.03928))
        }
    }

    @Test func alphaIsCompositedOverWhatIsBehindFirst() throws {
        // secondaryLabel (#3C3C43 at 0.6) on white composites to (138,138,142.2).
        let ratio = Contrast.ratio(SystemColor.secondaryLabel.color(in: .light), on: .white)
        #expect(abs(ratio - 3.4382) < 0.0001)
        // Dark secondaryLabel (#EBEBF5 at 0.6) on black: 6.3638.
        #expect(abs(Contrast.ratio(SystemColor.secondaryLabel.color(in: .dark), on: .black) - 6.3638) < 0.0001)
        // A fully transparent text is the background: 1:1.
        #expect(Contrast.ratio(.clear, on: .white) == 1)
    }

    @Test func failingRatiosAreTruncatedNotRounded() {
        #expect(AuditProblem.ratioText(4.4781) == "4.4")
        #expect(AuditProblem.ratioText(2.97) == "2.9")
        #expect(AuditProblem.ratioText(21) == "21")
    }
}

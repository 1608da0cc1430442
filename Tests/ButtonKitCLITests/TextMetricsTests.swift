import Foundation
import Testing
import ButtonKitTestSupport

/// Real font metrics through the binary: `ui.measure`, the appearance's
/// displayed text, and the documented fallback when the fonts are missing.
@Suite("Text metrics through buttonkit")
struct TextMetricsTests {
    @Test func versionNamesTheFontsAndMeasureUsesThem() throws {
        let v = try CLI.run(["--version"])
        #expect(v.status == 0 && v.stdout.contains("text metrics: Inter"), "\(v.stdout)")
        let r = try CLI.run(["run", "-e", """
            local w, h = ui.measure("Buy", 17)
            local cjk = ui.measure("价格", 17)
            local b = ui.button { title = "Free express shipping", frame = { 0, 0, 100, 44 }, style = { normal = { font = 17 } } }
            print(string.format("%.1f %.1f %.1f %s %s", w, h, cjk, b.appearance.displayedText, tostring(b.appearance.truncated)))
            """])
        #expect(r.status == 0, "\(r.stderr)")
        let parts = r.stdout.split(separator: " ")
        let w = Double(parts.first ?? "") ?? 0
        #expect(w > 28 && w < 36, "Inter's 'Buy' at 17 pt: \(r.stdout)")
        #expect(parts.count > 2 && parts[2] == "34.0", "ideographs are one em: \(r.stdout)")
        #expect(r.stdout.contains("…") && r.stdout.hasSuffix("true\n"), "\(r.stdout)")
    }

    /// The fonts are mapped on the first measurement, which in a confined
    /// run comes after Landlock has started: the font folders must be
    /// readable there, or widths silently fall back to the estimate (which
    /// knows no kerning: "AV" would measure as wide as "A" and "V" apart).
    @Test func textFirstMeasuredInAConfinedRunUsesTheFonts() throws {
        let r = try CLI.run(["run", "-e", """
            local av, a, v = ui.measure("AV", 40), ui.measure("A", 40), ui.measure("V", 40)
            print(av < a + v - 1, ui.measure("שלום", 17) > 20)
            """])
        #expect(r.status == 0 && r.stdout == "true\ttrue\n", "kerning and Hebrew in Inter and DejaVu: \(r.stdout) \(r.stderr)")
    }

    @Test func withoutTheFontsWidthsAreEstimatedAndVersionSaysSo() throws {
        let env = ["BUTTONKIT_FONT_DIRS": "/nonexistent-buttonkit-fonts"]
        let v = try CLI.run(["--version"], env: env)
        #expect(v.stdout.contains("text metrics: estimated widths"), "\(v.stdout)")
        let r = try CLI.run(["run", "-e", "print(ui.measure('价格', 10))"], env: env)
        #expect(r.status == 0 && r.stdout.hasPrefix("20"), "the estimate's CJK em: \(r.stdout) \(r.stderr)")
    }
}

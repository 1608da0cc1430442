import Testing
@testable import ButtonKit
import ButtonKitText

/// Title layout against a fixed-width stand-in (half an em a character), so
/// every number can be worked out by hand, and real metrics on the fonts
/// scripts/bootstrap installs.
@Suite("Title layout: what UIKit draws of a title, and whether it fits")
struct TitleLayoutTests {
    let fixed = TextMetrics(FixedWidthMeasurer())

    func look(_ title: String, size: Double = 10, configured: ButtonConfiguration? = nil) -> Appearance {
        var a = Appearance.systemDefault(.normal)
        a.title = title
        a.text = title
        a.font = Font(size: size)
        if let c = configured {
            a = Resolver.resolve(configuration: c, state: .normal, extras: Resolver.Extras())
            a.title = title; a.text = title; a.font = Font(size: size)
        }
        return a
    }

    @Test func aTitleThatFitsIsDrawnWhole() {
        let l = TitleLayout.lay(look("Buy"), width: 100, height: 44, metrics: fixed)
        #expect(l.displayedText == "Buy" && !l.truncated && l.textWidth == 15)
    }

    @Test func aLongTitleKeepsItsEndsAroundAnEllipsis() {
        // 20 characters at 5 pt = 100 pt, in 60 pt: 11 characters and the ellipsis (5 pt) fit.
        let l = TitleLayout.lay(look("abcdefghijklmnopqrst"), width: 60, height: 44, metrics: fixed)
        #expect(l.truncated)
        #expect(l.displayedText == "abcdef…pqrst")
        #expect(l.textWidth <= 60)
    }

    @Test func insetsAndTheImageTakeTheirRoom() {
        var a = look("abcdefgh")   // 40 pt
        #expect(!TitleLayout.lay(a, width: 44, height: 44, metrics: fixed).truncated)
        #expect(TitleLayout.lay(a, width: 44, height: 44, contentInsets: ButtonInsets(top: 0, left: 4, bottom: 0, right: 4), metrics: fixed).truncated)
        #expect(TitleLayout.lay(a, width: 50, height: 44, titleInsets: ButtonInsets(top: 0, left: 6, bottom: 0, right: 6), metrics: fixed).truncated)
        a.image = "cart"           // 12 pt image and a 6 pt gap
        #expect(TitleLayout.lay(a, width: 50, height: 44, metrics: fixed).truncated)
        #expect(!TitleLayout.lay(a, width: 60, height: 44, metrics: fixed).truncated)
    }

    @Test func aTitleTallerThanItsButtonIsClipped() {
        let l = TitleLayout.lay(look("Hi", size: 40), width: 200, height: 30, metrics: fixed)   // a 48 pt line in 30 pt
        #expect(l.clippedVertically && !l.truncated)
    }

    @Test func configurationTitlesWrapWordByWord() {
        var c = ButtonConfiguration(style: .filled)
        c.contentInsets = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
        // "aaaa bbbb cccc": each word 20 pt, a space 5 pt; 50 pt holds two words.
        let l = TitleLayout.lay(look("aaaa bbbb cccc", configured: c), width: 50, height: 100, metrics: fixed)
        #expect(l.lines == ["aaaa bbbb", "cccc"] && !l.truncated)
        // Two lines of 12 pt in 25 pt: the third is dropped, the second ends in an ellipsis.
        let short = TitleLayout.lay(look("aaaa bbbb cccc dddd eeee", configured: c), width: 50, height: 25, metrics: fixed)
        #expect(short.truncated && short.lines.count == 2 && short.lines[1].hasSuffix("…"))
        // CJK breaks between any two characters.
        let cjk = TitleLayout.lay(look("十五天内有效", configured: c), width: 30, height: 100, metrics: fixed)
        #expect(cjk.lines == ["十五天", "内有效"])
    }

    @Test func configuredContentInsetsCount() {
        let c = ButtonConfiguration(style: .filled)   // medium: 12 pt each side
        #expect(TitleLayout.lay(look("abcdefghij", configured: c), width: 74, height: 44, metrics: fixed).lines == ["abcdefghij"])
        // 46 pt of room: the word is broken where it must be (not truncated), on two lines.
        #expect(TitleLayout.lay(look("abcdefghij", configured: c), width: 70, height: 44, metrics: fixed).lines == ["abcdefghi", "j"])
        // 20 pt high: one line only, so the broken word is truncated.
        #expect(TitleLayout.lay(look("abcdefghij", configured: c), width: 70, height: 20, metrics: fixed).truncated)
    }

    @Test func attributedRunsAreMeasuredInTheirOwnFonts() {
        var a = look("")
        var big = AttributedRun(text: "AB")
        big.font = Font(size: 20)
        a.attributedTitle = [AttributedRun(text: "ab"), big]   // 10 + 20 pt
        a.title = nil
        let l = TitleLayout.lay(a, width: 100, height: 44, metrics: fixed)
        #expect(l.textWidth == 30 && l.displayedText == "abAB")
    }

    @Test func realMetricsMeasureWithHarfBuzz() throws {
        let files = FontFiles.load()
        try #require(files.text != nil, "scripts/bootstrap installs fonts-inter")
        let hb = try #require(HarfBuzzMeasurer(files: files))
        let m = TextMetrics(hb)
        let buy = m.width("Buy", Font(size: 17))
        #expect(buy > 25 && buy < 40, "\(buy)")
        #expect(m.width("Buy", Font(size: 17, weight: .bold)) > buy)
        // Kerning: "AV" is narrower than "A" and "V" apart.
        #expect(m.width("AV", Font(size: 40)) < m.width("A", Font(size: 40)) + m.width("V", Font(size: 40)))
        // A CJK title falls back to a CJK font: each ideograph one em.
        #expect(abs(m.width("价格", Font(size: 17)) - 34) < 0.5)
        // Hebrew and Arabic are measured in a font that has them (not as missing glyphs).
        #expect(m.width("שלום", Font(size: 17)) > 20 && m.width("مرحبا", Font(size: 17)) > 20)
        #expect(m.lineHeight(Font(size: 17)) > 17 && m.lineHeight(Font(size: 17)) < 24)
        #expect(hb.isReal && hb.name.contains("Inter"))
    }
}

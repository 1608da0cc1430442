import Testing
import ButtonKit
@testable import ButtonKitIB

/// SF Symbols by name, content alignment, italic faces and the deprecated
/// cocoaTouchSystemColor names, read from a XIB of our own.
@Suite struct LooksTests {
    let doc: IBDocument
    init() throws { doc = try Fixtures.load("Kinds/Looks.xib") }

    @Test func symbolsAreImagesNamedByTheSymbol() throws {
        // Xcode 13+'s <imageReference catalog="system"> inside a state.
        let play = try #require(doc.find("ply-Bt-001"))
        #expect(play.styleFor(.normal).image == "play.fill")
        #expect(play.styleFor(.selected).image == "pause.fill")
        #expect(play.symbolImages == ["play.fill", "pause.fill"])
        // The older attribute form, and a configuration's image reference.
        #expect(try #require(doc.find("old-Bt-001")).symbolImages == ["heart"])
        let share = try #require(doc.find("Share"))
        #expect(share.configuration?.image == "square.and.arrow.up" && share.symbolImages == ["square.and.arrow.up"])
        #expect(doc.info(for: play)?.missingImages == [])
        // Only what is not modelled about them is listed.
        #expect(doc.ignored.map { "\($0.element) \($0.attribute ?? "")" }.contains("imageReference symbolScale"))
        #expect(!doc.ignored.contains { $0.element == "imageReference" && $0.attribute == nil })
    }

    @Test func contentAlignmentIsInTheModelAndMirrorsRightToLeft() throws {
        let lead = try #require(doc.find("Leading"))
        #expect(lead.contentHorizontalAlignment == .leading && lead.contentVerticalAlignment == .top)
        #expect(lead.effectiveContentHorizontalAlignment == .left)
        lead.setLayoutDirection(.rightToLeft)
        #expect(lead.effectiveContentHorizontalAlignment == .right)
        let right = try #require(doc.find("Right"))
        right.setLayoutDirection(.rightToLeft)
        #expect(right.effectiveContentHorizontalAlignment == .right)   // `right` never mirrors
        #expect(try #require(doc.find("Textured")).contentHorizontalAlignment == .center)
        #expect(ContentHorizontalAlignment.leading.origin(of: 100, in: 300, from: 10, direction: .leftToRight) == 10)
        #expect(ContentHorizontalAlignment.leading.origin(of: 100, in: 300, from: 10, direction: .rightToLeft) == 210)
        #expect(ContentVerticalAlignment.bottom.origin(of: 20, in: 44, from: 0) == 24)
    }

    @Test func italicFacesAreKept() throws {
        #expect(try #require(doc.find("Leading")).styleFor(.normal).font == { var f = Font(size: 17); f.italic = true; return f }())
        let right = try #require(doc.find("Right")).styleFor(.normal).font
        #expect(right?.italic == true && right?.weight == .bold && right?.family == "Helvetica")
        #expect(!doc.ignored.contains { $0.reason.contains("italic") })
    }

    @Test func deprecatedSystemColoursResolve() throws {
        let t = try #require(doc.find("Textured"))
        #expect(t.appearance.backgroundColor == Color(red: 0x6F, green: 0x71, blue: 0x79))
        #expect(t.appearance.titleColor == Color(red: 0xB5, green: 0xB5, blue: 0xB5))
        #expect(doc.scenes[0].screen.backgroundColor == .fixed(Color(red: 0x1F, green: 0x21, blue: 0x24)))
        #expect(!doc.ignored.contains { $0.attribute == "cocoaTouchSystemColor" })
    }
}

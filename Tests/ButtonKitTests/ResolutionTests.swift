import Testing
@testable import ButtonKit

@Suite("Resolution: UIKit fallback, cascade, defaults, images")
struct ResolutionTests {
    @Test func systemDefaultsForAnUnstyledButton() {
        let a = Button().appearance
        #expect(a.titleColor.hex == "#FFFFFFFF")
        #expect(a.backgroundColor.hex == "#00000000")
        #expect(a.borderColor.hex == "#000000FF")
        #expect(a.borderWidth == 0 && a.cornerRadius == 0 && a.alpha == 1)
        #expect(a.font == Font(family: "system", size: 15, weight: .regular))
        #expect(a.image == nil && a.title == nil && a.text == nil)
        #expect(a.imageAdjustment == .none)
    }

    @Test func uikitUsesExactStateElseNormal() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.title("n").titleColor(.blue).borderWidth(2) }
        try b.setUpStyle(.selected) { $0.titleColor(.red) }
        let a = b.appearance(for: .selected)
        #expect(a.titleColor == .red)
        #expect(a.title == "n")       // per property: title falls back to normal
        #expect(a.borderWidth == 2)
    }

    @Test func seed003SelectedHighlightedDoesNotFallBackToSelectedUnderUIKit() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.backgroundColor(.white) }
        try b.setUpStyle(.selected) { $0.backgroundColor(.red) }
        #expect(b.appearance(for: [.selected, .highlighted]).backgroundColor == .white)
        b.fallback = .cascade
        #expect(b.appearance(for: [.selected, .highlighted]).backgroundColor == .red)
    }

    @Test func cascadePrefersMostFlagsThenDisabledSelectedHighlightedFocused() throws {
        let b = Button()
        b.fallback = .cascade
        try b.setUpStyle(.highlighted) { $0.titleColor(.green) }
        try b.setUpStyle(.selected) { $0.titleColor(.red) }
        try b.setUpStyle(.disabled) { $0.titleColor(.gray) }
        try b.setUpStyle([.highlighted, .focused]) { $0.titleColor(.blue) }
        // selected beats highlighted on a tie
        #expect(b.appearance(for: [.selected, .highlighted]).titleColor == .red)
        // disabled beats selected
        #expect(b.appearance(for: [.selected, .disabled]).titleColor == .gray)
        // two flags beat one
        #expect(b.appearance(for: [.highlighted, .focused, .selected]).titleColor == .blue)
    }

    @Test func cascadeResolvesPerProperty() throws {
        let b = Button()
        b.fallback = .cascade
        try b.setUpStyle(.normal) { $0.borderWidth(1).title("n") }
        try b.setUpStyle(.selected) { $0.borderWidth(3) }
        try b.setUpStyle([.selected, .highlighted]) { $0.titleColor(.red) }
        let a = b.appearance(for: [.selected, .highlighted])
        #expect(a.titleColor == .red)
        #expect(a.borderWidth == 3)
        #expect(a.title == "n")
    }

    @Test func cascadeOrderListsSubsetsMostSpecificFirst() {
        let order = Resolver.cascadeOrder[Int(ControlState([.selected, .highlighted, .disabled]).rawValue)]
        #expect(order.first == [.selected, .highlighted, .disabled])
        #expect(order[1] == [.disabled, .selected])
        #expect(order.last == .highlighted)
        #expect(!order.contains(.normal))
    }

    @Test func attributedTitleWinsAndTextConcatenatesRuns() throws {
        let b = Button()
        try b.setUpStyle(.normal) {
            $0.title("plain").attributedTitle([AttributedRun(text: "Buy ", color: .red), AttributedRun(text: "now")])
        }
        let a = b.appearance
        #expect(a.text == "Buy now")
        #expect(a.title == "plain")
        #expect(a.attributedTitle?.count == 2)
    }

    @Test func textIsTitleWithoutAttributedTitle() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.title("Go") }
        #expect(b.appearance.text == "Go")
    }

    @Test func borrowedImageIsAdjustedWhenHighlighted() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.image("star") }
        #expect(b.appearance(for: .highlighted).image == "star")
        #expect(b.appearance(for: .highlighted).imageAdjustment == .highlighted)
        #expect(b.appearance(for: .normal).imageAdjustment == .none)
        b.adjustsImageWhenHighlighted = false
        #expect(b.appearance(for: .highlighted).imageAdjustment == .none)
    }

    @Test func disabledAdjustmentWinsOverHighlighted() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.image("star") }
        #expect(b.appearance(for: [.disabled, .highlighted]).imageAdjustment == .disabled)
        b.adjustsImageWhenDisabled = false
        #expect(b.appearance(for: [.disabled, .highlighted]).imageAdjustment == .highlighted)
    }

    @Test func exactStateImageIsDrawnAsIs() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.image("star") }
        try b.setUpStyle(.highlighted) { $0.image("star-pressed") }
        let a = b.appearance(for: .highlighted)
        #expect(a.image == "star-pressed")
        #expect(a.imageAdjustment == .none)
    }

    @Test func appearanceForDoesNotChangeState() throws {
        let b = Button()
        _ = b.appearance(for: [.selected, .disabled])
        #expect(b.state == .normal)
        #expect(b.appearance.state == .normal)
    }

    @Test func appearanceIsCodableAndEquatable() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.title("x").font(Font(size: 13, weight: .bold)) }
        let a = b.appearance
        #expect(a == b.appearance)
        #expect(a != b.appearance(for: .highlighted))
    }
}

import Testing
@testable import ButtonKit

@Suite("Styles: storage, validation, the fluent chain")
struct StyleTests {
    @Test func styleMergesIntoExactlyOneState() {
        let b = Button()
        var s = Style(); s.title = "A"
        b.style(.selected, s)
        var t = Style(); t.titleColor = .red
        b.style(.selected, t)
        #expect(b.styleFor(.selected).title == "A")
        #expect(b.styleFor(.selected).titleColor == .red)
        #expect(b.styleFor(.normal).isEmpty)
        #expect(b.styleFor([.selected, .highlighted]).isEmpty)
    }

    @Test func seedChainSetsSelectedStyle() throws {
        let b = Button()
        try b.setUpStyle(.selected) { $0.title("selected").titleColor(.red).borderWidth(11) }
        let st = b.styleFor(.selected)
        #expect(st.title == "selected")
        #expect(st.titleColor == .red)
        #expect(st.borderWidth == 11)
    }

    @Test func chainWithBadValueThrowsAndAppliesNothing() {
        let b = Button()
        #expect(throws: ButtonKitError.self) {
            try b.setUpStyle(.normal) { $0.title("x").borderWidth(-1) }
        }
        #expect(b.styleFor(.normal).title == nil)
    }

    @Test func negativeNaNAndInfiniteSizesAreRejected() {
        var s = Style()
        for v in [-1.0, .nan, .infinity, -.infinity] {
            #expect(throws: ButtonKitError.self) { try s.set(.borderWidth, .number(v)) }
            #expect(throws: ButtonKitError.self) { try s.set(.cornerRadius, .number(v)) }
        }
        #expect(s.isEmpty)
    }

    @Test func alphaMustBeWithinUnitRange() throws {
        var s = Style()
        #expect(throws: ButtonKitError.self) { try s.set(.alpha, .number(1.01)) }
        #expect(throws: ButtonKitError.self) { try s.set(.alpha, .number(-0.1)) }
        try s.set(.alpha, .number(0.5))
        #expect(s.alpha == 0.5)
    }

    @Test func wrongValueKindIsRejected() {
        var s = Style()
        #expect(throws: ButtonKitError.self) { try s.set(.titleColor, .number(3)) }
        #expect(throws: ButtonKitError.self) { try s.set(.title, .color(.red)) }
    }

    @Test func unknownPropertySuggestsTitle() {
        #expect(throws: ButtonKitError.unknownName(kind: "style property", name: "titel", suggestion: "title")) {
            try StyleProperty(parsing: "titel")
        }
        #expect(StyleProperty.allCases.count == 11)
    }

    @Test func unstyleRemovesOnePropertyOrTheWholeState() throws {
        let b = Button()
        try b.setUpStyle(.selected) { $0.title("s").titleColor(.red) }
        b.unstyle(.selected, .title)
        #expect(b.styleFor(.selected).title == nil)
        #expect(b.styleFor(.selected).titleColor == .red)
        b.unstyle(.selected)
        #expect(b.styleFor(.selected).isEmpty)
        #expect(b.styles.states.isEmpty)
    }

    @Test func stylesAreKeyedByFullBitmask() throws {
        let b = Button()
        try b.setUpStyle([.selected, .highlighted]) { $0.backgroundColor(.red) }
        #expect(b.styles.states == [[.highlighted, .selected]])
        #expect(b.styleFor(.selected).backgroundColor == nil)
    }
}

import Testing
@testable import ButtonKit

/// The checks beyond contrast, targets and labels: clipped text, Dynamic
/// Type, overlaps, label wording, duplicate ids, and how controls are named.
@Suite("Accessibility audit: clipped text, Dynamic Type, overlap, description, duplicate ids")
struct AuditChecksTests {
    init() { RealMetrics.ensure() }

    static func only(_ checks: AuditCheck...) -> AuditOptions {
        var o = AuditOptions()
        o.checks = Set(checks)
        return o
    }

    static func button(_ id: String, _ title: String?, _ frame: Rect, font: Font = Font(textStyle: .body)) throws -> Button {
        let b = Button(id: id, frame: frame)
        var st = Style()
        st.title = title
        st.font = font
        try st.setColor(.titleColor, .dynamic(.system(.label)))
        b.style(.normal, st)
        b.adjustsFontForContentSizeCategory = true
        return b
    }

    @Test func aTitleThatFitsAtLargeClipsAtTheLargestSize() throws {
        let b = try Self.button("pay", "Pay now", Rect(x: 0, y: 0, width: 120, height: 44))
        let found = AccessibilityAudit.audit(b, options: Self.only(.textClipped))
        #expect(found.count == 1)
        #expect(found.first?.contentSize == .accessibilityExtraExtraExtraLarge)
        #expect(found.first?.description.hasPrefix("pay/normal/ax5: title \"Pay now\"") == true, "\(found)")
        var atLarge = Self.only(.textClipped)
        atLarge.contentSizes = [.large]
        #expect(AccessibilityAudit.audit(b, options: atLarge).isEmpty)
    }

    @Test func fixedFontsAndTextStylesThatDoNotAdjustAreDynamicTypeProblems() throws {
        let fixed = try Self.button("a", "A", Rect(x: 0, y: 0, width: 100, height: 44), font: Font(size: 15))
        #expect(AccessibilityAudit.audit(fixed, options: Self.only(.dynamicType)).map(\.check) == [.dynamicType])
        let styled = try Self.button("b", "B", Rect(x: 0, y: 0, width: 100, height: 44))
        #expect(AccessibilityAudit.audit(styled, options: Self.only(.dynamicType)).isEmpty)
        styled.adjustsFontForContentSizeCategory = false
        let p = AccessibilityAudit.audit(styled, options: Self.only(.dynamicType))
        #expect(p.first.map { if case .notAdjusting = $0.kind { true } else { false } } == true)
        // A configuration follows Dynamic Type on its own.
        let c = Button(id: "c")
        var conf = ButtonConfiguration(style: .filled)
        conf.title = "C"
        c.setConfiguration(conf)
        #expect(AccessibilityAudit.audit(c, options: Self.only(.dynamicType)).isEmpty)
    }

    @Test func overlappingAndOffScreenControlsOfAScreen() throws {
        let s = Screen(width: 375, height: 667)
        let a = try Self.button("a", "A", Rect(x: 0, y: 0, width: 100, height: 44))
        let b = try Self.button("b", "B", Rect(x: 80, y: 20, width: 100, height: 44))
        let off = try Self.button("off", "Off", Rect(x: 300, y: 0, width: 100, height: 44))
        let hidden = try Self.button("h", "H", Rect(x: 0, y: 0, width: 100, height: 44))
        hidden.setHidden(true)
        for x in [a, b, off, hidden] { s.add(.button(x)) }
        let lines = AccessibilityAudit.audit(s, options: Self.only(.overlap)).map(\.description)
        #expect(lines == ["b: hit area overlaps 'a' by 20x24 pt", "off: frame 300,0 100x44 lies outside its 375x667 screen"], "\(lines)")
        b.isEnabled = false   // a disabled control takes no touches
        #expect(AccessibilityAudit.audit(s, options: Self.only(.overlap)).map(\.control) == ["off"])
    }

    @Test func labelsThatReadBadly() {
        #expect(AccessibilityAudit.labelIssue("Close button") == .repeatsTrait(word: "button"))
        #expect(AccessibilityAudit.labelIssue("Pay.") == .punctuation("."))
        #expect(AccessibilityAudit.labelIssue("icon_cart.png") == .fileName)
        #expect(AccessibilityAudit.labelIssue("btn_buy_normal") == .repeatsTrait(word: "btn"))
        #expect(AccessibilityAudit.labelIssue("ic_launcher") == .fileName)
        #expect(AccessibilityAudit.labelIssue("Continue…") == nil)
        #expect(AccessibilityAudit.labelIssue("Buy now") == nil)
        #expect(AccessibilityAudit.labelIssue("价格") == nil)
    }

    @Test func aLabelSharedOnOneScreenButNotAcrossScreens() throws {
        let one = Screen(), two = Screen()
        let a = try Self.button("a", "Pay", Rect(x: 0, y: 0, width: 100, height: 44))
        let b = try Self.button("b", "Pay", Rect(x: 0, y: 100, width: 100, height: 44))
        let c = try Self.button("c", "Pay", Rect(x: 0, y: 0, width: 100, height: 44))
        one.add(.button(a)); one.add(.button(b)); two.add(.button(c))
        let lines = AccessibilityAudit.audit([a, b, c], options: Self.only(.description)).map(\.description)
        #expect(lines == ["b: label \"Pay\" is also the label of 'a' on the same screen"], "\(lines)")
    }

    @Test func duplicateIdsAreBothAuditedAndNamed() throws {
        let s = Screen()
        let small = try Self.button("pay", "Pay", Rect(x: 0, y: 0, width: 20, height: 20))
        let good = try Self.button("pay", "Pay", Rect(x: 0, y: 300, width: 300, height: 80))
        s.add(.button(small)); s.add(.button(good))
        let lines = AccessibilityAudit.audit(s, options: Self.only(.duplicateId, .hitTarget)).map(\.description)
        #expect(lines == ["pay#2: id 'pay' is used by 2 live controls (a lookup by id finds only one)",
                          "pay: hit target 20x20 pt < 44x44 pt"], "\(lines)")
        // The same ids on two screens are each screen's own; names get the screen.
        let dark = Screen()
        dark.id = "dark"
        s.id = "light"
        let other = try Self.button("pay", "Pay", Rect(x: 0, y: 0, width: 20, height: 20))
        dark.add(.button(other))
        let both = AccessibilityAudit.audit([small, good, other], options: Self.only(.duplicateId, .hitTarget)).map(\.description)
        #expect(both == ["light:pay#2: id 'pay' is used by 2 live controls (a lookup by id finds only one)",
                         "light:pay: hit target 20x20 pt < 44x44 pt", "dark:pay: hit target 20x20 pt < 44x44 pt"], "\(both)")
    }

    @Test func membersAreNamedByTheirContainer() throws {
        let g = RadioGroup(id: "shipping")
        let m = Button(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        try g.add(m, value: .string("express"))
        let bar = SortBar(id: "sort")
        let price = SortButton(key: "price", frame: Rect(x: 0, y: 0, width: 20, height: 20))
        try bar.add(price)
        #expect(AccessibilityAudit.name(of: m) == "shipping['express']")
        #expect(AccessibilityAudit.name(of: price) == "sort[price]")
        let lines = AccessibilityAudit.audit([m, price], options: Self.only(.hitTarget)).map(\.description)
        #expect(lines == ["shipping['express']: hit target 20x20 pt < 44x44 pt", "sort[price]: hit target 20x20 pt < 44x44 pt"])
    }

    @Test func voiceOverReadsStateLabelValueTraitsAndHint() throws {
        let b = try Self.button("x", "Express $5", Rect(x: 0, y: 0, width: 100, height: 44))
        #expect(b.accessibilityDescription == "Express $5, Button")
        try b.setSelected(true)
        #expect(b.accessibilityTraits == [.button, .selected])
        #expect(b.accessibilityDescription == "Selected, Express $5, Button")
        b.accessibilityValue = "fastest"
        b.accessibilityHint = "Arrives tomorrow"
        b.isEnabled = false
        #expect(b.accessibilityDescription == "Selected, Express $5, fastest, Button, Dimmed, Arrives tomorrow")
        b.accessibilityLabel = "Express shipping"
        b.ownAccessibilityTraits = [.button, .header]
        #expect(b.accessibilityDescription(for: .normal, title: "Express $5") == "Express shipping, fastest, Button, Heading, Arrives tomorrow")
    }

    @Test func rightToLeftFollowsTheSemanticContentAttribute() throws {
        let s = Screen()
        try s.setLayoutDirection(.rightToLeft)
        let b = Button()
        s.add(.button(b))
        #expect(b.effectiveLayoutDirection == .rightToLeft)
        b.semanticContentAttribute = .playback
        #expect(b.effectiveLayoutDirection == .leftToRight)
        b.semanticContentAttribute = .forceRightToLeft
        try s.setLayoutDirection(.leftToRight)
        #expect(b.effectiveLayoutDirection == .rightToLeft)
    }
}

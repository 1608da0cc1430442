import Testing
@testable import ButtonKit

@Suite("Accessibility audit: contrast in every state and style, hit target, label")
struct AuditTests {
    /// These tests are about contrast, targets and labels at the default
    /// text size (AuditChecksTests covers the others).
    static let classic: AuditOptions = {
        var o = AuditOptions()
        o.checks = [.contrast, .hitTarget, .label]
        o.contentSizes = [.large]
        return o
    }()

    static func lines(_ b: Button, _ o: AuditOptions = classic) -> [String] {
        AccessibilityAudit.audit(b, options: o).map(\.description)
    }

    @Test func aGreyTitleOnAGroupedBackgroundFailsWithTheIssuesLine() throws {
        let s = Screen()
        s.backgroundColor = .dynamic(.system(.systemGroupedBackground))
        let b = Button(id: "more")
        try b.setUpStyle(.normal) { $0.title("More").titleColor(SystemColor.systemGray.color(in: .light)) }
        s.add(.button(b))
        let light = Self.lines(b).filter { $0.hasPrefix("more/normal/light") }
        #expect(light == ["more/normal/light: contrast 2.9:1 < 4.5:1 (title #8E8E93 on #F2F2F7)"])
    }

    @Test func aFilledConfigurationPassesWithLargeBoldTextOnlyAtThreeToOne() throws {
        let b = Button(id: "buy")
        var c = ButtonConfiguration(style: .filled)
        c.title = "Buy"
        b.setConfiguration(c)
        // White on systemBlue is 4.02:1 — below 4.5 for 17 pt regular text.
        #expect(Self.lines(b).contains("buy/normal/light: contrast 4:1 < 4.5:1 (title #FFFFFF on #007AFF)"))
        var o = Self.classic
        o.minimumContrast = 4
        o.styles = [.light]
        #expect(Self.lines(b, o).filter { $0.hasPrefix("buy/normal/") }.isEmpty)
    }

    @Test func theDisabledStateIsExemptAndSelectedOnlyForButtonsThatCanBeSelected() throws {
        let b = Button(id: "x")
        try b.setUpStyle(.normal) { $0.title("X").titleColor(.black) }
        try b.setUpStyle(.disabled) { $0.titleColor(.white) }
        #expect(Self.lines(b).filter { $0.contains("/light:") }.isEmpty)
        #expect(AccessibilityAudit.states(of: b) == [.normal, .highlighted])
        b.changesSelectionAsPrimaryAction = true
        #expect(AccessibilityAudit.states(of: b).count == 4)
    }

    @Test func darkModeIsCheckedOverABlackBackdrop() throws {
        let b = Button(id: "ink")
        try b.setUpStyle(.normal) { $0.title("Ink").titleColor(.black) }
        let problems = Self.lines(b)
        #expect(problems.contains("ink/normal/dark: contrast 1:1 < 4.5:1 (title #000000 on #000000)"))
        #expect(!problems.contains { $0.contains("/light:") })
        // The fix: a dynamic label colour.
        var st = Style()
        try st.setColor(.titleColor, .dynamic(.system(.label)))
        b.style(.normal, st)
        #expect(Self.lines(b).isEmpty)
    }

    @Test func alphaOfTheControlFadesTextTowardTheBackdrop() throws {
        let b = Button(id: "ghost")
        try b.setUpStyle(.normal) { $0.title("Ghost").titleColor(.black).alpha(0.3) }
        var o = Self.classic
        o.styles = [.light]
        #expect(Self.lines(b, o).first?.hasPrefix("ghost/normal/light: contrast 2.") == true)
    }

    @Test func hitTargetAndLabel() throws {
        let b = Button(id: "tiny", frame: Rect(x: 0, y: 0, width: 30, height: 30))
        try b.setUpStyle(.normal) { $0.image("gear") }
        #expect(Self.lines(b) == ["tiny: hit target 30x30 pt < 44x44 pt", "tiny: no title or accessibilityLabel"])
        b.accessibilityLabel = "Settings"
        b.frame = Rect(x: 0, y: 0, width: 44, height: 44)
        #expect(Self.lines(b).isEmpty)
    }

    @Test func largeTextAndSubtitles() throws {
        #expect(AccessibilityAudit.isLarge(Font(size: 18)))
        #expect(AccessibilityAudit.isLarge(Font(size: 14, weight: .bold)))
        #expect(!AccessibilityAudit.isLarge(Font(size: 17, weight: .semibold)))
        let b = Button(id: "dl")
        var c = ButtonConfiguration(style: .plain)
        c.title = "Get"
        c.subtitle = "free"
        c.baseForegroundColor = .dynamic(.system(.systemGray2))
        b.setConfiguration(c)
        let kinds = AccessibilityAudit.audit(b, options: Self.classic).compactMap { p -> String? in
            if case .contrast(let text, _, _, _, _) = p.kind, p.state == .normal, p.style == .light { return text }
            return nil
        }
        #expect(kinds == ["title", "subtitle"])
    }

    @Test func hiddenButtonsAreSkippedAndScreensAuditEveryButton() throws {
        let s = Screen()
        let hidden = Button(id: "h", frame: Rect(x: 0, y: 0, width: 1, height: 1))
        hidden.setHidden(true)
        let shown = Button(id: "s", frame: Rect(x: 0, y: 0, width: 1, height: 1))
        s.add(.button(hidden))
        s.add(.button(shown))
        #expect(AccessibilityAudit.audit(s).allSatisfy { $0.control == "s" })
        #expect(throws: ButtonKitError.self) { var o = AuditOptions(); o.minimumContrast = 30; _ = try o.validated() }
    }
}

import Testing
@testable import ButtonKit

@Suite("Traits: interface style and tint inherited screen → group/bar → button")
struct TraitTests {
    @Test func aLoneButtonIsLightAndTintedSystemBlue() {
        let b = Button()
        #expect(b.userInterfaceStyle == .light)
        #expect(b.tintColor == .dynamic(.system(.systemBlue)))
        #expect(b.modern == nil)  // reading traits allocates nothing
    }

    @Test func buttonsInheritTheScreensStyleAndTint() throws {
        let s = Screen()
        let b = Button()
        s.add(.button(b))
        try s.setUserInterfaceStyle(.dark)
        try s.setTintColor(.dynamic(.system(.systemPink)))
        #expect(b.userInterfaceStyle == .dark)
        #expect(b.tintColor == .dynamic(.system(.systemPink)))
        #expect(b.traits.resolvedTint.hex == "#FF375FFF")  // systemPink, dark
    }

    @Test func groupsAndBarsSitBetweenScreenAndButton() throws {
        let s = Screen()
        try s.setTintColor(.fixed(.red))
        let g = RadioGroup()
        let member = Button()
        member.info = .string("a")
        try g.add(member)
        s.add(.radioGroup(g))
        #expect(member.tintColor == .fixed(.red))           // from the screen, through the group
        try g.setTintColor(.dynamic(.system(.systemGreen)))
        #expect(member.tintColor == .dynamic(.system(.systemGreen)))  // the group's own wins
        try member.setTintColor(.fixed(.blue))
        #expect(member.tintColor == .fixed(.blue))           // the button's own wins over both
        try member.setTintColor(nil)
        #expect(member.tintColor == .dynamic(.system(.systemGreen)))  // nil: inherit again

        let bar = SortBar()
        let sb = SortButton(key: "price")
        try bar.add(sb)
        s.add(.sortBar(bar))
        try bar.setUserInterfaceStyle(.dark)
        #expect(sb.userInterfaceStyle == .dark && s.userInterfaceStyle == .light)
        #expect(sb.tintColor == .fixed(.red))
    }

    @Test func aButtonOverridesTheStyleAndUnspecifiedInheritsAgain() throws {
        let s = Screen()
        try s.setUserInterfaceStyle(.dark)
        let b = Button()
        s.add(.button(b))
        b.setUserInterfaceStyle(.light)
        #expect(b.userInterfaceStyle == .light)
        b.setUserInterfaceStyle(nil)
        #expect(b.userInterfaceStyle == .dark)
        #expect(try UserInterfaceStyle.parseOverride("unspecified") == nil)
    }

    @Test func tintCannotBeItself() {
        #expect(throws: ButtonKitError.self) { try Button().setTintColor(.dynamic(.tint)) }
        #expect(throws: ButtonKitError.self) { try Screen().setTintColor(.dynamic(.tint)) }
    }

    @Test func aStyleMayHoldADynamicColourResolvedPerStyle() throws {
        let b = Button()
        var st = Style()
        try st.setColor(.titleColor, .dynamic(.system(.label)))
        try st.setColor(.backgroundColor, .dynamic(.system(.secondarySystemBackground)))
        b.style(.normal, st)
        #expect(b.appearance(for: .normal).titleColor.hex == "#000000FF")
        #expect(b.appearance(for: .normal).backgroundColor.hex == "#F2F2F7FF")
        let dark = b.appearance(for: .normal, style: .dark)
        #expect(dark.titleColor.hex == "#FFFFFFFF" && dark.backgroundColor.hex == "#1C1C1EFF")
        #expect(b.usesDynamicLook)
        // A fixed colour does not change with the style.
        let plain = Button()
        try plain.setUpStyle(.normal) { $0.titleColor(.red) }
        #expect(plain.appearance(for: .normal, style: .dark).titleColor == .red)
        #expect(!plain.usesDynamicLook)
    }

    @Test func tintColorInAStyleFollowsTheInheritedTint() throws {
        let s = Screen()
        let b = Button()
        var st = Style()
        try st.setColor(.borderColor, .dynamic(.tint))
        b.style(.normal, st)
        s.add(.button(b))
        #expect(b.appearance.borderColor.hex == "#007AFFFF")
        try s.setTintColor(.dynamic(.system(.systemOrange)))
        #expect(b.appearance.borderColor.hex == "#FF9500FF")
        #expect(b.appearance(for: .normal, style: .dark).borderColor.hex == "#FF9F0AFF")
    }

    @Test func systemButtonsDrawTheTitleInTheTintFadedWhenPressedGreyWhenDisabled() throws {
        let b = Button()
        b.type = .system
        try b.setUpStyle(.normal) { $0.title("Edit") }
        #expect(b.appearance(for: .normal).titleColor.hex == "#007AFFFF")
        #expect(b.appearance(for: .highlighted).titleColor.hex == "#007AFF33")  // alpha 0.2 (DerivedLooks)
        #expect(b.appearance(for: .highlighted, style: .dark).titleColor.hex == "#0A84FF66")  // 0.4
        #expect(b.appearance(for: .disabled).titleColor.hex == "#8E8E93FF")     // systemGray
        // A colour set for the exact state is used as is.
        try b.setUpStyle(.highlighted) { $0.titleColor(.red) }
        #expect(b.appearance(for: .highlighted).titleColor == .red)
        // Custom buttons keep UIKit's white default.
        #expect(Button().appearance.titleColor == .white)
    }
}

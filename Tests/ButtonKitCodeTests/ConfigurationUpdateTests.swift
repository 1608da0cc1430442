import Testing
import ButtonKit
import ButtonKitIB
@testable import ButtonKitCode

/// `configurationUpdateHandler = { button in ... }` and `override func
/// updateConfiguration()` (Tests/Fixtures/code/Updates): a switch or an if
/// on the state, a conditional on a flag, become the looks the button shows
/// in each state; what stays unmodelled is listed. Before, each handler was
/// one `doc.unresolved` entry and every state looked like normal.
@Suite("The app's code: configuration update handlers per state")
struct ConfigurationUpdateTests {
    let doc: IBDocument

    init() throws {
        (doc, _) = try CodeFixtures.load("Updates")
    }

    func button(_ id: String) throws -> Button {
        try #require(doc.find(id), "no control '\(id)'")
    }

    /// The look a button configured with `c` has in `state`, as the model derives it.
    func reference(_ c: ButtonConfiguration, _ state: ControlState) -> Appearance {
        let b = Button(id: "reference")
        try? b.apply(.configuration(c))
        return b.appearance(for: state)
    }

    @Test("a switch on button.state: each case's colour and title in its state, default in the others")
    func switchOnState() throws {
        let pay = try button("pay")
        #expect(pay.hasConfigurationUpdateHandler)
        var filled = ButtonConfiguration(style: .filled)
        filled.title = "Pay"
        filled.baseBackgroundColor = .dynamic(DynamicColor.system(.systemBlue))
        #expect(try pay.previewAppearance(for: .normal).backgroundColor == reference(filled, .normal).backgroundColor)
        #expect(try pay.previewAppearance(for: .normal).title == "Pay")
        var pressed = filled
        pressed.baseBackgroundColor = .dynamic(DynamicColor.system(.systemIndigo))
        #expect(try pay.previewAppearance(for: .highlighted).backgroundColor == reference(pressed, .highlighted).backgroundColor)
        #expect(try pay.previewAppearance(for: .highlighted).backgroundColor != reference(filled, .highlighted).backgroundColor)
        let off = try pay.previewAppearance(for: .disabled)
        #expect(off.title == "Unavailable")
        // Driven as a user would: the handler runs after the state changes.
        pay.isEnabled = false
        #expect(pay.configuration?.title == "Unavailable")
        pay.isEnabled = true
        #expect(pay.configuration?.title == "Pay")
    }

    @Test("an if/else on button.isSelected, a conditional on isHighlighted, alpha on isEnabled")
    func ifOnFlags() throws {
        let follow = try button("follow")
        #expect(try follow.previewAppearance(for: .normal).title == "Follow")
        #expect(try follow.previewAppearance(for: .selected).title == "Following")
        #expect(try follow.previewAppearance(for: .selected).titleColor == .white)
        #expect(try follow.previewAppearance(for: .normal).titleColor != .white)
        // button.alpha = button.isEnabled ? 1 : 0.4 beside a configuration: listed, not kept where it would not be drawn.
        #expect(follow.styleFor(.disabled).alpha == nil)
        #expect(doc.unresolved.contains { $0.line == 50 && $0.reason.contains("'alpha' per state beside a configuration") })
        // Tapping selects it (changesSelectionAsPrimaryAction) and the handler retitles it.
        _ = try follow.tap()
        #expect(follow.isSelected)
        #expect(follow.configuration?.title == "Following")
    }

    @Test("a button without a configuration: the handler's background and alpha become per-state styles")
    func classicButton() throws {
        let plain = try button("plain")
        #expect(plain.appearance(for: .normal).backgroundColor == Color(red: 0, green: 0, blue: 0))
        #expect(plain.appearance(for: .highlighted).backgroundColor == Color(unitRed: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3))
        #expect(plain.appearance(for: .disabled).alpha == 0.5)
        #expect(plain.appearance(for: .normal).alpha == 1)
        #expect(plain.appearance(for: .normal).title == "Skip")
    }

    @Test("state == .selected in a conditional; what stays unmodelled is listed with its line")
    func unmodelledListed() throws {
        let like = try button("like")
        #expect(try like.previewAppearance(for: .selected).title == "Liked")
        #expect(try like.previewAppearance(for: .normal).title == "Like")
        let listed = doc.unresolved.filter { $0.path.hasSuffix("CheckoutViewController.swift") }
        // The symbol chosen by a conditional inside a call, and the if on UserDefaults.
        #expect(listed.contains { $0.line == 56 && $0.expression.contains("heart.fill") }, "\(listed)")
        #expect(listed.contains { $0.line == 57 && $0.reason.contains("something other than the button's state") }, "\(listed)")
        #expect(!doc.unresolved.contains { $0.reason.contains("its per-state changes are not evaluated") })
    }

    @Test("an updateConfiguration() override: conditionals on isSelected, an exact state, alpha per state")
    func updateConfigurationOverride() throws {
        let toggle = try button("toggle")
        #expect(try toggle.previewAppearance(for: .normal).title == "Off")
        #expect(try toggle.previewAppearance(for: .selected).title == "On")
        let orange = ColorValue.dynamic(DynamicColor.system(.systemOrange)).resolve(.default)
        #expect(try toggle.previewAppearance(for: .selected).titleColor == orange)
        #expect(try toggle.previewAppearance(for: .normal).titleColor != orange)
        var bordered = ButtonConfiguration(style: .bordered)
        bordered.title = "On"
        bordered.baseForegroundColor = .dynamic(DynamicColor.system(.systemOrange))
        var yellow = bordered
        yellow.baseBackgroundColor = .dynamic(DynamicColor.system(.systemYellow))
        let both: ControlState = [.selected, .highlighted]
        #expect(try toggle.previewAppearance(for: both).backgroundColor == reference(yellow, both).backgroundColor)
        #expect(try toggle.previewAppearance(for: .selected).backgroundColor == reference(bordered, .selected).backgroundColor)
        #expect(doc.unresolved.contains { $0.path.hasSuffix("ToggleButton.swift") && $0.line == 22 && $0.reason.contains("'alpha' per state") })
    }

    @Test("StateTest: a switch's later case holds only where the earlier ones do not")
    func stateTests() {
        let first = StateTest.equals(.highlighted)
        let later = StateTest.all([.has(.highlighted), .not(.any([first]))])
        #expect(first.holds(.highlighted) && !later.holds(.highlighted))
        #expect(later.holds([.highlighted, .selected]))
        #expect(StateTest.not(.has(.disabled)).negated == .has(.disabled))
        #expect(StateTest.has(.selected).styleState == .selected)
        #expect(StateTest.not(.has(.selected)).styleState == .normal)
        #expect(StateTest.all([.has(.selected), .has(.highlighted)]).styleState == nil)
    }
}

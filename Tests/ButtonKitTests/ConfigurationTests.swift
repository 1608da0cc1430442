import Testing
@testable import ButtonKit

/// UIButton.Configuration: each style's look in normal, highlighted,
/// selected, selected|highlighted and disabled, light and dark, with the
/// default tint (systemBlue). The expected values were computed from the
/// research notes' measured rules (SwiftKit, "SK"), not from the model's
/// code, and allow one unit per channel for rounding.
@Suite("Configurations: per-state looks, geometry, the update handler")
struct ConfigurationTests {
    static let states: [ControlState] = [.normal, .highlighted, .selected, [.selected, .highlighted], .disabled]

    /// (foreground, background) per state, in `states` order.
    static let expected: [(ConfigurationStyle, UserInterfaceStyle, [(String, String)])] = [
        (.plain, .light, [("#007AFFFF", "#00000000"), ("#007AFFBF", "#00000000"), ("#007AFFFF", "#007AFF2E"),
                          ("#007AFFBF", "#007AFF1F"), ("#3C3C434D", "#00000000")]),
        (.gray, .light, [("#007AFFFF", "#78788029"), ("#007AFFBF", "#7878801F"), ("#007AFFFF", "#007AFF2E"),
                         ("#007AFFBF", "#007AFF1F"), ("#3C3C434D", "#7676801F")]),
        (.tinted, .light, [("#007AFFFF", "#007AFF2E"), ("#007AFFBF", "#007AFF1F"), ("#FFFFFFFF", "#007AFFFF"),
                           ("#FFFFFFBF", "#007AFFBF"), ("#3C3C434D", "#7676801F")]),
        (.filled, .light, [("#FFFFFFFF", "#007AFFFF"), ("#FFFFFFBF", "#007AFFBF"), ("#FFFFFFFF", "#007AFFFF"),
                           ("#FFFFFFBF", "#007AFFBF"), ("#3C3C434D", "#7676801F")]),
        (.plain, .dark, [("#0A84FFFF", "#00000000"), ("#3B9DFFFF", "#00000000"), ("#0A84FFFF", "#0A84FF40"),
                         ("#2290FFFF", "#0A84FF2E"), ("#EBEBF54D", "#00000000")]),
        (.gray, .dark, [("#0A84FFFF", "#78788052"), ("#2290FFFF", "#8C8C9359"), ("#0A84FFFF", "#0A84FF40"),
                        ("#2290FFFF", "#0A84FF2E"), ("#EBEBF54D", "#7676803D")]),
        (.tinted, .dark, [("#0A84FFFF", "#0A84FF40"), ("#2290FFFF", "#0A84FF2E"), ("#FFFFFFFF", "#0A84FFFF"),
                          ("#FFFFFFBF", "#3B9DFFFF"), ("#EBEBF54D", "#7676803D")]),
        (.filled, .dark, [("#FFFFFFFF", "#0A84FFFF"), ("#FFFFFFBF", "#3B9DFFFF"), ("#FFFFFFFF", "#0A84FFFF"),
                          ("#FFFFFFBF", "#3B9DFFFF"), ("#EBEBF54D", "#7676803D")]),
    ]

    static func near(_ c: Color, _ hex: String) -> Bool {
        guard let e = try? Color(parsing: hex) else { return false }
        return [(c.red, e.red), (c.green, e.green), (c.blue, e.blue), (c.alpha, e.alpha)].allSatisfy { abs(Int($0) - Int($1)) <= 1 }
    }

    static func button(_ style: ConfigurationStyle) -> Button {
        let b = Button()
        var c = ButtonConfiguration(style: style)
        c.title = "Go"
        b.setConfiguration(c)
        return b
    }

    @Test(arguments: expected.indices)
    func eachStylesPerStateLook(_ i: Int) {
        let (style, ui, rows) = Self.expected[i]
        let b = Self.button(style)
        for (st, (fg, bg)) in zip(Self.states, rows) {
            let a = b.appearance(for: st, style: ui)
            #expect(Self.near(a.titleColor, fg), "\(style) \(ui) \(st): title \(a.titleColor.hex), expected \(fg)")
            #expect(Self.near(a.backgroundColor, bg), "\(style) \(ui) \(st): background \(a.backgroundColor.hex), expected \(bg)")
        }
    }

    @Test func aConfigurationWithoutATitleShowsTheTitleSetPerState() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.title("Sign in").titleColor(.black) }
        try b.setUpStyle(.highlighted) { $0.title("Signing in") }
        b.setConfiguration(ButtonConfiguration(style: .filled))
        #expect(b.appearance.title == "Sign in")
        #expect(b.appearance(for: .highlighted).title == "Signing in")
        #expect(b.appearance.titleColor == .white, "only the title: colours stay the configuration's")
        // An attributed title set per state shows too.
        let rich = Button()
        var bold = Style()
        bold.attributedTitle = [AttributedRun(text: "Bold")]
        rich.style(.normal, bold)
        rich.setConfiguration(ButtonConfiguration(style: .plain))
        #expect(rich.appearance.attributedTitle?.first?.text == "Bold" && rich.appearance.text == "Bold")
        var own = ButtonConfiguration(style: .filled)
        own.title = "Own"
        b.setConfiguration(own)
        #expect(b.appearance(for: .highlighted).title == "Own", "the configuration's own title wins")
    }

    @Test func aliasesLookLikeTheStyleTheyName() {
        let pairs: [(ConfigurationStyle, ConfigurationStyle)] = [(.borderless, .plain), (.bordered, .gray),
                                                                 (.borderedTinted, .tinted), (.borderedProminent, .filled)]
        for (alias, style) in pairs {
            for st in Self.states {
                for ui in UserInterfaceStyle.allCases {
                    #expect(Self.button(alias).appearance(for: st, style: ui) == Self.button(style).appearance(for: st, style: ui))
                }
            }
        }
        #expect(Self.button(.bordered).configuration?.style == .bordered)  // the name reads back as written
    }

    @Test func baseColoursReplaceTintAndWhite() {
        let b = Button()
        var c = ButtonConfiguration(style: .filled)
        c.baseBackgroundColor = .dynamic(.system(.systemGreen))
        c.baseForegroundColor = .fixed(.black)
        b.setConfiguration(c)
        #expect(b.appearance.backgroundColor.hex == "#34C759FF")
        #expect(b.appearance.titleColor.hex == "#000000FF")
        #expect(b.appearance(for: .normal, style: .dark).backgroundColor.hex == "#30D158FF")
        c.style = .gray
        b.setConfiguration(c)
        #expect(b.appearance.backgroundColor.hex == "#34C759FF")  // replaces the grey fill
    }

    @Test func theTintComesFromTheHierarchy() throws {
        let s = Screen()
        try s.setTintColor(.dynamic(.system(.systemOrange)))
        let b = Self.button(.filled)
        s.add(.button(b))
        #expect(b.appearance.backgroundColor.hex == "#FF9500FF")
    }

    @Test func geometryBySizeAndCornerStyle() {
        let b = Button(frame: Rect(x: 0, y: 0, width: 120, height: 50))
        var c = ButtonConfiguration(style: .filled)
        b.setConfiguration(c)
        var a = b.appearance
        #expect(a.cornerRadius == 5.95 && a.font.size == 17)
        #expect(a.layout?.contentInsets == EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
        c.buttonSize = .large
        b.setConfiguration(c)
        a = b.appearance
        #expect(a.cornerRadius == 8.75 && a.layout?.contentInsets == EdgeInsets(top: 15, leading: 20, bottom: 15, trailing: 20))
        c.cornerStyle = .capsule
        b.setConfiguration(c)
        #expect(b.appearance.cornerRadius == 25)
        c.cornerStyle = .fixed
        c.cornerRadius = 3
        c.contentInsets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        b.setConfiguration(c)
        #expect(b.appearance.cornerRadius == 3 && b.appearance.layout?.contentInsets.trailing == 4)
    }

    @Test func subtitleImageAndActivityIndicator() {
        let b = Button()
        var c = ButtonConfiguration(style: .tinted)
        c.title = "Download"
        c.subtitle = "12 MB"
        c.image = "arrow.down"
        c.imagePlacement = .top
        b.setConfiguration(c)
        #expect(b.appearance.subtitle == "12 MB" && b.appearance.image == "arrow.down")
        #expect(b.appearance.layout?.imagePlacement == .top)
        c.showsActivityIndicator = true
        b.setConfiguration(c)
        #expect(b.appearance.image == nil && b.appearance.layout?.showsActivityIndicator == true)
    }

    @Test func stylesAreNotConsultedWhileAConfigurationIsSetButForTheTitle() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.titleColor(.red).title("styled") }
        b.setConfiguration(ButtonConfiguration(style: .plain))
        #expect(b.appearance.title == "styled" && b.appearance.titleColor.hex == "#007AFFFF")
        b.setConfiguration(nil)
        #expect(b.appearance.title == "styled" && b.appearance.titleColor == .red)
    }

    @Test func badLengthsAreRefused() {
        var c = ButtonConfiguration(style: .plain)
        c.imagePadding = -1
        #expect(throws: ButtonKitError.self) { try c.validated() }
        #expect(throws: ButtonKitError.self) { try EdgeInsets.make(top: .nan, leading: 0, bottom: 0, trailing: 0) }
    }

    // MARK: The update handler

    /// A filled button whose handler writes its title from the state, as
    /// UIKit samples do, and logs the states it was called in.
    static func toggle(log: Box) throws -> Button {
        let b = Self.button(.filled)
        b.changesSelectionAsPrimaryAction = true
        try b.setConfigurationUpdateHandler { button, config in
            log.states.append(button.state.description)
            config?.title = button.isSelected ? "Following" : "Follow"
        }
        return b
    }

    final class Box { var states: [String] = [] }

    @Test func settingTheHandlerRunsItOnceForTheCurrentState() throws {
        let log = Box()
        let b = try Self.toggle(log: log)
        #expect(log.states == ["normal"])
        #expect(b.appearance.title == "Follow")
        #expect(b.trace.lines == ["configurationUpdate"])
    }

    @Test func aPreviewRunsTheHandlerInThatStateAndChangesNothing() throws {
        let log = Box()
        let b = try Self.toggle(log: log)
        b.trace.clear()
        log.states = []
        #expect(try b.previewAppearance(for: .selected).title == "Following")
        #expect(log.states == ["selected"], "the handler saw the previewed state")
        #expect(b.state == .normal && b.configuration?.title == "Follow", "state and configuration put back")
        #expect(b.appearance.title == "Follow")
        #expect(b.trace.lines.isEmpty, "a preview records nothing")
        // Under other traits: the handler reads them too.
        try b.setConfigurationUpdateHandler { button, config in
            config?.title = button.traits.userInterfaceStyle == .dark ? "Night" : "Day"
        }
        #expect(try b.previewAppearance(for: .normal, style: .dark).title == "Night")
        #expect(b.traits.userInterfaceStyle == .light && b.appearance.title == "Day")
        // The handler's error is thrown, and the state is put back.
        struct Boom: Error {}
        try b.setConfigurationUpdateHandler { button, _ in if button.isHighlighted { throw Boom() } }
        #expect(throws: Boom.self) { try b.previewAppearance(for: .highlighted) }
        #expect(b.state == .normal)
    }

    @Test func oneUpdatePerEventAfterTheStateChangedInUIKitsOrder() throws {
        let log = Box()
        let b = try Self.toggle(log: log)
        b.trace.clear()
        try b.tap()
        // touchDown's event, then its update (highlighted); touchUp's
        // changes coalesce into one update after its events (selected).
        #expect(b.trace.lines == ["touchDown", "highlighted=true", "configurationUpdate",
                                  "selected=true", "touchUpInside", "primaryActionTriggered", "highlighted=false",
                                  "configurationUpdate"])
        #expect(log.states == ["normal", "highlighted", "selected"])
        #expect(b.appearance.title == "Following")
        try b.apply(.enabled(false))
        #expect(log.states.last == "disabled|selected")
    }

    @Test func theHandlerSeesTheNewStateBeforeLaterEventsOfTheNextStep() throws {
        let log = Box()
        let b = try Self.toggle(log: log)
        var seenByTouchUpInside: String?
        b.on(.touchUpInside) { button, _ in seenByTouchUpInside = button.configuration?.title }
        try b.touchDown()
        try b.touchUp()
        // The handler of touchUp's own update runs after its events, so the
        // action still saw the title of the touchDown update.
        #expect(seenByTouchUpInside == "Follow")
        #expect(b.configuration?.title == "Following")
    }

    @Test func anAssignmentInsideTheHandlerWinsOverTheCopy() throws {
        let b = Self.button(.plain)
        try b.setConfigurationUpdateHandler { button, config in
            config?.title = "copy"
            var mine = ButtonConfiguration(style: .tinted)
            mine.title = "assigned"
            button.setConfiguration(mine)
        }
        #expect(b.configuration?.title == "assigned" && b.configuration?.style == .tinted)
        // The assignment made inside the update did not start another one.
        #expect(b.trace.lines == ["configurationUpdate"])
    }

    @Test func stateChangesInsideTheHandlerDoNotLoop() throws {
        let b = Self.button(.plain)
        var calls = 0
        try b.setConfigurationUpdateHandler { button, _ in
            calls += 1
            button.isFocused = !button.isFocused
        }
        try b.tap()
        #expect(calls == 3)
    }

    @Test func aHandlerErrorComesBackAfterTheTouchCompletes() throws {
        struct Boom: Error {}
        let b = Self.button(.plain)
        var armed = false
        try b.setConfigurationUpdateHandler { _, _ in if armed { throw Boom() } }
        armed = true
        // Each step completes (touchDown highlights, touchUp ends the
        // touch), then raises its update's error.
        #expect(throws: Boom.self) { try b.touchDown() }
        #expect(b.isHighlighted && b.isTracking)
        #expect(throws: Boom.self) { try b.touchUp() }
        #expect(!b.isHighlighted && !b.isTracking)
        // A non-throwing setter keeps the error for the next throwing call.
        b.isFocused = true
        #expect(throws: Boom.self) { try b.takePendingUpdateError() }
    }

    @Test func traitChangesAboveRunTheUpdate() throws {
        let s = Screen()
        let b = Self.button(.tinted)
        s.add(.button(b))
        var styles: [UserInterfaceStyle] = []
        try b.setConfigurationUpdateHandler { button, _ in styles.append(button.userInterfaceStyle) }
        try s.setUserInterfaceStyle(.dark)
        try s.setUserInterfaceStyle(.dark)  // no change, no update
        #expect(styles == [.light, .dark])
    }

    @Test func groupSelectionUpdatesEveryMemberThatChanged() throws {
        let g = RadioGroup()
        var log: [String] = []
        for v in ["a", "b"] {
            let b = Self.button(.gray)
            b.info = .string(v)
            try g.add(b)
            try b.setConfigurationUpdateHandler { button, _ in log.append("\(v):\(button.state)") }
        }
        log.removeAll()
        try g.select(.string("a"))
        try g.select(.string("b"))
        #expect(log == ["a:selected", "a:normal", "b:selected"])
    }

    @Test func plainButtonsKeepTheirFastPaths() throws {
        let b = Button()
        #expect(b.isPlain && !b.observesState)
        try b.setConfigurationUpdateHandler { _, _ in }
        #expect(!b.isPlain && b.observesState)
        try b.setConfigurationUpdateHandler(nil)
        #expect(b.isPlain)
    }
}

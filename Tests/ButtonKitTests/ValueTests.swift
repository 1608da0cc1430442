import Testing
@testable import ButtonKit

@Suite("Values: states, events, colors, fonts")
struct ValueTests {
    @Test func stateBitsMatchUIKit() {
        #expect(ControlState.highlighted.rawValue == 1)
        #expect(ControlState.disabled.rawValue == 2)
        #expect(ControlState.selected.rawValue == 4)
        #expect(ControlState.focused.rawValue == 8)
        #expect(ControlState.normal.rawValue == 0)
    }

    @Test func stateParsesEverySeparator() throws {
        for text in ["selected|highlighted", "selected,highlighted", "selected+highlighted", " Selected | HIGHLIGHTED "] {
            #expect(try ControlState(parsing: text) == [.selected, .highlighted])
        }
        #expect(try ControlState(parsing: "normal") == .normal)
        #expect(try ControlState(parsingList: ["selected", "disabled"]) == [.selected, .disabled])
        #expect(try ControlState(bits: 5) == [.highlighted, .selected])
    }

    @Test func stateCanonicalDescriptionIsInBitOrder() {
        #expect(ControlState([.selected, .highlighted]).description == "highlighted|selected")
        #expect(ControlState([.focused, .disabled]).description == "disabled|focused")
        #expect(ControlState.normal.description == "normal")
    }

    @Test func unknownStateSuggestsClosestName() {
        #expect(throws: ButtonKitError.unknownName(kind: "state", name: "selectd", suggestion: "selected")) {
            try ControlState(parsing: "selectd")
        }
        #expect(throws: ButtonKitError.self) { try ControlState(bits: 16) }
        #expect(throws: ButtonKitError.self) { try ControlState(bits: -1) }
    }

    @Test func eventBitsMatchUIKit() throws {
        #expect(ControlEvent.touchDown.rawValue == 1)
        #expect(ControlEvent.touchUpInside.rawValue == 64)
        #expect(ControlEvent.touchCancel.rawValue == 256)
        #expect(ControlEvent.valueChanged.rawValue == 4096)
        #expect(ControlEvent.primaryActionTriggered.rawValue == 8192)
        #expect(ControlEvent.allTouchEvents.rawValue == 0xFFF)
        #expect(try ControlEvent(parsing: "touchDown|touchUpInside") == [.touchDown, .touchUpInside])
        #expect(try ControlEvent(parsing: "allTouchEvents").contains(.touchCancel))
    }

    @Test func unknownEventIsAnErrorWithSuggestion() {
        #expect(throws: ButtonKitError.unknownName(kind: "event", name: "touchUpInsid", suggestion: "touchUpInside")) {
            try ControlEvent(parsing: "touchUpInsid")
        }
    }

    @Test func hexColorsInEveryForm() throws {
        #expect(try Color(parsing: "#F00").hex == "#FF0000FF")
        #expect(try Color(parsing: "595959").hex == "#595959FF")
        #expect(try Color(parsing: "#ed7e2d").hex == "#ED7E2DFF")
        #expect(try Color(parsing: "#11223344").hex == "#11223344")
        #expect(try Color(parsing: "abc").hex == "#AABBCCFF")
    }

    @Test func uikitNamedColorsUseUIKitComponents() throws {
        #expect(try Color(parsing: "gray").hex == "#808080FF")
        #expect(try Color(parsing: "darkGray").hex == "#555555FF")
        #expect(try Color(parsing: "lightgray").hex == "#AAAAAAFF")
        #expect(try Color(parsing: "orange").hex == "#FF8000FF")
        #expect(try Color(parsing: "purple").hex == "#800080FF")
        #expect(try Color(parsing: "brown").hex == "#996633FF")
        #expect(try Color(parsing: "clear").hex == "#00000000")
        #expect(try Color(parsing: "RED") == .red)
    }

    @Test func rgbRoundsHalvesUpAndChecksRanges() throws {
        #expect(try Color.rgb(127.5, 0, 255, 0.5).hex == "#8000FF80")
        #expect(throws: ButtonKitError.self) { try Color.rgb(256, 0, 0) }
        #expect(throws: ButtonKitError.self) { try Color.rgb(0, -1, 0) }
        #expect(throws: ButtonKitError.self) { try Color.rgb(0, 0, 0, 1.5) }
        #expect(throws: ButtonKitError.self) { try Color.rgb(.nan, 0, 0) }
    }

    @Test func badColorsAreErrors() {
        #expect(throws: ButtonKitError.self) { try Color(parsing: "#12345") }
        #expect(throws: ButtonKitError.unknownName(kind: "color", name: "redd", suggestion: "red")) { try Color(parsing: "redd") }
    }

    @Test func fontsParseFromStrings() throws {
        #expect(try Font(parsing: "bold 13") == Font(size: 13, weight: .bold))
        #expect(try Font(parsing: "13") == Font(size: 13))
        #expect(try Font(parsing: "Menlo semibold 12") == Font(family: "Menlo", size: 12, weight: .semibold))
        #expect(throws: ButtonKitError.self) { try Font(parsing: "bold") }
        // A near miss of a weight is a typo, refused with the weight meant;
        // a family unlike any weight stays a family.
        #expect(throws: ButtonKitError.notOneOf(kind: "font weight", name: "heavyy", choices: FontWeight.allCases.map(\.rawValue))) {
            try Font(parsing: "heavyy 13")
        }
        #expect(try Font(parsing: "Helvetica Neue 13") == Font(family: "Helvetica Neue", size: 13))
        #expect(throws: ButtonKitError.self) { try Font.make(size: -1) }
        #expect(throws: ButtonKitError.self) { try Font.make(size: .infinity) }
    }

    @Test func fontWeightsAreOrdered() throws {
        #expect(FontWeight.ultraLight < FontWeight.black)
        #expect(try FontWeight(parsing: "SemiBold") == .semibold)
        #expect(throws: ButtonKitError.notOneOf(kind: "font weight", name: "bolt", choices: FontWeight.allCases.map(\.rawValue))) { try FontWeight(parsing: "bolt") }
    }

    @Test func suggestionsHandleTranspositionsAndRejectNonsense() {
        #expect(Suggest.closest(to: "titel", in: StyleProperty.allCases.map(\.rawValue)) == "title")
        #expect(Suggest.closest(to: "backgroundcolour", in: StyleProperty.allCases.map(\.rawValue)) == "backgroundColor")
        #expect(Suggest.closest(to: "zzzzzz", in: StyleProperty.allCases.map(\.rawValue)) == nil)
    }

    @Test func errorMessagesReadWell() {
        let e = ButtonKitError.unknownName(kind: "style property", name: "titel", suggestion: "title")
        #expect(e.message == "unknown style property 'titel'; did you mean 'title'?")
        #expect(ButtonKitError.unknownValue(group: "time", value: "'3'", known: ["''", "'15'"]).message
            == "radio group 'time' has no option with value '3' (its values: '', '15')")
        #expect(ButtonKitError.unknownValue(group: "g", value: "'x'", known: (1...12).map { "'\($0)'" }).message
            == "radio group 'g' has no option with value 'x' (its values: '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', and 2 more)")
    }
}

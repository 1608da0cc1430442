import Foundation
import Testing
@testable import ButtonKit

/// "Did you mean" stays a cheap courtesy (found by scripts/fuzz: a 1 MB
/// unknown field name took 24 s and gigabytes in the edit distance, in host
/// code the time limit cannot interrupt).
@Suite("Suggestions for misspelt names")
struct SuggestTests {
    static let names = ["title", "titleColor", "backgroundColor", "enabled", "selected", "frame"]

    @Test func typosAndPrefixesStillGetSuggestions() {
        #expect(Suggest.closest(to: "titel", in: Self.names) == "title")
        #expect(Suggest.closest(to: "Enabeld", in: Self.names) == "enabled")
        #expect(Suggest.closest(to: "backgroundCol", in: Self.names) == "backgroundColor")
        #expect(Suggest.closest(to: "titleColorXYZ", in: Self.names) == "titleColor")
        #expect(Suggest.closest(to: "zzz", in: Self.names) == nil)
        #expect(Suggest.closest(to: "x", in: []) == nil)
    }

    @Test func anAbbreviationOfOneNameIsSuggested() {
        #expect(Suggest.closest(to: "minContrast", in: ["minimumContrast", "largeTextContrast", "minimumSize"]) == "minimumContrast")
        #expect(Suggest.closest(to: "bgroundColor", in: Self.names) == "backgroundColor")
        // Two names it could abbreviate: no guess.
        #expect(Suggest.closest(to: "mSize", in: ["minimumSize", "maximumSize"]) == nil)
    }

    @Test func aShortListIsShownWhenNothingIsClose() {
        #expect(ButtonKitError.notOneOf(kind: "corner style", name: "round", choices: ["fixed", "capsule"]).message
                == "unknown corner style 'round' (expected one of: fixed, capsule)")
        #expect(ButtonKitError.notOneOf(kind: "corner style", name: "capsul", choices: ["fixed", "capsule"]).message
                == "unknown corner style 'capsul'; did you mean 'capsule'?")
    }

    @Test func coloursInSwiftSpellingAreSuggestedByTheirNames() {
        #expect(UIKitSpelling.colorName("UIColor.systemBlue") == "systemBlue")
        #expect(UIKitSpelling.colorName("secondaryLabelColor") == "secondaryLabel")
        #expect(UIKitSpelling.colorName("redColor") == "red")
        #expect(UIKitSpelling.colorName("tint") == "tintColor")
        #expect(UIKitSpelling.colorName("nothing") == nil)
    }

    @Test func uikitConstantsAndSwiftSpellingsNameTheState() {
        #expect(UIKitSpelling.state("UIControlStateHighlighted") == "highlighted")
        #expect(UIKitSpelling.state("UIControl.State.selected") == "selected")
        #expect(UIKitSpelling.state("[.selected, .highlighted]") == "selected|highlighted")
        #expect(UIKitSpelling.state("UIControlStateSelected | UIControlStateHighlighted") == "selected|highlighted")
        #expect(UIKitSpelling.state("UIControlStateNormal") == "normal")
        // ButtonKit's own spelling, or no state at all: nothing to suggest.
        #expect(UIKitSpelling.state("selected") == nil)
        #expect(UIKitSpelling.state("UIControlStateWobbly") == nil)
        #expect(UIKitSpelling.event("UIControlEventTouchUpInside") == "touchUpInside")
        #expect(UIKitSpelling.event("[.touchDown, .touchUpInside]") == "touchDown|touchUpInside")
        #expect(UIKitSpelling.event("UIControlEventsAllEvents") == "allEvents")
    }

    @Test func constructorColoursAreAnsweredWithTheirValue() throws {
        #expect(UIKitSpelling.colorHint("rgb(255, 0, 0)") == "write it as ui.rgb(255, 0, 0) or '#FF0000'")
        #expect(UIKitSpelling.colorHint("rgba(0, 0, 255, 0.5)") == "write it as ui.rgb(0, 0, 255, 0.5) or '#0000FF80'")
        #expect(UIKitSpelling.colorHint("[UIColor colorWithRed:1 green:1 blue:0 alpha:1]") == "write it as ui.rgb(255, 255, 0, 1) or '#FFFF00'")
        #expect(UIKitSpelling.colorHint("UIColor(white: 0.5, alpha: 1)") == "write it as ui.rgb(128, 128, 128, 1) or '#808080'")
        #expect(UIKitSpelling.colorHint("rgb(300, 0, 0)") == nil)
        #expect(UIKitSpelling.colorHint("tomato") == nil)
        // The error carries it, and the state and colour parsers use it.
        #expect(throws: ButtonKitError.unknownNameHint(kind: "color", name: "rgb(255, 0, 0)", hint: "write it as ui.rgb(255, 0, 0) or '#FF0000'")) {
            try ColorValue(parsing: "rgb(255, 0, 0)")
        }
        #expect(throws: ButtonKitError.unknownNameHint(kind: "state", name: "UIControlStateHighlighted",
                                                       hint: "did you mean 'highlighted'? (ButtonKit's name for it)")) {
            try ControlState(parsing: "UIControlStateHighlighted")
        }
    }

    /// CPU seconds this thread has used: what the work costs, however
    /// busy the machine is (a wall clock counts the other processes too).
    static func threadCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    @Test func aHugeWordIsAnsweredAtOnce() {
        let word = String(repeating: "x", count: 1_000_000)
        let start = Self.threadCPUSeconds()
        #expect(Suggest.closest(to: word, in: Self.names) == nil)
        #expect(Suggest.closest(to: "title" + String(repeating: "e", count: 100_000), in: Self.names) == nil)
        let used = Self.threadCPUSeconds() - start
        #expect(used < 2, "took \(used) s of CPU")
    }
}

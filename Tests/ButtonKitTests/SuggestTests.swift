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
        #expect(ColorValue.uikitSpelling("UIColor.systemBlue") == "systemBlue")
        #expect(ColorValue.uikitSpelling("secondaryLabelColor") == "secondaryLabel")
        #expect(ColorValue.uikitSpelling("redColor") == "red")
        #expect(ColorValue.uikitSpelling("tint") == "tintColor")
        #expect(ColorValue.uikitSpelling("nothing") == nil)
    }

    @Test func aHugeWordIsAnsweredAtOnce() {
        let word = String(repeating: "x", count: 1_000_000)
        let start = Date()
        #expect(Suggest.closest(to: word, in: Self.names) == nil)
        #expect(Suggest.closest(to: "title" + String(repeating: "e", count: 100_000), in: Self.names) == nil)
        #expect(Date().timeIntervalSince(start) < 2, "took \(Date().timeIntervalSince(start)) s")
    }
}

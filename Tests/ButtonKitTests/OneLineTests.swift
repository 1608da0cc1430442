import ButtonKit
import Testing

/// `Format.oneLine`: names a script chose, on one line of a report. Text
/// with nothing to escape comes back as it is (the fast path); anything
/// that could start a line break or a control character goes the long way.
@Suite("One-line names in reports")
struct OneLineTests {
    @Test func controlsAndLineBreaksAreEscaped() {
        #expect(Format.oneLine("a\nb\rc\td") == "a\\nb\\rc\\td")
        #expect(Format.oneLine("esc\u{1B}del\u{7F}") == "esc\\u{1B}del\\u{7F}")
        #expect(Format.oneLine("nel\u{85}ls\u{2028}ps\u{2029}") == "nel\\u{85}ls\\u{2028}ps\\u{2029}")
    }

    @Test func textWithNothingToEscapeIsUnchanged() {
        let long = String(repeating: "x", count: 1 << 20)
        #expect(Format.oneLine(long) == long)
        // Lead bytes shared with the escaped scalars (C2: £, E2: €, ‐) are
        // not escapes themselves.
        #expect(Format.oneLine("£5 €5 ‐ 价格 é ♡") == "£5 €5 ‐ 价格 é ♡")
        #expect(Format.oneLine("") == "")
    }
}

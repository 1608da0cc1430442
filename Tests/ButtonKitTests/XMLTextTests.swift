@testable import ButtonKit
import Testing

/// One escaping rule for every XML writer: the audit's JUnit report, written
/// apart from the others, kept U+FFFE/U+FFFF (invalid XML) until it used it.
struct XMLTextTests {
    @Test func reservedCharactersAreEscapedAndForbiddenOnesDropped() {
        #expect(XMLText.escape("a<b>&\"'") == "a&lt;b&gt;&amp;&quot;&apos;")
        #expect(XMLText.escape("x\u{FFFF}y\u{FFFE}z\u{1}\r") == "xyz")
        #expect(XMLText.escape("tab\tline\n") == "tab\tline\n")
        #expect(XMLText.escape("价格 ♡ 😀") == "价格 ♡ 😀")
    }

    @Test func theAuditsJUnitReportUsesTheSameRule() {
        #expect(AuditJUnitFormat.escape("Pay\u{FFFF}<now>") == "Pay&lt;now&gt;")
    }
}

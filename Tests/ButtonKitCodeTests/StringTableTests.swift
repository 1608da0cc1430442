import Testing
@testable import ButtonKitCode

/// `.strings` tables read as bytes (the parser walked `Character`s before,
/// half of a warm load of focus-ios's 633 tables), and other languages'
/// tables read only for a key the development language lacks.
@Suite("The app's string tables")
struct StringTableTests {
    @Test("keys, values, escapes, comments, UTF-16 and a byte order mark")
    func parse() {
        let text = """
            /* A comment with "quotes" = "no"; */
            "plain" = "Pay";
            // a line comment
            "escaped" = "Say \\"hi\\"\\nnow\\t!";
            "non-ASCII.é" = "Café ☕️";
            "spaced"   =   "a b" ;
            """
        let t = StringTables.strings(Array(text.utf8))
        #expect(t == ["plain": "Pay", "escaped": "Say \"hi\"\nnow\t!", "non-ASCII.é": "Café ☕️", "spaced": "a b"])
        #expect(StringTables.strings([0xEF, 0xBB, 0xBF] + Array("\"k\" = \"v\";".utf8)) == ["k": "v"])
        var le: [UInt8] = [0xFF, 0xFE]
        for u in "\"k\" = \"ü\";".utf16 { le += [UInt8(u & 0xFF), UInt8(u >> 8)] }
        #expect(StringTables.strings(le) == ["k": "ü"])
        var be: [UInt8] = [0xFE, 0xFF]
        for u in "\"k\" = \"ü\";".utf16 { be += [UInt8(u >> 8), UInt8(u & 0xFF)] }
        #expect(StringTables.strings(be) == ["k": "ü"])
        // Cut off: what was read before stays.
        #expect(StringTables.strings(Array("\"a\" = \"1\";\n\"b\" = ".utf8)) == ["a": "1"])
    }

    @Test("other languages are read once, on the first key the development language lacks")
    func othersLazily() {
        let index = CodeIndex([])
        index.strings = ["buy": "Buy"]
        var reads = 0
        index.otherStrings = { reads += 1; return ["buy": "Kaufen", "only.de": "Nur hier"] }
        #expect(index.string("buy") == "Buy")
        #expect(reads == 0)
        #expect(index.string("only.de") == "Nur hier")
        #expect(index.string("missing") == nil)
        #expect(reads == 1)
    }
}

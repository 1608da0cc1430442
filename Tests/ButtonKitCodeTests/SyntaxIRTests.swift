import Testing
@testable import ButtonKitSwiftIR

@Suite("Syntax IR format")
struct SyntaxIRTests {
    static let sample = SyntaxNode(.file, line: 1, column: 1, children: [
        SyntaxNode(.classDecl, "Checkout", line: 3, column: 1, children: [
            SyntaxNode(.inherits, "UIViewController", line: 3, column: 20),
            SyntaxNode(.variable, "pay", flags: [.isLazy], line: 4, column: 14, children: [
                SyntaxNode(.stringLiteral, "Pay ✓", line: 4, column: 20),
            ]),
        ]),
        SyntaxNode(.syntaxError, "expected '}'", line: 9, column: 2),
    ])

    @Test("a tree survives encoding and decoding exactly")
    func roundTrip() throws {
        let bytes = SyntaxIR.encode(SyntaxIRTests.sample)
        let back = try SyntaxIR.decode(bytes)
        #expect(back.dump() == SyntaxIRTests.sample.dump())
        #expect(back.children[0].children[1].has(.isLazy))
    }

    @Test("repeated strings are stored once")
    func stringTable() {
        let many = SyntaxNode(.file, children: Array(repeating: SyntaxNode(.identifier, "someLongIdentifierName"), count: 100))
        let bytes = SyntaxIR.encode(many)
        #expect(bytes.count < 100 * 6 + 60)
    }

    @Test("garbage, truncation and lies about sizes are errors, never crashes")
    func garbage() {
        let good = SyntaxIR.encode(SyntaxIRTests.sample)
        #expect(throws: IRError.self) { try SyntaxIR.decode([]) }
        #expect(throws: IRError.self) { try SyntaxIR.decode(Array("BKIR".utf8) + [99]) }
        for cut in stride(from: 0, to: good.count - 1, by: 3) {
            #expect(throws: IRError.self) { try SyntaxIR.decode(Array(good.prefix(cut))) }
        }
        // A child count far beyond what the bytes can hold.
        var lie = Array("BKIR".utf8) + [SyntaxIR.version, 0, 0, 0, 1, 1, 0]
        lie += [0xFF, 0xFF, 0xFF, 0xFF, 0x07]
        #expect(throws: IRError.self) { try SyntaxIR.decode(lie) }
        // A string count far beyond the bytes: reserving for Int32.max
        // strings asked for 32 GB and ended the process (found when the
        // random bytes below once began that way).
        let strings = Array("BKIR".utf8) + [SyntaxIR.version, 0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0, 0]
        #expect(throws: IRError.self) { try SyntaxIR.decode(strings) }
        // Random bytes after a valid header.
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let noise = (0..<Int.random(in: 0..<64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            _ = try? SyntaxIR.decode(Array("BKIR".utf8) + [SyntaxIR.version] + noise)
        }
    }

    @Test("nesting beyond the bound is refused")
    func deep() {
        var n = SyntaxNode(.identifier, "x")
        for _ in 0..<(SyntaxIR.maxDepth + 5) { n = SyntaxNode(.prefix, "-", children: [n]) }
        #expect(throws: IRError.self) { try SyntaxIR.decode(SyntaxIR.encode(n)) }
    }
}

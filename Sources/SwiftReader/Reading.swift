import ButtonKitSwiftIR
import SwiftParser
import SwiftSyntax

/// One file's bytes into its encoded IR: the reader's whole job, a pure
/// function (no file, no clock, no environment).
enum Reading {
    static func ir(_ bytes: [UInt8]) -> [UInt8] {
        SyntaxIR.encode(tree(bytes))
    }

    static func tree(_ bytes: [UInt8]) -> SyntaxNode {
        // The parser reads bytes; text that is not UTF-8 is refused here
        // with where it stops being UTF-8, not parsed as replacement characters.
        if let bad = firstInvalidUTF8(bytes) {
            let (line, column) = position(of: bad, in: bytes)
            return SyntaxNode(.file, "", line: 1, column: 1,
                              children: [SyntaxNode(.syntaxError, "not UTF-8 text (byte \(bad + 1) is not valid UTF-8); the file is not read",
                                                    line: line, column: column)])
        }
        if bytes.contains(0) {
            let i = bytes.firstIndex(of: 0) ?? 0
            let (line, column) = position(of: i, in: bytes)
            return SyntaxNode(.file, "", line: 1, column: 1,
                              children: [SyntaxNode(.syntaxError, "a NUL byte: a binary file, not Swift source; the file is not read",
                                                    line: line, column: column)])
        }
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        return Converter(tree: tree).file(tree)
    }

    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var i = 0
        var it = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&it) {
            case .scalarValue(let s): offset += UTF8.width(s); i = offset
            case .emptyInput: return nil
            case .error: return i
            }
        }
    }

    static func position(of index: Int, in bytes: [UInt8]) -> (Int32, Int32) {
        var line: Int32 = 1, column: Int32 = 1
        for b in bytes.prefix(index) {
            if b == 10 { line += 1; column = 1 } else { column += 1 }
        }
        return (line, column)
    }
}

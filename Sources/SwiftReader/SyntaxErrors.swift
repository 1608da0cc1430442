import ButtonKitSwiftIR
import SwiftDiagnostics
import SwiftParserDiagnostics
import SwiftSyntax

/// The parser's own diagnostics for a tree with errors, as `syntaxError`
/// nodes (the parser recovers: the rest of the file is still read).
enum SyntaxErrors {
    /// At most this many are listed per file.
    static let max = 50

    static func list(_ tree: SourceFileSyntax, converter: SourceLocationConverter) -> [SyntaxNode] {
        var out: [SyntaxNode] = []
        for d in ParseDiagnosticsGenerator.diagnostics(for: tree) where d.diagMessage.severity == .error {
            let loc = d.location(converter: converter)
            out.append(SyntaxNode(.syntaxError, d.message, line: Int32(clamping: loc.line), column: Int32(clamping: loc.column)))
            if out.count >= max { break }
        }
        return out
    }
}

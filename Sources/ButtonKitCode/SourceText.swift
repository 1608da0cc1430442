import ButtonKitSwiftIR

/// An expression of the IR written back as Swift (close to the source, for
/// `doc.unresolved` and `scan`'s list of what was not evaluated).
enum SourceText {
    static let maxLength = 120

    static func of(_ n: SyntaxNode) -> String {
        var s = render(n, depth: 0)
        if s.count > maxLength { s = String(s.prefix(maxLength)) + "…" }
        return s
    }

    static func render(_ n: SyntaxNode, depth: Int) -> String {
        if depth > 30 { return "…" }
        func r(_ c: SyntaxNode) -> String { render(c, depth: depth + 1) }
        func args(_ list: ArraySlice<SyntaxNode>) -> String {
            let plain = list.filter { !$0.has(.isTrailing) }
            let trailing = list.filter { $0.has(.isTrailing) }
            var s = "(" + plain.map { a in (a.text.isEmpty ? "" : a.text + ": ") + (a.children.first.map(r) ?? "") }.joined(separator: ", ") + ")"
            if !trailing.isEmpty { s += " { … }" }
            if plain.isEmpty && !trailing.isEmpty { s = " { … }" }
            return s
        }
        switch n.kind {
        case .stringLiteral:
            if !n.has(.isInterpolated) { return "\"\(n.text)\"" }
            return "\"" + n.children.map { $0.kind == .stringSegment ? $0.text : "\\(" + r($0) + ")" }.joined() + "\""
        case .intLiteral, .floatLiteral, .boolLiteral, .nilLiteral, .identifier, .other, .keyPath: return n.text
        case .memberAccess:
            guard let b = n.children.first else { return "." + n.text }
            return r(b) + (n.has(.isOptionalChain) ? "?." : ".") + n.text
        case .call:
            guard let callee = n.children.first else { return "()" }
            return r(callee) + args(n.children.dropFirst())
        case .macro: return "#" + n.text + args(n.children[...])
        case .closure: return "{ … }"
        case .arrayLiteral: return "[" + n.children.map(r).joined(separator: ", ") + "]"
        case .dictionaryLiteral: return "[" + n.children.map { $0.children.map(r).joined(separator: ": ") }.joined(separator: ", ") + "]"
        case .ternary where n.children.count == 3: return "\(r(n.children[0])) ? \(r(n.children[1])) : \(r(n.children[2]))"
        case .binary where n.children.count == 2: return "\(r(n.children[0])) \(n.text) \(r(n.children[1]))"
        case .assign where n.children.count == 2: return "\(r(n.children[0])) \(n.text) \(r(n.children[1]))"
        case .prefix: return n.text + (n.children.first.map(r) ?? "")
        case .cast: return (n.children.first.map(r) ?? "") + " as " + n.text
        case .tuple: return args(n.children[...])
        case .ifStmt: return "if " + n.all(.condition).map(\.text).joined(separator: ", ") + " { … }"
        case .switchStmt: return "switch " + (n.children.first.map(r) ?? "") + " { … }"
        case .forStmt: return "for \(n.text) in " + (n.children.first.map(r) ?? "") + " { … }"
        case .otherStmt: return n.text
        default: return "\(n.kind)"
        }
    }
}

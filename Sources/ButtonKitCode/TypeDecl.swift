import ButtonKitSwiftIR

/// A type of the app with every member its declaration and its extensions
/// give, each with the file it is written in.
struct TypeDecl {
    let name: String
    var kind: NodeKind
    var inherits: [String]
    var members: [(node: SyntaxNode, path: String)]
    /// Where it is declared (the first declaration or extension seen).
    var path: String
    var line: Int
    var column: Int
    /// Whether a declaration (not only extensions) was seen.
    var declared: Bool
}

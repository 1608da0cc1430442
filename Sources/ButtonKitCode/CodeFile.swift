import ButtonKitSwiftIR

/// One Swift file read: its path as the load named it and its syntax IR.
struct CodeFile {
    let path: String
    let root: SyntaxNode
}

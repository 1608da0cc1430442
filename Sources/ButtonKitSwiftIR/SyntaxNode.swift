/// One node of the syntax IR: what it is, where it starts (1-based line and
/// column, in UTF-8 bytes as the Swift parser counts them), a text whose
/// meaning depends on the kind, and its children in source order.
///
/// One shape for every node keeps the format, the encoder and the decoder
/// small, and lets a consumer skip what it does not know (SwiftUI's
/// modifiers are calls on member accesses, a view's body a computed
/// property's getter: no new node kinds needed).
public struct SyntaxNode: Sendable {
    public var kind: NodeKind
    public var flags: NodeFlags
    public var line: Int32
    public var column: Int32
    public var text: String
    public var children: [SyntaxNode]

    public init(_ kind: NodeKind, _ text: String = "", flags: NodeFlags = [], line: Int32 = 0, column: Int32 = 0,
                children: [SyntaxNode] = []) {
        self.kind = kind; self.text = text; self.flags = flags; self.line = line; self.column = column
        self.children = children
    }

    /// The first child of `kind`.
    public func first(_ kind: NodeKind) -> SyntaxNode? { children.first { $0.kind == kind } }

    /// Every child of `kind`, in order.
    public func all(_ kind: NodeKind) -> [SyntaxNode] { children.filter { $0.kind == kind } }

    /// Whether `flag` is set.
    public func has(_ flag: NodeFlags) -> Bool { flags.contains(flag) }
}

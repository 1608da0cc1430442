/// Something about a button that the app's code says and ButtonKit could
/// not evaluate (a theme object, a computed colour, a loop), or a syntax
/// error of a Swift file: the contract's `doc.unresolved` entries. The
/// control keeps everything else; nothing is guessed or dropped silently.
public struct SourceIssue: Sendable, Hashable {
    /// The Swift file, as the load named it.
    public let path: String
    /// 1-based line and column (UTF-8 bytes, as the Swift parser counts).
    public let line: Int
    public let column: Int
    /// The expression or statement as written (shortened); "" for a syntax error.
    public let expression: String
    /// Why it was not evaluated.
    public let reason: String

    public init(path: String, line: Int, column: Int, expression: String, reason: String) {
        self.path = path; self.line = line; self.column = column; self.expression = expression; self.reason = reason
    }
}

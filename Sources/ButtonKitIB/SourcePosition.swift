/// Where in the app's files a control comes from: the file, and the 1-based
/// line and column where code creates it or declares its outlet (or the
/// storyboard's `<button>` element).
public struct SourcePosition: Sendable, Hashable {
    public let path: String
    public let line: Int
    public let column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path; self.line = line; self.column = column
    }

    /// `path:line`, the form pictures and problems are named with.
    public var short: String { "\(path):\(line)" }
}

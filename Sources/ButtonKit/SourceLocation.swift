/// Where a control is defined in the app's own files: the element of a
/// storyboard or XIB, or (for code) the line that creates it. Kept in the
/// core so the audit's reports (SARIF, JUnit, baselines) can point at the
/// place whatever reader made the control.
public struct SourceLocation: Sendable, Hashable {
    /// The file's path, as it was given to the loader.
    public let path: String
    /// 1-based line.
    public let line: Int
    /// 1-based column (in bytes), 1 when not known.
    public let column: Int

    public init(path: String, line: Int, column: Int = 1) {
        self.path = path; self.line = line; self.column = column
    }
}

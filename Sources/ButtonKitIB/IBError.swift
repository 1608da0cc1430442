/// A file that cannot be read: which file, where in it (1-based line and
/// column; 0 when the problem is the file as a whole, such as its size), and
/// what was wrong. One error type for every Interface Builder and asset
/// catalog problem, so a front end prints them all the same way.
public struct IBError: Error, Sendable, CustomStringConvertible, Equatable {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String

    /// An error at `line`:`column` of `file`.
    public init(file: String, line: Int = 0, column: Int = 0, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// `file:line:column: message`, the form compilers and editors jump to
    /// (`file: message` when no position applies).
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}

/// Reading an app's code failed as a whole (no reader installed, the reader
/// crashed or ran out of time): one sentence that says what to do.
/// Problems inside files are never this: they are `doc.unresolved`.
public struct CodeError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Bytes that are not a well-formed IR message: the reader's output was cut
/// off or garbled (a crash, a wrong binary). Never trusted past the error.
public struct IRError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

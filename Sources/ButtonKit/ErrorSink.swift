/// Collects the first error thrown by handlers while a touch sequence runs to
/// completion. UIKit-like semantics need both: the control must not be left
/// half-updated (so later steps still run) and the caller must still learn
/// that a handler failed (so the first error is rethrown at the end).
public struct ErrorSink {
    public private(set) var first: (any Error)?
    /// An empty sink: no error captured yet.
    public init() {}

    public mutating func capture(_ body: () throws -> Void) {
        do { try body() } catch { if first == nil { first = error } }
    }

    public mutating func record(_ error: any Error) { if first == nil { first = error } }

    /// Throws the first captured error, if any.
    public func check() throws { if let e = first { throw e } }
}

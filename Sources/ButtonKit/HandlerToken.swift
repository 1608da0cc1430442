/// Identifies a registered handler so it can be removed with `off`.
public struct HandlerToken: Hashable, Sendable {
    public let rawValue: Int
    /// Wraps the number `on` handed out.
    public init(rawValue: Int) { self.rawValue = rawValue }
}

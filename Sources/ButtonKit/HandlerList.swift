/// Registered handlers in registration order, each with the token `off`
/// takes. Buttons, radio groups and sort bars keep theirs in one of these,
/// so registering, removing and "a handler removed mid-send does not run"
/// mean the same everywhere.
public struct HandlerList<Handler> {
    /// One registration: its token and the handler.
    public struct Entry {
        public let token: Int
        public let handler: Handler
    }

    public private(set) var entries: [Entry] = []
    private var nextToken = 1

    /// An empty list.
    public init() {}

    /// Appends a handler; returns the token that removes it.
    public mutating func add(_ handler: Handler) -> HandlerToken {
        let t = nextToken
        nextToken += 1
        entries.append(Entry(token: t, handler: handler))
        return HandlerToken(rawValue: t)
    }

    /// Removes a handler; false when the token was not registered.
    @discardableResult
    public mutating func remove(_ token: HandlerToken) -> Bool {
        guard let i = entries.firstIndex(where: { $0.token == token.rawValue }) else { return false }
        entries.remove(at: i)
        return true
    }

    public mutating func removeAll() { entries.removeAll() }

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether `token` is still registered (a handler removed by an earlier
    /// handler of the same send does not run).
    public func contains(_ token: Int) -> Bool { entries.contains { $0.token == token } }

    /// Runs `body` for each handler registered when the call began and still
    /// registered when its turn comes (a handler may remove others); errors
    /// go to `sink`, so every handler runs and the first error is kept.
    ///
    /// `current` reads the owner's live list each time: the list is a value
    /// inside its owner, which handlers may change while this runs.
    public static func run(_ current: () -> HandlerList, sink: inout ErrorSink, _ body: (Handler) throws -> Void) {
        let snapshot = current().entries
        for e in snapshot {
            if snapshot.count > 1, !current().contains(e.token) { continue }
            sink.capture { try body(e.handler) }
        }
    }
}

/// Handlers and sends: matching by bit intersection, once per send, in
/// registration order, with the events of one send traced in bit order.
extension Button {
    /// Registers `handler` for every event whose bit intersects `events`.
    @discardableResult
    public func on(_ events: ControlEvent, _ handler: @escaping Handler) -> HandlerToken {
        let t = nextToken
        nextToken += 1
        registrations.append(Registration(token: t, events: events, handler: handler))
        return HandlerToken(rawValue: t)
    }

    /// Removes a handler; returns false when the token was not registered.
    @discardableResult
    public func off(_ token: HandlerToken) -> Bool {
        guard let i = registrations.firstIndex(where: { $0.token == token.rawValue }) else { return false }
        registrations.remove(at: i)
        return true
    }

    /// Removes every handler (a bridge calls this when it drops a control).
    public func removeAllHandlers() { registrations.removeAll() }

    /// The number of registered handlers.
    public var handlerCount: Int { registrations.count }

    /// Sends events programmatically like `sendActions(for:)`: handlers run
    /// even when the button is disabled, and no state changes.
    public func sendActions(_ events: ControlEvent) throws {
        var sink = ErrorSink()
        for single in events.members { send(single, sink: &sink) }
        try sink.check()
    }

    /// One send: trace the events in bit order, then run each matching
    /// handler once. Handler errors are captured so the caller can finish
    /// its sequence before rethrowing.
    func send(_ events: ControlEvent, sink: inout ErrorSink) {
        if trace.limit > 0 {
            var bits = events.rawValue
            while bits != 0 {
                let i = UInt8(bits.trailingZeroBitCount)
                trace.record(.event(i))
                bits &= bits - 1
            }
        }
        if registrations.isEmpty { return }
        let snapshot = registrations
        for r in snapshot {
            let hit = r.events.rawValue & events.rawValue
            guard hit != 0 else { continue }
            // A handler removed by an earlier handler of this send does not run.
            if snapshot.count > 1, !registrations.contains(where: { $0.token == r.token }) { continue }
            let first = ControlEvent(rawValue: hit & (~hit &+ 1))
            sink.capture { try r.handler(self, first) }
        }
    }
}

/// Handlers and sends: matching by bit intersection, once per send, in
/// registration order, with the events of one send traced in bit order.
extension Button {
    /// Registers `handler` for every event whose bit intersects `events`.
    @discardableResult
    public func on(_ events: ControlEvent, _ handler: @escaping Handler) -> HandlerToken {
        handlers.add(Registration(events: events, handler: handler))
    }

    /// Removes a handler; returns false when the token was not registered.
    @discardableResult
    public func off(_ token: HandlerToken) -> Bool { handlers.remove(token) }

    /// Removes every handler (a bridge calls this when it drops a control).
    public func removeAllHandlers() { handlers.removeAll() }

    /// The number of registered handlers.
    public var handlerCount: Int { handlers.count }

    /// Sends events programmatically like `sendActions(for:)`: handlers run
    /// even when the button is disabled, and no state changes.
    public func sendActions(_ events: ControlEvent) throws {
        guard !refusesChangeInPreview("send actions") else { return }
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
        if handlers.isEmpty { return }
        HandlerList.run({ handlers }, sink: &sink) { r in
            let hit = r.events.rawValue & events.rawValue
            guard hit != 0 else { return }
            try r.handler(self, ControlEvent(rawValue: hit & (~hit &+ 1)))
        }
    }
}

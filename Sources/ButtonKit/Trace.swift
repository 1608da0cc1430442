/// A bounded ring buffer of trace entries: the newest `limit` entries are
/// kept, older ones dropped, so a long-running script cannot grow it without
/// bound. A limit of 0 turns tracing off.
public struct Trace: Sendable {
    private var buffer: [TraceEntry] = []
    private var head = 0  // index of the oldest entry once the buffer is full
    public private(set) var limit: Int

    /// An empty trace keeping at most `limit` entries (0 turns tracing off).
    public init(limit: Int = 10_000) { self.limit = max(0, limit) }

    @inline(__always)
    mutating func record(_ e: TraceEntry) {
        if limit == 0 { return }
        if buffer.count < limit {
            buffer.append(e)
        } else {
            buffer[head] = e
            head += 1
            if head == limit { head = 0 }
        }
    }

    /// Entries oldest first.
    public var entries: [TraceEntry] {
        if head == 0 { return buffer }
        return Array(buffer[head...]) + Array(buffer[..<head])
    }

    /// Entries formatted as scripts read them.
    public var lines: [String] { entries.map(\.description) }

    public var count: Int { buffer.count }

    /// Bytes the kept entries occupy (what a memory ceiling should count).
    public var capacityBytes: Int { buffer.capacity * MemoryLayout<TraceEntry>.stride }

    public mutating func clear() { buffer.removeAll(keepingCapacity: true); head = 0 }

    /// Changes the limit, keeping the newest entries that still fit.
    public mutating func setLimit(_ n: Int) {
        let all = entries
        limit = max(0, n)
        buffer = Array(all.suffix(limit))
        head = 0
    }
}

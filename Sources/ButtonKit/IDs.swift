import Synchronization

/// Process-wide id counters for controls made without an explicit id.
/// Bridges that want reproducible per-script ids pass their own.
enum IDs {
    private static let counter = Atomic<Int>(0)
    static func next(_ prefix: String) -> String {
        let n = counter.add(1, ordering: .relaxed).newValue
        return prefix + String(n)
    }
}

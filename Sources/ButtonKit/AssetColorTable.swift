import Synchronization

/// The colours behind `AssetColorRef`s. Append-only: a handle stays valid
/// for the life of the process. Guarded by a lock, as documents may be
/// loaded on several threads (each model object is used by one).
enum AssetColorTable {
    private struct State {
        var colors: [AssetColor] = []
        var index: [AssetColor: UInt32] = [:]
    }
    private static let state = Mutex(State())

    static func intern(_ c: AssetColor) -> UInt32 {
        state.withLock { s in
            if let i = s.index[c] { return i }
            let i = UInt32(truncatingIfNeeded: s.colors.count)
            s.colors.append(c)
            s.index[c] = i
            return i
        }
    }

    static func with<T: Sendable>(_ i: UInt32, _ body: (AssetColor) -> T) -> T {
        state.withLock { s in
            let k = Int(i)
            return body(k < s.colors.count ? s.colors[k] : AssetColor(name: "?", variants: []))
        }
    }
}

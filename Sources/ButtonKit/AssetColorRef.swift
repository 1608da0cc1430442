import Synchronization

/// An asset colour as a dynamic colour holds it: a number into one
/// process-wide table of the colours ever loaded (each distinct colour set
/// once). A handle, not the colour itself, so `DynamicColor` and every
/// colour value stay plain bytes that copy without reference counting: the
/// appearance read path copies traits and colours many times, and asset
/// colours must not make every other colour slower.
public struct AssetColorRef: Hashable, Sendable, CustomStringConvertible {
    let index: UInt32

    /// The handle of `color`, the same for equal colours.
    public init(_ color: AssetColor) { index = AssetColorTable.intern(color) }

    /// The colour set the handle stands for.
    public var color: AssetColor { AssetColorTable.with(index) { $0 } }
    /// The set's name.
    public var name: String { AssetColorTable.with(index) { $0.name } }

    /// The value in `traits` (see `AssetColor.resolve`).
    public func resolve(_ traits: Traits) -> Color { AssetColorTable.with(index) { $0.resolve(traits) } }

    /// The name, as scripts wrote it.
    public var description: String { name }
}

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

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

/// Yes/no facts about a node, one bit each (which apply depends on the
/// kind; see `NodeKind`).
public struct NodeFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A `let` (a variable), or `static`/`class` on a member.
    public static let isLet = NodeFlags(rawValue: 1 << 0)
    public static let isStatic = NodeFlags(rawValue: 1 << 1)
    public static let isLazy = NodeFlags(rawValue: 1 << 2)
    public static let isOverride = NodeFlags(rawValue: 1 << 3)
    /// A string literal with `\(...)` in it.
    public static let isInterpolated = NodeFlags(rawValue: 1 << 4)
    /// A member access whose base is `x?` (`titleLabel?.font`).
    public static let isOptionalChain = NodeFlags(rawValue: 1 << 5)
    /// A trailing closure argument.
    public static let isTrailing = NodeFlags(rawValue: 1 << 6)
    /// `#available`/`#unavailable` conditions.
    public static let isAvailability = NodeFlags(rawValue: 1 << 7)
}

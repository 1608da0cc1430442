/// A JSON-shaped value: what a store keeps and what a button's `info`
/// carries. Integers and floats stay distinct so Lua integers round-trip.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// A number from a file kept exactly as written, because no Int or
    /// Double holds its value (123456789012345678901234567890, or more
    /// digits than a Double keeps): a store never rewrites it with loss.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short human form for messages: strings quoted, others as JSON.
    public var display: String {
        if case .string(let s) = self { return "'\(s)'" }
        return JSON.serialize(self)
    }
}

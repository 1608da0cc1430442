/// A JSON-shaped value: what a store keeps and what a button's `info`
/// carries. Integers and floats stay distinct so Lua integers round-trip.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// A short human form for messages: strings quoted, others as JSON.
    public var display: String {
        if case .string(let s) = self { return "'\(s)'" }
        return JSON.serialize(self)
    }
}

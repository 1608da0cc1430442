/// The value a radio member carries (seed 004's `additionInfo`): a string,
/// an integer or a boolean, so it can be compared exactly and saved as JSON.
public enum RadioValue: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case bool(Bool)

    /// Strings compare by their bytes, as Lua compares them: a composed é
    /// and an e with a combining accent are two values, as they are two
    /// strings to the script that chose them (Swift's `==` would call them
    /// one; see `Spelling`).
    public static func == (a: RadioValue, b: RadioValue) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): return Spelling.same(x, y)
        case let (.int(x), .int(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        default: return false
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case .string(let s): h.combine(0); for b in s.utf8 { h.combine(b) }
        case .int(let i): h.combine(1); h.combine(i)
        case .bool(let b): h.combine(2); h.combine(b)
        }
    }

    /// Strings quoted, so `''` (the seed's "any time" option) is visible.
    public var description: String {
        switch self {
        case .string(let s): return "'\(s)'"
        case .int(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        }
    }

    /// The type's name as Lua calls it, for messages.
    public var typeName: String {
        switch self {
        case .string: return "string"
        case .int: return "integer"
        case .bool: return "boolean"
        }
    }

    /// The value written without quotes (`15` for both `'15'` and 15).
    var text: String {
        switch self {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        }
    }

    public var json: JSONValue {
        switch self {
        case .string(let s): return .string(s)
        case .int(let i): return .int(i)
        case .bool(let b): return .bool(b)
        }
    }

    /// Converts a JSON value (a button's info, a stored value); an integral
    /// float counts as an integer. Anything else is not a radio value.
    public init?(_ v: JSONValue) {
        switch v {
        case .string(let s): self = .string(s)
        case .int(let i): self = .int(i)
        case .bool(let b): self = .bool(b)
        case .double(let d) where d == d.rounded() && abs(d) < 9e15: self = .int(Int(d))
        default: return nil
        }
    }
}

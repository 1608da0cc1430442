/// A value records are sorted by: a number or a string, compared as Lua's
/// `<` does (numbers numerically, strings bytewise).
public enum SortKey: Hashable, Sendable {
    case number(Double)
    case string(String)

    /// Which of the two comparable kinds a key is, for error messages.
    public enum Kind: String, Sendable { case number, string }

    public var kind: Kind {
        if case .number = self { return .number }
        return .string
    }

    /// Lua's `<`: numbers numerically, strings bytewise; mixing them is an error.
    public func less(than other: SortKey) throws(ButtonKitError) -> Bool {
        switch (self, other) {
        case let (.number(a), .number(b)): return a < b
        case let (.string(a), .string(b)): return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
        default: throw .incomparable(index: 0, detail: "attempt to compare \(kind.rawValue) with \(other.kind.rawValue)")
        }
    }
}

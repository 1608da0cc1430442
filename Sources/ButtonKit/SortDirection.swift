/// A sort button's direction; `none` means the button is not selected.
public enum SortDirection: String, CaseIterable, Sendable, Codable {
    case none, ascending, descending

    /// The direction a toggle moves to.
    public var flipped: SortDirection {
        switch self {
        case .none: return .none
        case .ascending: return .descending
        case .descending: return .ascending
        }
    }

    /// Parses `none`, `ascending`/`asc`, `descending`/`desc` (any case).
    public init(parsing text: String) throws(ButtonKitError) {
        let t = text.lowercased()
        let aliases: [String: SortDirection] = ["asc": .ascending, "desc": .descending]
        if let d = SortDirection(rawValue: t) ?? aliases[t] { self = d; return }
        throw .notOneOf(kind: "direction", name: text, choices: SortDirection.allCases.map(\.rawValue))
    }
}

/// How repeated selection moves a sort button's direction.
public enum SortCycle: String, CaseIterable, Sendable {
    /// initial → other → initial → ... (the seed's behaviour)
    case toggle
    /// none → initial → other → none
    case tristate

    /// Parses `"toggle"` or `"tristate"` (any case), with a suggestion on typos.
    public init(parsing text: String) throws(ButtonKitError) {
        guard let c = SortCycle(rawValue: text.lowercased()) else {
            throw .notOneOf(kind: "cycle", name: text, choices: SortCycle.allCases.map(\.rawValue))
        }
        self = c
    }
}

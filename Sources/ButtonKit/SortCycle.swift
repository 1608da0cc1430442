/// How repeated selection moves a sort button's direction.
public enum SortCycle: String, CaseIterable, NamedChoice, Sendable {
    /// initial → other → initial → ... (the seed's behaviour)
    case toggle
    /// none → initial → other → none
    case tristate

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "cycle"
}

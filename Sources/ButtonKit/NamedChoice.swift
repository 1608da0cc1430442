/// A value picked by name from a short fixed list: button sizes, corner
/// styles, image placements, configuration styles, types, cycles, weights,
/// audit checks. Scripts and the command line write them as strings, in any
/// case; a name outside the list is refused with the near miss, or with the
/// whole list when nothing is close (a newcomer typing `round` for a corner
/// style learns `capsule` exists). Written once here for every such list.
public protocol NamedChoice: CaseIterable, RawRepresentable, Sendable where RawValue == String {
    /// What a value is called in messages: `"corner style"`.
    static var choiceKind: String { get }
}

extension NamedChoice {
    /// Parses a name (any case), with a suggestion on typos or the list.
    public init(parsing text: String) throws(ButtonKitError) {
        let lower = text.lowercased()
        guard let v = Self.allCases.first(where: { $0.rawValue.lowercased() == lower }) else {
            throw .notOneOf(kind: Self.choiceKind, name: text, choices: Self.allCases.map(\.rawValue))
        }
        self = v
    }
}

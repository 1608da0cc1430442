/// A control's state as UIKit's `UIControl.State` bitmask.
///
/// Per-state styles are keyed by the *full* bitmask, exactly as UIKit stores
/// them, so `[.selected, .highlighted]` is its own key and never silently
/// shares `.selected`'s values (see `Resolver`).
public struct ControlState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    /// UIKit's raw bits; parsing initializers validate, this one does not.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let normal: ControlState = []
    public static let highlighted = ControlState(rawValue: 1)
    public static let disabled = ControlState(rawValue: 2)
    public static let selected = ControlState(rawValue: 4)
    public static let focused = ControlState(rawValue: 8)

    /// Every bit the model knows; anything else is rejected when parsing.
    public static let all = ControlState(rawValue: 15)

    /// Flag names in bit order, the order used by the canonical description.
    public static let flagNames: [(name: String, state: ControlState)] = [
        ("highlighted", .highlighted), ("disabled", .disabled),
        ("selected", .selected), ("focused", .focused),
    ]

    /// The canonical form scripts read back: flags in bit order joined by `|`,
    /// or `"normal"` when no flag is set.
    public var description: String {
        if isEmpty { return "normal" }
        var parts: [String] = []
        for (name, flag) in ControlState.flagNames where contains(flag) { parts.append(name) }
        return parts.joined(separator: "|")
    }

    /// Parses a state name or combination: `"selected|highlighted"`,
    /// `"selected,highlighted"`, `"selected+highlighted"`, `"normal"`.
    /// Names are case-insensitive; spaces around names are ignored.
    public init(parsing text: String) throws(ButtonKitError) {
        var result: ControlState = []
        let parts = text.split(whereSeparator: { $0 == "|" || $0 == "," || $0 == "+" })
        if parts.isEmpty { throw .invalidValue(what: "state", value: text, expected: "a state name such as 'selected' or 'selected|highlighted'") }
        for raw in parts {
            let name = raw.trimmingSpaces().lowercased()
            if name == "normal" { continue }
            guard let flag = ControlState.flagNames.first(where: { $0.name == name }) else {
                let given = String(raw.trimmingSpaces())
                if let meant = UIKitSpelling.state(text) {
                    throw .unknownNameHint(kind: "state", name: text, hint: "did you mean '\(meant)'? (ButtonKit's name for it)")
                }
                if let hint = UIKitSpelling.stateHint(given) { throw .unknownNameHint(kind: "state", name: given, hint: hint) }
                throw .unknownName(kind: "state", name: given,
                                   suggestion: Suggest.closest(to: name, in: ["normal"] + ControlState.flagNames.map(\.name)))
            }
            result.insert(flag.state)
        }
        self = result
    }

    /// Accepts an integer bitmask; bits outside UIKit's four flags are an error.
    public init(bits: Int) throws(ButtonKitError) {
        guard bits >= 0, bits <= 15 else {
            throw .invalidValue(what: "state", value: String(bits), expected: "a bitmask between 0 and 15")
        }
        self.init(rawValue: UInt8(bits))
    }

    /// Parses a list of names, as scripts write `{ "selected", "highlighted" }`.
    public init(parsingList names: [String]) throws(ButtonKitError) {
        var result: ControlState = []
        for name in names { result.formUnion(try ControlState(parsing: name)) }
        self = result
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (names in state and event
    /// lists, command words). Foundation-free.
    public func trimmingSpaces() -> SubSequence {
        var s = self[...]
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}

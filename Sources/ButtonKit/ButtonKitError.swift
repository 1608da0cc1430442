/// The one error type of the model. Each case carries the pieces a caller
/// needs to build a precise message (the bridge wraps `message` into Lua's
/// `bad argument #n to 'f' (...)` form), instead of a pre-baked string only.
public enum ButtonKitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A name that is not one of the known ones: a style property, a state,
    /// an event, a color, a font weight...; `suggestion` is the likely intent.
    case unknownName(kind: String, name: String, suggestion: String?)
    /// A name that is not one of the known ones but reads as another
    /// vocabulary's (UIKit's `UIControlStateHighlighted`, CSS's `rgb(…)`):
    /// `hint` says what to write instead, in a sentence.
    case unknownNameHint(kind: String, name: String, hint: String)
    /// A name outside a short fixed list: the near miss when there is one,
    /// else the whole list (a newcomer typing `round` for a corner style
    /// learns `capsule` exists).
    case notOneOf(kind: String, name: String, choices: [String])
    /// A value of the right type but outside what is allowed.
    case invalidValue(what: String, value: String, expected: String)
    /// A radio value that is already used by another member of the group.
    case duplicateValue(group: String, value: String)
    /// A string given where the model already holds the same text spelled
    /// with other bytes (see `Spelling`): `holder` holds `held` as a `noun`
    /// (a key, a value), `given` is the other spelling.
    case otherSpelling(holder: String, noun: String, given: String, held: String)
    /// A radio value that no member of the group carries; `known` are the
    /// values there are, as the message lists them (a user who mistyped one
    /// sees the right spelling).
    case unknownValue(group: String, value: String, known: [String])
    /// A radio member added with no value given and no `info` to take it from.
    case missingValue(control: String)
    /// A sort key that no button of the bar carries; `known`: the keys there are.
    case unknownKey(bar: String, key: String, known: [String])
    /// A control that already belongs to another group or bar.
    case alreadyOwned(control: String, owner: String)
    /// Records that cannot be ordered by `SortBar.sort` (e.g. a number and a string).
    case incomparable(index: Int, detail: String)
    /// A store file that is not valid JSON; it is left untouched.
    case corruptStore(path: String, line: Int, column: Int, reason: String)
    /// A file system operation that failed, with the OS's reason.
    case io(path: String, operation: String, reason: String)
    /// A path the confinement refuses; the message says which and why.
    case refused(String)
    /// A configuration update handler run for a preview tried to change the
    /// button (refused: a preview leaves the button as it was).
    case changeDuringPreview(control: String, change: String, state: String)

    /// A human-readable sentence, without any "error:" prefix.
    public var message: String {
        switch self {
        case let .unknownName(kind, name, suggestion):
            var m = "unknown \(kind) '\(name)'"
            if let s = suggestion { m += "; did you mean '\(s)'?" }
            return m
        case let .unknownNameHint(kind, name, hint):
            return "unknown \(kind) '\(name)'; \(hint)"
        case let .notOneOf(kind, name, choices):
            if let s = Suggest.closest(to: name, in: choices) { return "unknown \(kind) '\(name)'; did you mean '\(s)'?" }
            return "unknown \(kind) '\(name)' (expected one of: \(choices.joined(separator: ", ")))"
        case let .changeDuringPreview(control, change, state):
            return "the configuration update handler of button '\(control)' tried to \(change) while previewing state '\(state)';"
                + " a preview runs the handler with the button as it would be and then puts it back, so the handler may change"
                + " only the configuration it is given"
        case let .invalidValue(what, value, expected):
            return "invalid \(what) \(value) (expected \(expected))"
        case let .duplicateValue(group, value):
            return "radio group '\(group)' already has an option with value \(value)"
        case let .otherSpelling(holder, noun, given, held):
            return "\(holder) already has the \(noun) '\(held)' (\(Self.bytes(held))); '\(given)' (\(Self.bytes(given))) is "
                + Spelling.explanation + " \(noun)"
        case let .unknownValue(group, value, known):
            return "radio group '\(group)' has no option with value \(value)" + Self.choices("its values", known)
        case let .missingValue(control):
            return "'\(control)' has no radio value: give 'value' (a string, integer or boolean) or set its 'info'"
        case let .unknownKey(bar, key, known):
            return "sort bar '\(bar)' has no button with key '\(key)'" + Self.choices("its keys", known)
        case let .alreadyOwned(control, owner):
            return "control '\(control)' already belongs to '\(owner)'"
        case let .incomparable(index, detail):
            return "cannot sort record #\(index): \(detail)"
        case let .corruptStore(path, line, column, reason):
            return "\(path):\(line):\(column): not valid JSON: \(reason) (the file was left untouched)"
        case let .io(path, operation, reason):
            return "cannot \(operation) '\(path)': \(reason)"
        case let .refused(message):
            return message
        }
    }

    public var description: String { message }

    /// A string's bytes in hex, for messages about strings that print alike.
    /// " (its values: 'a', 'b')", the first ten and how many more; "" for none.
    static func choices(_ noun: String, _ known: [String]) -> String {
        guard !known.isEmpty else { return " (it has none)" }
        let shown = known.prefix(10).joined(separator: ", ")
        return " (\(noun): \(shown)\(known.count > 10 ? ", and \(known.count - 10) more" : ""))"
    }

    static func bytes(_ s: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        let parts = s.utf8.prefix(40).map { String(decoding: [hex[Int($0 >> 4)], hex[Int($0 & 15)]], as: UTF8.self) }
        return "bytes " + parts.joined(separator: " ") + (s.utf8.count > 40 ? " …" : "")
    }
}

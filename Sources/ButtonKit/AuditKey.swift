/// What makes two audits' problems "the same" for a baseline: its screen,
/// control, check, state, style and content size. Wording and measured
/// numbers (a ratio, a size) are left out on purpose, so a baseline
/// survives a message's rewording or a colour nudged by a rounding.
public struct AuditKey: Hashable, Sendable, Comparable {
    public let screen: String
    public let control: String
    public let check: String
    public let state: String
    public let style: String
    public let contentSize: String

    public init(screen: String, control: String, check: String, state: String, style: String, contentSize: String) {
        self.screen = screen; self.control = control; self.check = check
        self.state = state; self.style = style; self.contentSize = contentSize
    }

    /// The key of `problem` found on `screen` ("" for controls of no screen).
    public init(screen: String?, problem p: AuditProblem) {
        self.init(screen: screen ?? "", control: p.control, check: p.check.rawValue,
                  state: p.state?.description ?? "", style: p.style?.rawValue ?? "",
                  contentSize: p.contentSize?.rawValue ?? "")
    }

    /// The fields in order (sorting, fingerprints).
    var fields: [String] { [screen, control, check, state, style, contentSize] }

    public static func < (a: AuditKey, b: AuditKey) -> Bool { a.fields.lexicographicallyPrecedes(b.fields) }

    /// One line for a fingerprint: the fields joined by `/`.
    public var fingerprint: String { fields.joined(separator: "/") }

    /// As a baseline file writes it.
    var json: JSONValue {
        .object(["screen": .string(screen), "control": .string(control), "check": .string(check),
                 "state": .string(state), "style": .string(style), "contentSize": .string(contentSize)])
    }
}

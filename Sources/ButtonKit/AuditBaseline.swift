/// The problems a team has accepted for now (`--write-baseline FILE`), so
/// CI fails only on new ones (`--baseline FILE`). Kept as JSON sorted by
/// key, one problem per entry, so a change to it reads well in review.
public struct AuditBaseline: Sendable {
    public let keys: Set<AuditKey>

    public init(keys: Set<AuditKey>) { self.keys = keys }

    /// The baseline of a report: every finding's key.
    public init(_ report: AuditReport) { keys = Set(report.findings.map(\.key)) }

    /// The file's text.
    public var text: String {
        let entries = keys.sorted().map(\.json)
        return JSON.serialize(.object([
            "format": .string("buttonkit audit baseline"), "version": .int(1), "problems": .array(entries),
        ]), pretty: true) + "\n"
    }

    /// Reads a baseline file's text; a file that is not one is an error
    /// saying what is wrong, with the line and column of bad JSON.
    public static func parse(_ text: String) throws(ButtonKitError) -> AuditBaseline {
        let value: JSONValue
        do { value = try JSON.parse(text) } catch {
            throw .invalidValue(what: "baseline", value: "line \(error.line), column \(error.column)", expected: "JSON (\(error.reason))")
        }
        guard case .object(let o) = value, case .array(let list)? = o["problems"] else {
            throw .invalidValue(what: "baseline", value: "the file", expected: "an object with a 'problems' list, as --write-baseline writes")
        }
        var keys = Set<AuditKey>()
        for (i, e) in list.enumerated() {
            guard case .object(let f) = e else {
                throw .invalidValue(what: "baseline entry #\(i + 1)", value: e.display, expected: "an object")
            }
            func s(_ k: String) -> String? { if case .string(let v)? = f[k] { return v }; return nil }
            guard let control = s("control"), let check = s("check") else {
                throw .invalidValue(what: "baseline entry #\(i + 1)", value: e.display, expected: "'control' and 'check' strings")
            }
            keys.insert(AuditKey(screen: s("screen") ?? "", control: control, check: check, state: s("state") ?? "",
                                 style: s("style") ?? "", contentSize: s("contentSize") ?? ""))
        }
        return AuditBaseline(keys: keys)
    }
}

import ButtonKit

/// The API reference: docs/api.md, embedded at build time and read as
/// entries. One source for the page people read, `buttonkit help api`, the
/// REPL's `:help`, the editor definitions (`types/buttonkit.lua`) and the
/// test that keeps the page and the bindings in step.
///
/// An entry is a `###` heading written as a signature — `ui.button(options?:
/// buttonOptions) -> button`, `button.id: string — read-only`,
/// `button:tap(options?: table|number, y?: number) -> boolean` — and the text
/// under it. Headings in a row share the text that follows the last one.
public struct APIReference: Sendable {
    /// One documented name.
    public struct Entry: Sendable {
        /// `ui`, `button`, `sortBar`, … or `assert`.
        public let owner: String
        public let name: String
        public let kind: Kind
        /// The heading, as written.
        public let signature: String
        /// The text under the heading (shared by headings in a row).
        public let text: String
        /// The `##` section the entry is in.
        public let section: String

        public enum Kind: Sendable, Equatable { case field, method, function }

        /// `button:tap`, `button.selected`, `ui.button`.
        public var qualifiedName: String { owner + (kind == .method ? ":" : ".") + name }

        /// A field's type (`string` in `button.id: string — read-only`).
        public var fieldType: String? {
            guard kind == .field, let colon = signature.firstIndex(of: ":") else { return nil }
            let rest = signature[signature.index(after: colon)...]
            return String((rest.split(separator: " — ", omittingEmptySubsequences: false).first ?? "").trimmingSpaces())
        }

        public var isReadOnly: Bool { signature.hasSuffix("read-only") }

        /// A function's or method's parameters: name, type, optional.
        public var parameters: [(name: String, type: String, optional: Bool)] {
            guard kind != .field, let open = signature.firstIndex(of: "("), let close = signature.lastIndex(of: ")") else { return [] }
            let inner = signature[signature.index(after: open)..<close]
            return inner.split(separator: ",").compactMap { part in
                let pieces = part.split(separator: ":", maxSplits: 1)
                guard pieces.count == 2 else { return nil }
                var name = String(pieces[0].trimmingSpaces())
                let optional = name.hasSuffix("?")
                if optional { name.removeLast() }
                return (name, String(pieces[1].trimmingSpaces()), optional)
            }
        }

        /// What a function or method returns (`boolean`, `boolean, string?`).
        public var returns: [String] {
            let parts = signature.split(separator: " -> ", maxSplits: 1)
            guard kind != .field, parts.count == 2 else { return [] }
            return parts[1].split(separator: ",").map { String($0.trimmingSpaces()) }
        }
    }

    /// Every entry, in page order.
    public let entries: [Entry]
    /// The page's text.
    public let text: String

    /// The reference this build carries.
    public static let shared = APIReference(text: EmbeddedLua.texts["api"] ?? "")

    /// Reads a page in docs/api.md's format.
    public init(text: String) {
        self.text = text
        var entries: [Entry] = []
        var section = ""
        var pending: [(owner: String, name: String, kind: Entry.Kind, signature: String)] = []
        var body: [Substring] = []
        func flush() {
            let t = body.joined(separator: "\n").trimming("\n")
            for p in pending {
                entries.append(Entry(owner: p.owner, name: p.name, kind: p.kind, signature: p.signature, text: t, section: section))
            }
            if !t.isEmpty || pending.isEmpty { pending = [] }
            body = []
        }
        // A line inside a code block is text, even one that looks like a
        // heading (a Markdown or shell example).
        var inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if Self.isFence(line) { inCode.toggle() }
            if inCode || Self.isFence(line) {
                if !pending.isEmpty { body.append(line) }
            } else if line.hasPrefix("## ") {
                flush()
                pending = []
                section = String(line.dropFirst(3))
            } else if line.hasPrefix("### ") {
                let sig = String(line.dropFirst(4))
                if !body.joined().trimming(" \n").isEmpty { flush() }
                body = []
                if let parsed = Self.parse(sig) { pending.append((parsed.0, parsed.1, parsed.2, sig)) }
            } else if !pending.isEmpty {
                body.append(line)
            }
        }
        flush()
        self.entries = entries
    }

    /// A code fence's line (```` ``` ```` or ```` ```lua ````), which opens or closes a block.
    static func isFence(_ line: Substring) -> Bool { line.drop { $0 == " " }.hasPrefix("```") }

    /// `owner`, `name` and kind of a heading; nil when it is not a signature.
    static func parse(_ sig: String) -> (String, String, Entry.Kind)? {
        let chars = Array(sig)
        var i = 0
        func ident() -> String? {
            let start = i
            while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" { i += 1 }
            return i > start ? String(chars[start..<i]) : nil
        }
        guard let owner = ident(), i < chars.count, chars[i] == "." || chars[i] == ":" else { return nil }
        let method = chars[i] == ":"
        i += 1
        guard let name = ident() else { return nil }
        let isCall = i < chars.count && chars[i] == "("
        let kind: Entry.Kind = method ? .method : (isCall ? .function : .field)
        return (owner, name, kind)
    }

    /// Entries for a query: `button:tap`, `button.selected`, `ui.button`,
    /// or a bare name (`tap`: every kind's), case-insensitive.
    public func entries(matching query: String) -> [Entry] {
        var q = query.trimmingSpaces().lowercased()
        // Scripts and the docs call a loaded document `doc`: `:help doc:on`.
        for sep in [":", "."] where q.hasPrefix("doc" + sep) { q = "document" + sep + q.dropFirst(4) }
        let exact = entries.filter { $0.qualifiedName.lowercased() == q || ($0.owner + "." + $0.name).lowercased() == q }
        if !exact.isEmpty { return exact }
        let byName = entries.filter { $0.name.lowercased() == q }
        if !byName.isEmpty { return byName }
        return entries.filter { $0.owner.lowercased() == q }
    }

    /// Every name a query may use, for suggestions.
    public var names: [String] { entries.map(\.qualifiedName) + Array(Set(entries.map(\.name))) }

    /// An entry as help shows it: the signature, then its text.
    public static func render(_ e: Entry) -> String {
        e.signature + (e.text.isEmpty ? "" : "\n\n" + e.text) + "\n"
    }
}

extension String {
    /// Without the characters of `set` at either end.
    func trimming(_ set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}

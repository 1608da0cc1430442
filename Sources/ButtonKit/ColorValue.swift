/// A colour as a setting holds it: fixed bytes, or a dynamic colour that
/// appearance resolves against the control's traits. What styles, tint,
/// configurations and screens accept.
public enum ColorValue: Hashable, Sendable, CustomStringConvertible {
    case fixed(Color)
    case dynamic(DynamicColor)

    /// The colour this is in `traits`.
    @inline(__always)
    public func resolve(_ traits: Traits) -> Color {
        switch self {
        case .fixed(let c): return c
        case .dynamic(let d): return d.resolve(traits)
        }
    }

    /// Whether light and dark (or the tint) can give different colours.
    public var isDynamic: Bool { if case .dynamic = self { return true }; return false }

    /// `#RRGGBBAA` for fixed colours, the name for dynamic ones.
    public var description: String {
        switch self {
        case .fixed(let c): return c.hex
        case .dynamic(let d): return d.description
        }
    }

    /// A system colour's name (`systemBlue`, `secondaryLabel`, any case),
    /// `tintColor`, or anything `Color(parsing:)` takes. Unknown names are
    /// suggested from both lists.
    public init(parsing text: String) throws(ButtonKitError) {
        if let s = SystemColor(named: text) { self = .dynamic(.system(s)); return }
        if text.lowercased() == "tintcolor" { self = .dynamic(.tint); return }
        do {
            self = .fixed(try Color(parsing: text))
        } catch {
            if case .unknownName = error {
                let names = Color.named.map(\.name) + SystemColor.allCases.map(\.rawValue) + ["tintColor"]
                if let hint = UIKitSpelling.colorHint(text) { throw .unknownNameHint(kind: "color", name: text, hint: hint) }
                throw .unknownName(kind: "color", name: text,
                                   suggestion: UIKitSpelling.colorName(text) ?? Suggest.closest(to: text, in: names))
            }
            throw error
        }
    }
}

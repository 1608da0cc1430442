/// An sRGB color with 8-bit components, the precision of the `#RRGGBBAA`
/// strings scripts read back. Storing the rounded bytes (not doubles) makes
/// equality exact: `"gray"` and `"#808080"` are the same color.
public struct Color: Hashable, Sendable, CustomStringConvertible, Codable {
    public var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    /// Exact bytes, as in `#RRGGBBAA`; alpha defaults to opaque.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Builds a color from unit components (0…1) the way UIKit's are written,
    /// rounding each `c * 255` with halves up (gray 0.5 → 0x80).
    public init(unitRed r: Double, green g: Double, blue b: Double, alpha a: Double = 1) {
        self.init(red: Color.byte(r), green: Color.byte(g), blue: Color.byte(b), alpha: Color.byte(a))
    }

    static func byte(_ c: Double) -> UInt8 { UInt8(min(255, max(0, (c * 255 + 0.5).rounded(.down)))) }

    /// `ui.rgb(r, g, b [, a])`: r, g, b in 0…255 (fractions rounded, halves
    /// up), a in 0…1. Anything else is an error naming the component.
    public static func rgb(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) throws(ButtonKitError) -> Color {
        for (name, v) in [("red", r), ("green", g), ("blue", b)] where !(v >= 0 && v <= 255) {
            throw .invalidValue(what: "\(name) component", value: Format.number(v), expected: "a number from 0 to 255")
        }
        guard a >= 0 && a <= 1 else {
            throw .invalidValue(what: "alpha component", value: Format.number(a), expected: "a number from 0 to 1")
        }
        func b8(_ v: Double) -> UInt8 { UInt8((v + 0.5).rounded(.down)) }
        return Color(red: b8(r), green: b8(g), blue: b8(b), alpha: Color.byte(a))
    }

    /// UIKit's named colors with UIKit's components.
    public static let named: [(name: String, color: Color)] = [
        ("black", Color(unitRed: 0, green: 0, blue: 0)),
        ("darkGray", Color(unitRed: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3)),
        ("lightGray", Color(unitRed: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)),
        ("white", Color(unitRed: 1, green: 1, blue: 1)),
        ("gray", Color(unitRed: 0.5, green: 0.5, blue: 0.5)),
        ("red", Color(unitRed: 1, green: 0, blue: 0)),
        ("green", Color(unitRed: 0, green: 1, blue: 0)),
        ("blue", Color(unitRed: 0, green: 0, blue: 1)),
        ("cyan", Color(unitRed: 0, green: 1, blue: 1)),
        ("yellow", Color(unitRed: 1, green: 1, blue: 0)),
        ("magenta", Color(unitRed: 1, green: 0, blue: 1)),
        ("orange", Color(unitRed: 1, green: 0.5, blue: 0)),
        ("purple", Color(unitRed: 0.5, green: 0, blue: 0.5)),
        ("brown", Color(unitRed: 0.6, green: 0.4, blue: 0.2)),
        ("clear", Color(unitRed: 0, green: 0, blue: 0, alpha: 0)),
    ]

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let red = Color(red: 255, green: 0, blue: 0)
    public static let green = Color(red: 0, green: 255, blue: 0)
    public static let blue = Color(red: 0, green: 0, blue: 255)
    public static let gray = Color(red: 128, green: 128, blue: 128)

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA` (with or without `#`, any case)
    /// or a UIKit color name (any case).
    public init(parsing text: String) throws(ButtonKitError) {
        let lower = text.lowercased()
        if let hit = Color.named.first(where: { $0.name.lowercased() == lower }) { self = hit.color; return }
        var hex = Substring(text)
        if hex.first == "#" { hex = hex.dropFirst() }
        let digits = hex.utf8.map { Color.hexDigit($0) }
        if !digits.contains(nil), [3, 6, 8].contains(digits.count) {
            let d = digits.map { $0! }
            if d.count == 3 {
                self.init(red: d[0] * 17, green: d[1] * 17, blue: d[2] * 17)
            } else {
                self.init(red: d[0] << 4 | d[1], green: d[2] << 4 | d[3], blue: d[4] << 4 | d[5],
                          alpha: d.count == 8 ? d[6] << 4 | d[7] : 255)
            }
            return
        }
        let looksHex = text.hasPrefix("#") || (!text.isEmpty && !digits.contains(nil))
        if looksHex {
            throw .invalidValue(what: "color", value: "'\(text)'", expected: "#RGB, #RRGGBB or #RRGGBBAA hex digits")
        }
        throw .unknownName(kind: "color", name: text, suggestion: Suggest.closest(to: text, in: Color.named.map(\.name)))
    }

    static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: return c - 48
        case 65...70: return c - 55
        case 97...102: return c - 87
        default: return nil
        }
    }

    /// The canonical `#RRGGBBAA` form, uppercase.
    public var hex: String { withHexBytes { String(decoding: $0, as: UTF8.self) } }

    /// The nine bytes of `hex`, on the stack: every appearance read gives
    /// three colours, and building each through arrays and a String cost
    /// four allocations (the bridge pushes these bytes straight to Lua).
    public func withHexBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        func digit(_ v: UInt8) -> UInt8 { v < 10 ? 48 + v : 55 + v }
        var out: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
            35, digit(red >> 4), digit(red & 15), digit(green >> 4), digit(green & 15),
            digit(blue >> 4), digit(blue & 15), digit(alpha >> 4), digit(alpha & 15))
        return withUnsafeBytes(of: &out) { body($0.bindMemory(to: UInt8.self)) }
    }

    public var description: String { hex }

    /// Decodes any accepted colour string (hex or UIKit name).
    public init(from decoder: any Decoder) throws {
        let s = try decoder.singleValueContainer().decode(String.self)
        do { self = try Color(parsing: s) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Encodes the canonical `#RRGGBBAA` string.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(hex)
    }
}

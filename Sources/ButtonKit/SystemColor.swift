/// UIKit's dynamic system colours, each with the value UIKit resolves it to
/// in light and in dark mode (iOS 13–18, base elevation, normal contrast).
///
/// Scripts name them as UIKit does (`systemBlue`, `secondaryLabel`); a style,
/// a tint or a configuration may hold one, and appearance resolves it
/// against the control's traits. The table below is the only copy of the
/// values; `docs/model.md` cites where each row came from, and
/// `SystemColorTests` pins every value to that source.
///
/// Sources (short names used in the comments):
/// - HIG-23: Apple HIG "Color", iOS system colours and grays (June 2023 copy).
/// - NG: Noah Gilmore's dump of UIKit's iOS 13 colours (light and dark).
/// - CC: ColorCompatibility, UIKit's production iOS 13 light values as floats.
/// - FL: Flutter's CupertinoColors (light and dark ARGB).
/// - OSU: OpenSwiftUI's SwiftUICore fallback colours, "audited for iOS 18.0".
public enum SystemColor: String, CaseIterable, Sendable {
    // Accent colours.
    case systemRed, systemOrange, systemYellow, systemGreen, systemMint, systemTeal, systemCyan
    case systemBlue, systemIndigo, systemPurple, systemPink, systemBrown
    // The grey ladder.
    case systemGray, systemGray2, systemGray3, systemGray4, systemGray5, systemGray6
    // Foreground content.
    case label, secondaryLabel, tertiaryLabel, quaternaryLabel, placeholderText, link
    // Fills.
    case systemFill, secondarySystemFill, tertiarySystemFill, quaternarySystemFill
    // Backgrounds.
    case systemBackground, secondarySystemBackground, tertiarySystemBackground
    case systemGroupedBackground, secondarySystemGroupedBackground, tertiarySystemGroupedBackground
    // Separators.
    case separator, opaqueSeparator
    // Not dynamic, but part of UIKit's list.
    case darkText, lightText

    /// One colour as `0xRRGGBB` plus a unit alpha, the way the sources write it.
    struct Entry {
        let rgb: UInt32
        let alpha: Double
        var color: Color {
            Color(red: UInt8(rgb >> 16 & 0xFF), green: UInt8(rgb >> 8 & 0xFF), blue: UInt8(rgb & 0xFF), alpha: Color.byte(alpha))
        }
    }

    /// (light, dark) for every case. Where sources disagree the runtime dumps
    /// and the SwiftUICore binary win over the HIG's prose (see model.md).
    static func entries(_ c: SystemColor) -> (light: Entry, dark: Entry) {
        func e(_ l: UInt32, _ la: Double = 1, d: UInt32, _ da: Double = 1) -> (Entry, Entry) {
            (Entry(rgb: l, alpha: la), Entry(rgb: d, alpha: da))
        }
        switch c {
        case .systemRed: return e(0xFF3B30, d: 0xFF453A)            // HIG-23, NG, FL, OSU
        case .systemOrange: return e(0xFF9500, d: 0xFF9F0A)         // HIG-23, NG, FL, OSU
        case .systemYellow: return e(0xFFCC00, d: 0xFFD60A)         // HIG-23, NG, FL, OSU
        case .systemGreen: return e(0x34C759, d: 0x30D158)          // HIG-23, NG, FL, OSU
        case .systemMint: return e(0x00C7BE, d: 0x63E6E2)           // HIG-23 (light); FL, OSU (dark)
        case .systemTeal: return e(0x30B0C7, d: 0x40C8E0)           // HIG-23, OSU (iOS 15 values)
        case .systemCyan: return e(0x32ADE6, d: 0x64D2FF)           // HIG-23, FL, OSU
        case .systemBlue: return e(0x007AFF, d: 0x0A84FF)           // HIG-23, NG, FL, OSU
        case .systemIndigo: return e(0x5856D6, d: 0x5E5CE6)         // HIG-23, NG, FL, OSU
        case .systemPurple: return e(0xAF52DE, d: 0xBF5AF2)         // HIG-23, NG, FL, OSU
        case .systemPink: return e(0xFF2D55, d: 0xFF375F)           // HIG-23, NG, FL, OSU
        case .systemBrown: return e(0xA2845E, d: 0xAC8E68)          // FL, OSU (light); HIG-23 (dark)
        case .systemGray: return e(0x8E8E93, d: 0x8E8E93)           // HIG-23, NG, FL, OSU
        case .systemGray2: return e(0xAEAEB2, d: 0x636366)          // HIG-23, NG, FL
        case .systemGray3: return e(0xC7C7CC, d: 0x48484A)          // HIG-23, NG, FL
        case .systemGray4: return e(0xD1D1D6, d: 0x3A3A3C)          // HIG-23, NG, FL
        case .systemGray5: return e(0xE5E5EA, d: 0x2C2C2E)          // HIG-23, NG, FL
        case .systemGray6: return e(0xF2F2F7, d: 0x1C1C1E)          // HIG-23, NG, FL
        case .label: return e(0x000000, d: 0xFFFFFF)                // NG, FL
        case .secondaryLabel: return e(0x3C3C43, 0.6, d: 0xEBEBF5, 0.6)   // NG, CC, FL, OSU
        case .tertiaryLabel: return e(0x3C3C43, 0.3, d: 0xEBEBF5, 0.3)    // NG, CC, FL, OSU
        case .quaternaryLabel: return e(0x3C3C43, 0.18, d: 0xEBEBF5, 0.16) // NG, CC (light); FL, OSU (dark)
        case .placeholderText: return e(0x3C3C43, 0.3, d: 0xEBEBF5, 0.3)  // NG, CC, FL
        case .link: return e(0x007AFF, d: 0x0984FF)                 // NG, FL (dark red is 9, not 10)
        case .systemFill: return e(0x787880, 0.2, d: 0x787880, 0.36)       // NG, CC, FL, OSU
        case .secondarySystemFill: return e(0x787880, 0.16, d: 0x787880, 0.32) // NG, CC, FL, OSU
        case .tertiarySystemFill: return e(0x767680, 0.12, d: 0x767680, 0.24)  // NG, CC, FL
        case .quaternarySystemFill: return e(0x747480, 0.08, d: 0x767680, 0.18) // NG, FL
        case .systemBackground: return e(0xFFFFFF, d: 0x000000)     // NG, FL
        case .secondarySystemBackground: return e(0xF2F2F7, d: 0x1C1C1E)   // NG, CC, FL
        case .tertiarySystemBackground: return e(0xFFFFFF, d: 0x2C2C2E)    // NG, CC, FL
        case .systemGroupedBackground: return e(0xF2F2F7, d: 0x000000)     // NG, CC, FL
        case .secondarySystemGroupedBackground: return e(0xFFFFFF, d: 0x1C1C1E) // NG, CC, FL
        case .tertiarySystemGroupedBackground: return e(0xF2F2F7, d: 0x2C2C2E)  // NG, CC, FL
        case .separator: return e(0x3C3C43, 0.29, d: 0x545458, 0.6)    // NG, CC
        case .opaqueSeparator: return e(0xC6C6C8, d: 0x38383A)      // NG, CC, FL
        case .darkText: return e(0x000000, d: 0x000000)             // NG
        case .lightText: return e(0xFFFFFF, 0.6, d: 0xFFFFFF, 0.6)     // NG
        }
    }

    /// Resolved colours, computed once: appearance reads them on every resolve.
    private static let table: [(light: Color, dark: Color)] = allCases.map { c in
        let (l, d) = entries(c)
        return (l.color, d.color)
    }

    /// The value in `style`. Alpha is kept to the nearest byte (0.3 → 77),
    /// the precision of every other colour in the model.
    public func color(in style: UserInterfaceStyle) -> Color {
        let i = SystemColor.index[self] ?? 0
        return style == .dark ? SystemColor.table[i].dark : SystemColor.table[i].light
    }

    private static let index: [SystemColor: Int] = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })

    /// The light and dark values as sources write them: `0xRRGGBB` and a unit alpha.
    public var published: (light: (rgb: UInt32, alpha: Double), dark: (rgb: UInt32, alpha: Double)) {
        let (l, d) = SystemColor.entries(self)
        return ((l.rgb, l.alpha), (d.rgb, d.alpha))
    }

    /// Exact name first, then any case (`systemblue`); nil for other names.
    public init?(named name: String) {
        if let c = SystemColor(rawValue: name) { self = c; return }
        let lower = name.lowercased()
        guard let c = SystemColor.allCases.first(where: { $0.rawValue.lowercased() == lower }) else { return nil }
        self = c
    }
}

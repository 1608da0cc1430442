import Testing
@testable import ButtonKit

/// Every system colour's light and dark value, pinned to the source that
/// docs/model.md cites for it (the research notes' tables 1a and 1c). A
/// row here is the citation: changing a value in `SystemColor` without
/// changing its source here fails.
@Suite("System colours: light and dark values pinned to their sources")
struct SystemColorTests {
    /// name, light (hex, alpha), dark (hex, alpha), where the values come from.
    static let cited: [(SystemColor, String, Double, String, Double, String)] = [
        (.systemRed, "FF3B30", 1, "FF453A", 1, "HIG-23, NG, FL, OSU agree"),
        (.systemOrange, "FF9500", 1, "FF9F0A", 1, "HIG-23, NG, FL, OSU agree"),
        (.systemYellow, "FFCC00", 1, "FFD60A", 1, "HIG-23, NG, FL, OSU agree"),
        (.systemGreen, "34C759", 1, "30D158", 1, "HIG-23, NG, FL, OSU agree"),
        (.systemMint, "00C7BE", 1, "63E6E2", 1, "dark: FL and OSU (99,230,226) over HIG-23's #66D4CF"),
        (.systemTeal, "30B0C7", 1, "40C8E0", 1, "HIG-23, OSU: iOS 15 changed teal (was #5AC8FA/#64D2FF)"),
        (.systemCyan, "32ADE6", 1, "64D2FF", 1, "HIG-23, FL, OSU agree"),
        (.systemBlue, "007AFF", 1, "0A84FF", 1, "all agree; the issue's anchor"),
        (.systemIndigo, "5856D6", 1, "5E5CE6", 1, "HIG-23, NG, FL, OSU agree"),
        (.systemPurple, "AF52DE", 1, "BF5AF2", 1, "all agree"),
        (.systemPink, "FF2D55", 1, "FF375F", 1, "all agree"),
        (.systemBrown, "A2845E", 1, "AC8E68", 1, "light: FL and OSU (162,132,94) over HIG-23's #A5845E"),
        (.systemGray, "8E8E93", 1, "8E8E93", 1, "HIG-23 = HIG-25 = NG = FL = OSU"),
        (.systemGray2, "AEAEB2", 1, "636366", 1, "HIG-23 = HIG-25 = NG = FL"),
        (.systemGray3, "C7C7CC", 1, "48484A", 1, "HIG-23 = HIG-25 = NG = FL"),
        (.systemGray4, "D1D1D6", 1, "3A3A3C", 1, "HIG-23 = HIG-25 = NG = FL"),
        (.systemGray5, "E5E5EA", 1, "2C2C2E", 1, "HIG-23 = HIG-25 = NG = FL"),
        (.systemGray6, "F2F2F7", 1, "1C1C1E", 1, "HIG-23 = HIG-25 = NG = FL"),
        (.label, "000000", 1, "FFFFFF", 1, "NG, FL"),
        (.secondaryLabel, "3C3C43", 0.6, "EBEBF5", 0.6, "NG, CC, FL, OSU; the issue's anchor"),
        (.tertiaryLabel, "3C3C43", 0.3, "EBEBF5", 0.3, "NG, CC, FL, OSU"),
        (.quaternaryLabel, "3C3C43", 0.18, "EBEBF5", 0.16, "dark: FL (40/255) and OSU over NG's iOS 13 beta 0.18"),
        (.placeholderText, "3C3C43", 0.3, "EBEBF5", 0.3, "NG, CC, FL"),
        (.link, "007AFF", 1, "0984FF", 1, "NG, FL: dark red is 9, not systemBlue's 10"),
        (.systemFill, "787880", 0.2, "787880", 0.36, "NG, CC, FL, OSU"),
        (.secondarySystemFill, "787880", 0.16, "787880", 0.32, "NG, CC, FL, OSU"),
        (.tertiarySystemFill, "767680", 0.12, "767680", 0.24, "NG, CC, FL (UIKit dumps over OSU's 120,120,128)"),
        (.quaternarySystemFill, "747480", 0.08, "767680", 0.18, "NG, FL"),
        (.systemBackground, "FFFFFF", 1, "000000", 1, "NG, FL"),
        (.secondarySystemBackground, "F2F2F7", 1, "1C1C1E", 1, "NG, CC, FL"),
        (.tertiarySystemBackground, "FFFFFF", 1, "2C2C2E", 1, "NG, CC, FL"),
        (.systemGroupedBackground, "F2F2F7", 1, "000000", 1, "NG, CC, FL"),
        (.secondarySystemGroupedBackground, "FFFFFF", 1, "1C1C1E", 1, "NG, CC, FL"),
        (.tertiarySystemGroupedBackground, "F2F2F7", 1, "2C2C2E", 1, "NG, CC, FL"),
        (.separator, "3C3C43", 0.29, "545458", 0.6, "NG, CC (0.29; FL floors to 73/255)"),
        (.opaqueSeparator, "C6C6C8", 1, "38383A", 1, "NG, CC, FL"),
        (.darkText, "000000", 1, "000000", 1, "NG (not dynamic)"),
        (.lightText, "FFFFFF", 0.6, "FFFFFF", 0.6, "NG (not dynamic)"),
    ]

    @Test func everySystemColourIsCitedExactlyOnce() {
        #expect(Self.cited.map(\.0) == SystemColor.allCases)
    }

    @Test(arguments: cited.map { ($0.0, $0.1, $0.2, $0.3, $0.4) })
    func valueMatchesItsSource(_ row: (SystemColor, String, Double, String, Double)) throws {
        let (name, light, la, dark, da) = row
        let p = name.published
        #expect(p.light.rgb == UInt32(light, radix: 16), "\(name) light")
        #expect(p.dark.rgb == UInt32(dark, radix: 16), "\(name) dark")
        #expect(abs(p.light.alpha - la) < 0.0001 && abs(p.dark.alpha - da) < 0.0001, "\(name) alpha")
        // Resolved: the hex with alpha to the nearest byte.
        let l = name.color(in: .light), d = name.color(in: .dark)
        #expect(String(l.hex.dropFirst().prefix(6)) == light)
        #expect(String(d.hex.dropFirst().prefix(6)) == dark)
        #expect(abs(Double(l.alpha) / 255 - la) <= 0.5 / 255 + 1e-9)
        #expect(abs(Double(d.alpha) / 255 - da) <= 0.5 / 255 + 1e-9)
    }

    @Test func theIssuesAnchors() {
        #expect(SystemColor.systemBlue.color(in: .light).hex == "#007AFFFF")
        #expect(SystemColor.systemBlue.color(in: .dark).hex == "#0A84FFFF")
        #expect(SystemColor.secondaryLabel.color(in: .light).hex == "#3C3C4399")  // 0.6 = 153/255 exactly
        #expect(SystemColor.secondaryLabel.color(in: .dark).hex == "#EBEBF599")
    }

    @Test func namesParseAsDynamicColoursInAnyCase() throws {
        #expect(try ColorValue(parsing: "systemBlue") == .dynamic(.system(.systemBlue)))
        #expect(try ColorValue(parsing: "SECONDARYLABEL") == .dynamic(.system(.secondaryLabel)))
        #expect(try ColorValue(parsing: "tintColor") == .dynamic(.tint))
        #expect(try ColorValue(parsing: "gray") == .fixed(.gray))
        #expect(try ColorValue(parsing: "#112233") == .fixed(Color(red: 0x11, green: 0x22, blue: 0x33)))
        #expect(throws: ButtonKitError.unknownName(kind: "color", name: "systemBlu", suggestion: "systemBlue")) {
            try ColorValue(parsing: "systemBlu")
        }
    }

    @Test func dynamicColoursResolveAgainstTraits() {
        let dark = Traits(userInterfaceStyle: .dark)
        #expect(ColorValue.dynamic(.system(.label)).resolve(dark) == .white)
        #expect(ColorValue.dynamic(.tint).resolve(dark).hex == "#0A84FFFF")
        let pink = Traits(userInterfaceStyle: .light, tintColor: .dynamic(.system(.systemPink)))
        #expect(ColorValue.dynamic(.tint).resolve(pink).hex == "#FF2D55FF")
        #expect(ColorValue.fixed(.red).resolve(dark) == .red)
    }
}

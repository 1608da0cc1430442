import Testing
import ButtonKit
@testable import ButtonKitIB

/// Asset colours resolve their appearances against traits as UIKit does.
@Suite struct AssetColorTests {
    static let brand = AssetColor(name: "BrandPrimary", variants: [
        .init(color: Color(red: 1, green: 2, blue: 3)),
        .init(style: .dark, color: Color(red: 4, green: 5, blue: 6)),
        .init(contrast: .high, color: Color(red: 7, green: 8, blue: 9)),
        .init(style: .dark, contrast: .high, color: Color(red: 10, green: 11, blue: 12)),
    ])

    @Test func appearancesPickTheMostSpecificMatch() {
        let c = ColorValue.dynamic(.asset(Self.brand))
        #expect(c.resolve(Traits(userInterfaceStyle: .light)) == Color(red: 1, green: 2, blue: 3))
        #expect(c.resolve(Traits(userInterfaceStyle: .dark)) == Color(red: 4, green: 5, blue: 6))
        #expect(c.resolve(Traits(userInterfaceStyle: .light, accessibilityContrast: .high)) == Color(red: 7, green: 8, blue: 9))
        #expect(c.resolve(Traits(userInterfaceStyle: .dark, accessibilityContrast: .high)) == Color(red: 10, green: 11, blue: 12))
        #expect(c.description == "BrandPrimary")
    }

    @Test func screensPassTheirContrastDown() throws {
        let screen = Screen()
        let b = Button(id: "b")
        var s = Style()
        try s.setColor(.backgroundColor, .dynamic(.asset(Self.brand)))
        b.style(.normal, s)
        screen.add(.button(b))
        #expect(b.appearance.backgroundColor == Color(red: 1, green: 2, blue: 3))
        try screen.setAccessibilityContrast(.high)
        #expect(b.appearance.backgroundColor == Color(red: 7, green: 8, blue: 9))
    }
}

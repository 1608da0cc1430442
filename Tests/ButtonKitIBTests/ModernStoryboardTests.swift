import Testing
import ButtonKit
@testable import ButtonKitIB

/// A storyboard from today's Xcode: button configurations, system and
/// named colours, accessibility, role, attributed titles, text styles, with
/// the project's asset catalog found automatically.
@Suite struct ModernStoryboardTests {
    let doc: IBDocument

    init() throws { doc = try Fixtures.load("Modern/Shop/Base.lproj/Main.storyboard") }

    @Test func catalogIsDiscoveredFromTheProject() throws {
        #expect(doc.hasCatalogs)
        #expect(doc.colors.names == ["BrandPrimary", "Gray", "HexBytes", "Purple", "Surface", "Wide"])
        #expect(doc.imageNames == ["close", "heart-filled", "heart-outline"])
    }

    @Test func checkoutConfiguration() throws {
        let b = try #require(doc.find("checkout"))
        #expect(b.id == "checkout")
        #expect(b.frame == Rect(x: 16, y: 700, width: 361, height: 50))
        let c = try #require(b.configuration)
        #expect(c.style == .filled && c.title == "Check out" && c.subtitle == "3 items")
        #expect(c.cornerStyle == .capsule && c.buttonSize == .large && c.imagePlacement == .trailing && c.imagePadding == 8)
        #expect(c.image == "cart")
        #expect(c.contentInsets == EdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20))
        #expect(c.baseBackgroundColor?.description == "BrandPrimary")
        #expect(b.appearance.backgroundColor == Color(red: 0x33, green: 0x66, blue: 0xCC))
        #expect(b.appearance(for: .normal, style: .dark).backgroundColor == Color(red: 0x66, green: 0x99, blue: 0xFF))
        #expect(b.appearance(for: .normal, under: TraitOverrides(accessibilityContrast: .high)).backgroundColor
                == Color(red: 0, green: 0x33, blue: 0x99))
        #expect(b.appearance.titleColor == .white)   // systemBackground in light
        #expect(b.accessibilityLabel == "Check out")
        #expect(b.accessibilityHint == "Pays for the cart")
        #expect(b.ownAccessibilityTraits == [.button, .startsMediaSession])
        let info = try #require(doc.info(for: b))
        #expect(info.role == "primary")
        #expect(info.actions == [IBAction(selector: "checkout:", event: .primaryActionTriggered, destination: "Cart")])
        #expect(info.missingImages.isEmpty)   // an SF Symbol
    }

    @Test func favouriteToggles() throws {
        let b = try #require(doc.find("Favourite"))
        #expect(b.changesSelectionAsPrimaryAction)
        #expect(b.tintColor == .dynamic(.system(.systemPink)))
        #expect(b.styleFor(.selected).image == "heart-filled")
        #expect(b.configuration?.cornerStyle == .medium && b.configuration?.cornerRadius == 12)
        try b.tap()
        #expect(b.isSelected)
        #expect(b.appearance.title == "Favourited")
    }

    @Test func helpAttributedTitleAndTextStyle() throws {
        let b = try #require(doc.find("hlp-Bt-001"))
        #expect(b.styleFor(.normal).font?.textStyle == .body)
        let runs = try #require(b.styleFor(.normal).attributedTitle)
        #expect(runs.map(\.text) == ["Help ", "?"])
        #expect(runs[0].font == Font(family: "Helvetica", size: 17, weight: .bold))
        #expect(runs[1].font == Font(size: 17, weight: .semibold))
        // Display P3 (0, 0.5, 0.25) is a less saturated green in sRGB.
        let green = try #require(runs[0].color)
        #expect(green.green > green.blue && green.blue > green.red)
        #expect(green != Color(unitRed: 0, green: 0.5, blue: 0.25))
        // "Accent" is in no catalog: the document's own copy is used.
        #expect(b.tintColor == .fixed(Color(unitRed: 0.9, green: 0.3, blue: 0.1)))
        #expect(doc.find("Help ?") === b)
    }

    @Test func unknownColourSpaceAndMissingImage() throws {
        let b = try #require(doc.find("Odd"))
        #expect(b.appearance.backgroundColor == .clear)
        #expect(doc.ignored.contains { $0.element == "color" && $0.attribute == "customColorSpace" && $0.reason.contains("adobeRGB1998") })
        #expect(doc.info(for: b)?.missingImages == ["no-such-image"])
    }

    @Test func scenesWithoutRootViewsAreListed() throws {
        #expect(doc.scenes.map(\.id) == ["Cart"])
        #expect(doc.ignored.contains { $0.element == "navigationController" })
        #expect(doc.scenes[0].screen.backgroundColor == .dynamic(.system(.systemBackground)))
        #expect(doc.ignored.allSatisfy { $0.line > 0 && $0.column > 0 })
    }
}

/// A XIB: top-level views and a top-level button become screens; custom
/// classes map to kinds.
@Suite struct XIBTests {
    @Test func topLevelViewsAreScreens() throws {
        let doc = try Fixtures.load("Modern/Shop/Base.lproj/Card.xib")
        #expect(doc.kind == .xib)
        #expect(doc.scenes.map(\.id) == ["Card", "Close"])
        #expect(doc.scenes[0].screen.width == 320 && doc.scenes[0].screen.height == 120)
        let price = try #require(doc.find("Price"))
        #expect(price.kind == .button)
        #expect(price.appearance.backgroundColor == Color(red: 255, green: 255, blue: 255, alpha: 128))
        #expect(price.appearance(for: .normal, style: .dark).backgroundColor == SystemColor.systemGray6.color(in: .dark))
        #expect(doc.info(for: price)?.actions.first?.destination == "ProductCard")
        let close = try #require(doc.find("Close"))
        #expect(doc.info(for: close)?.missingImages == [])
        #expect(doc.ignored.contains { $0.element == "customObject" })
    }

    /// A root view with no colour, or a clear one, shows the window behind:
    /// the screen keeps systemBackground (not a clear screen over black).
    @Test func clearRootViewsKeepTheScreenBackground() throws {
        for color in ["", "<color key=\"backgroundColor\" white=\"0.0\" alpha=\"0.0\" colorSpace=\"custom\" customColorSpace=\"genericGamma22GrayColorSpace\"/>"] {
            let doc = try Fixtures.load(text: """
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects>
            <view id="v"><rect key="frame" x="0" y="0" width="100" height="50"/>\(color)</view>
            </objects></document>
            """)
            #expect(doc.scenes.first?.screen.backgroundColor == .dynamic(.system(.systemBackground)))
        }
    }

    @Test func classesMapToKinds() throws {
        let doc = try Fixtures.load("Modern/Shop/Base.lproj/Card.xib") { $0.classes["CQSortButton"] = .sortButton }
        let price = try #require(doc.find("Price"))
        #expect(price is SortButton)
        #expect(doc.info(for: price)?.customClass == "CQSortButton")
    }
}

/// Asset catalogs in every component form and appearance Xcode writes.
@Suite struct AssetCatalogTests {
    let colors: AssetColors

    init() throws {
        (colors, _) = try AssetColors.load(catalog: Fixtures.path("Modern/Shop/Assets.xcassets"), options: .plainFiles())
    }

    func resolve(_ name: String, _ style: UserInterfaceStyle = .light, _ contrast: AccessibilityContrast = .normal) -> Color? {
        colors[name]?.resolve(Traits(userInterfaceStyle: style, accessibilityContrast: contrast))
    }

    @Test func floatsAndAppearances() {
        #expect(resolve("BrandPrimary") == Color(red: 0x33, green: 0x66, blue: 0xCC))
        #expect(resolve("BrandPrimary", .dark) == Color(red: 0x66, green: 0x99, blue: 0xFF))
        #expect(resolve("BrandPrimary", .light, .high) == Color(red: 0, green: 0x33, blue: 0x99))
        #expect(resolve("BrandPrimary", .dark, .high) == Color(red: 0x99, green: 0xCC, blue: 0xFF))
        #expect(colors.asset("BrandPrimary")?.variants.count == 4)   // the mac entry is not an iPhone's
    }

    @Test func hexBytesAndIdiom() {
        // The iphone entry (0–255 integers) wins over the universal one (hex).
        #expect(resolve("HexBytes") == Color(red: 10, green: 128, blue: 64))
        #expect(colors.asset("HexBytes")?.variants.first?.color == Color(red: 0xFF, green: 0x80, blue: 0x40))
    }

    @Test func referencesWideAndGray() {
        #expect(resolve("Surface", .dark) == SystemColor.systemGray6.color(in: .dark))
        // A reference is the dynamic system colour: its dark value in dark
        // even from an "Any Appearance" entry.
        #expect(colors.asset("Surface")?.variants.first?.system == .systemGray6)
        #expect(resolve("Purple", .dark) == SystemColor.systemPurple.color(in: .dark))
        #expect(resolve("Purple") == SystemColor.systemPurple.color(in: .light))
        #expect(resolve("Wide") == Color(red: 255, green: 0, blue: 0))          // P3 red clipped to sRGB red
        #expect(resolve("Wide", .dark) == Color(red: 255, green: 128, blue: 0))  // extended sRGB clipped
        let g = ColorSpaces.sRGBGray(fromGamma: 2.2, white: 0.5)
        #expect(resolve("Gray") == Color(unitRed: g, green: g, blue: g))
        #expect(resolve("Gray", .dark) == Color(red: 64, green: 64, blue: 64, alpha: 204))
    }

    @Test func componentForms() {
        #expect(AssetCatalogReader.component(.string("0.5"), alpha: false) == 0.5)
        #expect(AssetCatalogReader.component(.string("128"), alpha: false) == 128.0 / 255)
        #expect(AssetCatalogReader.component(.string("0x80"), alpha: false) == 128.0 / 255)
        #expect(AssetCatalogReader.component(.string("1"), alpha: true) == 1)
        #expect(AssetCatalogReader.component(.string("red"), alpha: false) == nil)
    }

    @Test func brokenContentsJSONNamesTheFile() {
        do {
            _ = try AssetColors.load(catalog: Fixtures.path("Broken/Broken.xcassets"), options: .plainFiles())
            Issue.record("expected an error")
        } catch {
            #expect(error.file.hasSuffix("Bad.colorset/Contents.json"))
            #expect(error.line == 3 && error.column > 1)
        }
    }
}

import Testing
import ButtonKit
@testable import ButtonKitIB

/// An Xcode 8–11 storyboard: calibrated colours, cocoaTouchSystemColor,
/// roundedRect buttons, runtime attributes, actions, segues, DLRadioButton.
@Suite struct LegacyStoryboardTests {
    let doc: IBDocument

    init() throws { doc = try Fixtures.load("Legacy/Legacy.storyboard") }

    @Test func scenesAndScreens() throws {
        #expect(doc.kind == .storyboard)
        #expect(doc.scenes.map(\.id) == ["Checkout", "ReceiptViewController"])
        let checkout = try #require(doc.scene(named: "Checkout"))
        #expect(checkout.screen.width == 375 && checkout.screen.height == 667)
        #expect(doc.scene(named: "CheckoutViewController") === checkout)
        #expect(doc.scene(named: "BYZ-38-t0r") === checkout)
        // genericGamma22Gray white 1 is white.
        #expect(checkout.screen.backgroundColor == .fixed(.white))
        #expect(checkout.controls.map(\.id) == ["Pay Button", "rad-Bt-001", "rad-Bt-002", "hid-Bt-001"])
    }

    @Test func payButton() throws {
        let pay = try #require(doc.find("Pay Button"))
        #expect(doc.find("pay-Bt-n01") === pay)
        #expect(doc.find("Pay now") === pay)
        #expect(pay.type == .system)
        #expect(pay.frame == Rect(x: 20, y: 587, width: 335, height: 50))
        #expect(pay.styleFor(.normal).title == "Pay now")
        #expect(pay.styleFor(.highlighted).title == "Paying")
        #expect(pay.styleFor(.disabled).title == "Pay (unavailable)")
        #expect(pay.styleFor(.normal).font == Font(size: 18, weight: .bold))
        #expect(pay.appearance.titleColor == .white)
        #expect(pay.appearance(for: .highlighted).titleColor == .black)   // darkText
        #expect(pay.contentEdgeInsets == ButtonInsets(top: 5, left: 10, bottom: 6, right: 12))
        #expect(pay.appearance.cornerRadius == 8)
        #expect(pay.appearance.borderWidth == 1.5)
        #expect(pay.appearance.borderColor == .red)
        // calibratedRGB (Generic RGB, gamma 1.8) is converted: not the raw bytes 33/66/CC.
        let bg = pay.appearance.backgroundColor
        #expect(bg != Color(unitRed: 0.2, green: 0.4, blue: 0.8))
        #expect(abs(Int(bg.blue) - 213) <= 12 && bg.red < 90)
        let info = try #require(doc.info(for: pay))
        #expect(info.ibID == "pay-Bt-n01")
        #expect(info.userLabel == "Pay Button")
        #expect(info.actions == [IBAction(selector: "pay:", event: .touchUpInside, destination: "Checkout"),
                                 IBAction(selector: "payPressed:", event: .touchDown, destination: "Checkout")])
        #expect(info.segues == [IBSegue(kind: "show", destination: "ReceiptViewController", identifier: "showReceipt")])
        #expect(info.runtimeAttribute("layer.masksToBounds") == .bool(true))
        #expect(info.runtimeAttribute("analyticsName") == .string("pay"))
        #expect(info.runtimeAttribute("layer.cornerRadius") == .number(8))
        #expect(info.titleShadowColors["normal"] != nil)
    }

    @Test func radioButtonsFormAGroupInScreenCoordinates() throws {
        #expect(doc.groups.count == 1)
        let g = try #require(doc.groups.first)
        #expect(g.buttons.map(\.id) == ["rad-Bt-001", "rad-Bt-002"])
        #expect(g.value == .string("Express"))
        let standard = try #require(doc.find("Standard"))
        // (20, 100) of the superview plus (10, 10).
        #expect(standard.frame == Rect(x: 30, y: 110, width: 150, height: 30))
        #expect(standard.styleFor(.normal).font == Font(family: "Helvetica", size: 15, weight: .bold))
        let screen = try #require(doc.scene(named: "Checkout")).screen
        try screen.tap(Point(x: 40, y: 120))
        #expect(g.value == .string("Standard"))
        #expect(doc.info(for: standard)?.customClass == "DLRadioButton")
        // The superview's alpha and tint reach the buttons inside it.
        #expect(standard.appearance.alpha == 0.5)
        #expect(standard.tintColor == .fixed(.red))
        #expect(try #require(doc.find("Pay Button")).appearance.alpha == 1)
    }

    @Test func flagsAndIgnored() throws {
        let coupon = try #require(doc.find("Coupon"))
        #expect(coupon.isHidden && !coupon.isEnabled)
        let ignored = doc.ignored
        #expect(ignored.contains { $0.element == "label" && $0.attribute == nil })
        let tr = try #require(ignored.first { $0.element == "button" && $0.attribute == "translatesAutoresizingMaskIntoConstraints" })
        #expect(tr.line == 20 && tr.column > 30)
        // UIButton's defaults (middle truncation, centred content, not opaque) have nothing to model.
        #expect(!ignored.contains { $0.element == "button" && ["lineBreakMode", "opaque", "contentMode"].contains($0.attribute ?? "") })
        // What nobody read is listed by the sweep: each constraint, the layout guide, the view's own attributes.
        #expect(ignored.contains { $0.element == "constraint" && $0.line == 93 })
        #expect(ignored.contains { $0.element == "viewLayoutGuide" })
        #expect(ignored.contains { $0.element == "autoresizingMask" })
        #expect(ignored.contains { $0.element == "view" && $0.attribute == "contentMode" })
        // Document structure is not listed: tools version, device, dependencies, scenes' ids, placeholders.
        #expect(!ignored.contains { ["document", "device", "plugIn", "capability", "scene", "placeholder", "point"].contains($0.element) })
        #expect(ignored.map(\.line) == ignored.map(\.line).sorted())
    }

    @Test func receiptScene() throws {
        let receipt = try #require(doc.scene(named: "ReceiptViewController"))
        #expect(receipt.screen.width == 320)
        // calibratedRGB mid-gray comes out lighter than sRGB 0.5 would... or darker: never the same byte.
        if case .fixed(let c) = receipt.screen.backgroundColor { #expect(c.red == c.green && c.green == c.blue && c.red != 128) } else {
            Issue.record("expected a fixed colour")
        }
        let done = try #require(receipt.find("Done"))
        #expect(done.type == .system)
        #expect(done.appearance.titleColor == SystemColor.systemBlue.color(in: .light))
    }
}

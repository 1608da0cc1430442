import Testing
import ButtonKit
import ButtonKitIB
@testable import ButtonKitCode

/// SwiftUI views read from source: the Cafe fixture app
/// (Tests/Fixtures/code/Cafe) and small views given as text.
@Suite("SwiftUI: views' buttons found and modelled")
struct SwiftUITests {
    let doc: IBDocument
    let report: CodeLoadReport

    init() throws {
        (doc, report) = try CodeFixtures.load("Cafe")
    }

    func button(_ id: String) throws -> Button {
        try #require(doc.find(id), "no control '\(id)'")
    }

    @Test("one screen per View type; a type that is not a view (a ButtonStyle, an enum) is none")
    func screens() {
        #expect(doc.scenes.map(\.id) == ["OrderView", "SettingsView"])
        #expect(doc.scenes[0].controls.count == 12)
    }

    @Test("every initialiser form gives its title, image, role and action")
    func initialisers() throws {
        let buy = try button("buy")
        #expect(buy.configuration?.title == "Buy coffee")          // a LocalizedStringKey, from the string table
        let delete = try button("OrderView.14")
        #expect(doc.info(for: delete)?.role == "destructive")
        let share = try button("OrderView.16")
        #expect(share.configuration?.title == "Share")
        #expect(share.configuration?.image == "square.and.arrow.up")
        let close = try button("close")                           // Button(action: close) { Image(systemName:) }
        #expect(close.configuration?.title == nil)
        #expect(close.configuration?.image == "xmark")
        #expect(doc.info(for: close)?.actions.first?.selector == "OrderView.swift:17")
        let favourite = try button("OrderView.21")                // Button { } label: { Label(...) }
        #expect(favourite.configuration?.title == "Favourite")
        #expect(favourite.configuration?.image == "heart")
        #expect(doc.info(for: favourite)?.actions.first?.selector == "OrderView.swift:21")
        let basket = try button("OrderView.27")                   // an HStack of Image and Text
        #expect(basket.styleFor(.normal).title == "Basket")
        #expect(basket.styleFor(.normal).image == "cart")
    }

    @Test("built-in styles are the configurations they correspond to; .plain draws the primary colour")
    func styles() throws {
        #expect(try button("buy").configuration?.style == .borderedProminent)
        #expect(try button("buy").configuration?.buttonSize == .large)
        #expect(try button("OrderView.14").configuration?.style == .bordered)
        #expect(try button("OrderView.16").configuration?.style == .borderless)
        let basket = try button("OrderView.27")
        #expect(basket.configuration == nil)
        #expect(basket.styleFor(.normal).colorValue(of: .titleColor) == .dynamic(.system(.label)))
        #expect(basket.styleFor(.normal).font == Font(family: "system", size: 15, weight: .semibold))
    }

    @Test("modifiers inherited from containers, the innermost winning; constants across files")
    func inherited() throws {
        let small = try button("OrderView.39")
        #expect(small.configuration?.style == .bordered)                    // from the HStack
        #expect(small.configuration?.buttonSize == .small)
        #expect(small.configuration?.cornerStyle == .capsule)
        #expect(small.tintColor == .fixed(Color(red: 204, green: 77, blue: 26)))   // Palette.brand, another file
        // The VStack's .font(.headline) reaches buttons without their own font.
        #expect(try button("buy").configuration?.titleFont == Font(textStyle: .headline))
        #expect(try button("OrderView.27").styleFor(.normal).font?.textStyle == nil)   // its own font wins
    }

    @Test("the app's ButtonStyle: makeBody's modifiers, its pressed look from configuration.isPressed")
    func customStyle() throws {
        let pay = try button("OrderView.56")
        #expect(doc.info(for: pay)?.customClass == "CapsuleStyle")
        #expect(pay.styleFor(.normal).titleColor == .white)
        #expect(pay.styleFor(.normal).backgroundColor == Color(red: 204, green: 77, blue: 26))
        #expect(pay.styleFor(.highlighted).alpha == 0.5)
        #expect(pay.styleFor(.normal).alpha == 1)
    }

    @Test("a frame fixes the size, .position gives a position; the others have none")
    func geometry() throws {
        let pay = try button("OrderView.56")
        #expect(pay.frame == Rect(x: 40, y: 678, width: 120, height: 44))
        #expect(pay.hasPosition && !pay.sizedByLayout)
        let buy = try button("buy")
        #expect(!buy.hasPosition && buy.sizedByLayout)
        // A large bordered-prominent button is taller than a regular bordered one.
        #expect(buy.frame.height > (try button("OrderView.14")).frame.height)
    }

    @Test("disabled, the colour scheme, accessibility modifiers, a button-style toggle")
    func flags() throws {
        #expect(try button("OrderView.42").isEnabled == false)
        #expect(try button("SettingsView.7").userInterfaceStyle == .dark)
        #expect(try button("OrderView.56").accessibilityLabel == "Pay for the order")
        #expect(try button("OrderView.35").changesSelectionAsPrimaryAction)
    }

    @Test("what is not evaluated is listed with line and column; the report counts SwiftUI controls")
    func unresolved() {
        #expect(doc.unresolved.map { "\($0.line):\($0.column) \($0.expression)" } == ["48:34 theme"])
        let summary = ScanSummary(doc, report)
        #expect(summary.buttons[.swiftui] == 17)
        #expect(summary.swiftUIWithLabel == 17)
        #expect(summary.swiftUIComplete == 16)
    }

    @Test("buttons in different branches of an if, a switch or a ViewThatFits never show together: no shared id or label between them")
    func alternativesAreNotDuplicates() throws {
        let (d, _) = try CodeFixtures.load(source: """
        import SwiftUI
        struct Accessory: View {
            var compact = false
            var body: some View {
                ViewThatFits {
                    HStack { actions }
                    VStack { actions }
                }
            }
            @ViewBuilder var actions: some View {
                Button { } label: { Image(systemName: "photo") }.accessibilityLabel("Photo")
                if compact {
                    Button("Post") { }
                } else {
                    Button("Post") { }
                }
                Button("Again") { }
                Button("Again") { }
            }
        }
        """)
        let controls = d.scenes.first?.controls ?? []
        #expect(controls.count == 10)
        let problems = AuditReport.make(d.auditTargets, options: AuditOptions()).findings.map(\.problem)
        let between = problems.filter { (p: AuditProblem) -> Bool in
            if case .duplicateId = p.kind { return true }
            if case .badLabel(_, .sharedWith) = p.kind { return true }
            return false
        }
        // Only the two "Again" buttons, which show together, in each ViewThatFits alternative.
        #expect(between.count == 2, "\(between.map { $0.description })")
        #expect(between.allSatisfy { $0.description.contains("\"Again\"") })
    }

    @Test("a helper of the view, a ternary in a label and an unknown style are read or listed")
    func helpersAndUnknowns() throws {
        let (d, _) = try CodeFixtures.load(source: """
        import SwiftUI
        struct V: View {
            var on = false
            var body: some View {
                VStack { row(title: "A"); extra }
                    .buttonStyle(FancyStyle())
            }
            func row(title: String) -> some View {
                Button(model.on ? "Yes" : "No") { }
            }
            private var extra: some View {
                Button("Extra") { }.tint(Color.mint.opacity(0.5))
            }
        }
        """)
        let controls = d.scenes.first?.controls ?? []
        #expect(controls.count == 2)
        #expect(controls.last?.configuration?.title == "Extra")
        #expect(controls.last?.tintColor == .fixed(SystemColor.systemMint.color(in: .light).multiplyingAlpha(0.5)))
        let reasons = d.unresolved.map(\.reason)
        #expect(reasons.contains { $0.hasPrefix("title: a conditional value") })   // decided at run time: listed, not guessed
        // FancyStyle is not in the app: listed, the buttons keep the rest.
        #expect(d.unresolved.contains { $0.expression == "FancyStyle()" && $0.reason == "a button style ButtonKit does not read" })
    }
}

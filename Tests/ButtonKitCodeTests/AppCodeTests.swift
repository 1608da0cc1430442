import Testing
import ButtonKit
import ButtonKitIB
@testable import ButtonKitCode

/// The fixture app (Tests/Fixtures/code/Shop): buttons made in code in each
/// form the contract lists, what the code says about them, and what it
/// cannot evaluate.
@Suite("The app's code: buttons found and styled")
struct AppCodeTests {
    let doc: IBDocument
    let report: CodeLoadReport

    init() throws {
        (doc, report) = try CodeFixtures.load("Shop")
    }

    func button(_ id: String) throws -> Button {
        try #require(doc.find(id), "no control '\(id)'")
    }

    @Test("a folder load is one document with a screen per type that makes buttons")
    func screens() {
        #expect(doc.kind == .app)
        #expect(doc.scenes.map(\.id).sorted() == ["BrokenView", "CheckoutViewController"])
        #expect(report.swiftFiles.count == 5)
    }

    @Test("a lazy var's closure: title from the string table, per-state colours, constants across files")
    func lazyClosure() throws {
        let pay = try button("pay")   // its accessibility identifier
        #expect(pay.type == .system)
        #expect(pay.styleFor(.normal).title == "Pay now")
        #expect(pay.styleFor(.normal).titleColor == .white)
        #expect(pay.styleFor(.highlighted).titleColor == Color(red: 255, green: 255, blue: 255, alpha: 128))
        #expect(pay.styleFor(.normal).backgroundColor == Color(red: 0, green: 122, blue: 255))
        #expect(pay.styleFor(.normal).cornerRadius == 12)   // Theme.radius * 2
        #expect(pay.styleFor(.normal).font == Font(family: "system", size: 17, weight: .bold))
        let info = try #require(doc.info(for: pay))
        #expect(info.origin == .code)
        #expect(info.property == "payButton")
        #expect(info.source.line == 6)
        #expect(info.actions == [IBAction(selector: "pay:", event: .touchUpInside, destination: "CheckoutViewController")])
    }

    @Test("a .then { } closure, a set-up method with the button as argument, the background-colour helper by its body")
    func thenClosureAndHelper() throws {
        let cancel = try button("cancelButton")
        #expect(cancel.type == .custom)
        #expect(cancel.styleFor(.normal).title == "Cancel")   // a file-scope let in Theme.swift
        #expect(cancel.styleFor(.normal).borderWidth == 1)
        #expect(cancel.styleFor(.highlighted).backgroundColor == .black)
    }

    @Test("an app subclass: its init's set-up, then its per-state override, then the owner's code")
    func subclass() throws {
        let promo = try button("promoButton")
        #expect(doc.info(for: promo)?.customClass == "PillButton")
        #expect(promo.styleFor(.normal).cornerRadius == 12)
        #expect(promo.styleFor(.normal).titleColor == .white)
        #expect(promo.styleFor(.highlighted).alpha == 0.5)
        #expect(promo.styleFor(.normal).title == "20% off")
    }

    @Test("a factory method's return is followed, its parameters bound")
    func factory() throws {
        let help = try button("helpButton")
        #expect(help.styleFor(.normal).title == "Help")
        #expect(help.type == .system)
    }

    @Test("a local added as a subview, named by type and line; a named colour from the catalog")
    func local() throws {
        let info = try button("CheckoutViewController.35")
        #expect(info.type == .system)
        #expect(info.tintColor.resolve(.default) == Color(red: 0x80, green: 0x40, blue: 0x20))
    }

    @Test("made by assignment with a configuration; the configuration's fields set through the property")
    func configuration() throws {
        let coupon = try button("couponButton")
        #expect(coupon.configuration?.style == .filled)
        #expect(coupon.configuration?.title == "Apply coupon")
        #expect(coupon.configuration?.baseBackgroundColor?.resolve(.default) == Color(red: 51, green: 153, blue: 51))
    }

    @Test("what is not evaluated is listed with file, line, column and the expression")
    func unresolved() throws {
        let theme = try #require(doc.unresolved.first { $0.expression == "ThemeManager.shared.accent" })
        #expect(theme.path.hasSuffix("CheckoutViewController.swift"))
        #expect(theme.line == 48)
        let premium = try #require(doc.unresolved.first { $0.expression.hasPrefix("if isPremium") })
        #expect(premium.reason.contains("condition"))
        // The rest of pay is still there.
        #expect(try button("pay").isHidden == false)
    }

    @Test("a file with syntax errors lists them and keeps what parses")
    func syntaxErrors() throws {
        let errors = doc.unresolved.filter { $0.reason.hasPrefix("syntax error") }
        #expect(errors.count >= 1)
        #expect(errors.allSatisfy { $0.path.hasSuffix("Broken.swift") && $0.line > 0 && $0.column > 0 })
        #expect(doc.find("retry") != nil)
    }

    @Test("a second load reads every file from the cache")
    func cache() throws {
        let (_, again) = try CodeFixtures.load("Shop")
        #expect(again.cached == again.swiftFiles.count)
    }
}

/// What code generators and platform conditions look like in real apps:
/// SwiftGen's `L10n.tr` and `ColorAsset`, `#if os(iOS)`, a subclass's own
/// initialiser.
@Suite("The app's code: generated strings and assets, #if, own initialisers")
struct GeneratedCodeTests {
    @Test("SwiftGen's L10n and Asset, the iOS clause of #if, an initialiser with its own labels")
    func generated() throws {
        let (doc, _) = try CodeFixtures.load("Generated")
        let reply = try #require(doc.find("replyButton"))
        #expect(reply.styleFor(.normal).title == "Reply")   // from the table
        #expect(reply.styleFor(.normal).colorValue(of: .titleColor)?.resolve(.default) == Color(red: 0x80, green: 0x40, blue: 0x20))   // Colors/Accent
        #expect(reply.styleFor(.normal).cornerRadius == 4)   // the #else of #if os(macOS)
        #expect(!reply.isHidden)
        let boost = try #require(doc.find("boostButton"))
        #expect(boost.styleFor(.normal).title == "Boost")   // not in the table: the fallback
        #expect(boost.styleFor(.normal).image == "arrow.2.squarepath")
        #expect(boost.tintColor == .dynamic(.system(.systemGreen)))
        #expect(!doc.unresolved.contains { $0.reason.contains("icon") })
        // A `tr` that formats what another helper of the app looks up.
        let retry = try #require(doc.find("retryButton"))
        #expect(retry.styleFor(.normal).title == "Try Again")
        #expect(!doc.unresolved.contains { $0.reason.contains("'tr' computes its value") })
    }
}

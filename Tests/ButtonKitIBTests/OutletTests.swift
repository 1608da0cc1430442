import Testing
import ButtonKit
@testable import ButtonKitIB

/// Outlets join a file's controls to the app's code (owner class + property)
/// and name them; every control says where it was defined.
@Suite struct OutletTests {
    @Test func viewControllerOutletsNameTheirButtons() throws {
        let doc = try Fixtures.load("Kinds/Outlets.storyboard")
        let signOut = try #require(doc.find("sgn-Bt-001"))
        let info = try #require(doc.info(for: signOut))
        #expect(info.outlet == IBOutlet(property: "signOutButton", ownerClass: "AccountViewController", isCollection: false))
        #expect(info.property == "signOutButton")
        #expect(info.origin == .storyboard)
        #expect(info.source == SourceLocation(path: Fixtures.path("Kinds/Outlets.storyboard"), line: 14, column: 29))
        // A custom view's outlet names its button with the view's class.
        let edit = try #require(doc.find("edt-Bt-001"))
        #expect(doc.info(for: edit)?.outlet == IBOutlet(property: "editButton", ownerClass: "ProfileRow", isCollection: false))
        // The outlets used are read; the label's outlet is still listed.
        #expect(!doc.ignored.contains { $0.element == "outlet" && $0.line == 36 })
        #expect(!doc.ignored.contains { $0.element == "connections" })
        #expect(doc.ignored.contains { $0.element == "outlet" && $0.line == 37 })
    }

    @Test func filesOwnerOutletsAndCollectionsInAXib() throws {
        let doc = try Fixtures.load("Kinds/Login.xib")
        func outlet(_ id: String) throws -> IBOutlet? { try #require(doc.find(id).flatMap(doc.info(for:))).outlet }
        #expect(try outlet("lgn-Bt-001") == IBOutlet(property: "loginButton", ownerClass: "LoginViewController", isCollection: false))
        #expect(try outlet("apple") == IBOutlet(property: "socialButtons", ownerClass: "LoginViewController", isCollection: true))
        #expect(try outlet("soc-Bt-002")?.property == "socialButtons")
        #expect(try outlet("hlp-Bt-009") == nil)
        let info = try #require(doc.find("Help").flatMap(doc.info(for:)))
        #expect(info.origin == .xib && info.source.line == 33 && info.source.column == 17)
    }
}

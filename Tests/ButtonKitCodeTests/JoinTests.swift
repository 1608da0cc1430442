import Testing
import ButtonKit
import ButtonKitIB
@testable import ButtonKitCode

/// A folder with a storyboard and the view controller's code: one screen,
/// the storyboard's button with its code on top, the code's own button beside it.
@Suite("The app's code joined with its storyboards")
struct JoinTests {
    @Test("a scene whose view controller is a type of the code is that type's screen, outlets joined")
    func joined() throws {
        let (doc, report) = try CodeFixtures.load("Joined")
        #expect(doc.scenes.count == 1)
        let scene = try #require(doc.scene(named: "LoginViewController"))
        #expect(scene.controls.count == 2)
        let login = try #require(scene.find("Log in"))
        let info = try #require(doc.info(for: login))
        #expect(info.origin == .storyboard)
        #expect(info.property == "loginButton")
        // The file's title stays; the code's colours and corners go on top.
        #expect(login.styleFor(.normal).title == "Log in")
        #expect(login.styleFor(.normal).titleColor == .white)
        #expect(login.styleFor(.normal).cornerRadius == 8)
        #expect(info.actions.map(\.selector) == ["logIn"])
        let forgot = try #require(scene.find("forgotButton"))
        #expect(doc.info(for: forgot)?.origin == .code)
        #expect(report.controls.first { $0.id == login.id }?.resolved == 4)
    }
}

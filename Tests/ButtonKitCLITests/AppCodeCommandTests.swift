import Foundation
import Testing
import ButtonKitTestSupport

/// `buttonkit scan`, `audit` and `render` on an app's Swift code and folder
/// (Tests/Fixtures/code), through the binary; and what happens without the
/// Swift reader beside it.
@Suite("buttonkit scan, audit and render on app code", .serialized)
struct AppCodeCommandTests {
    static let shop = "Tests/Fixtures/code/Shop"
    static let joined = "Tests/Fixtures/code/Joined"

    @Test func scanCountsButtonsSettingsAndTheCommonestUnresolved() throws {
        let r = try CLI.run(["scan", Self.shop], in: CLI.root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\(Self.shop)/CheckoutViewController.swift: 6 code;"), "\(r.stdout)")
        #expect(r.stdout.contains("total: 7 code;"), "\(r.stdout)")
        #expect(r.stdout.contains("ThemeManager.shared.accent"), "\(r.stdout)")
        #expect(r.stdout.contains("syntax errors: 2"), "\(r.stdout)")
        // Never a progress line in a pipe.
        #expect(!r.stderr.contains("reading Swift"))
    }

    @Test func scanJSONHasFilesTotalsAndUnresolved() throws {
        let r = try CLI.run(["scan", "--json", Self.joined], in: CLI.root)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let totals = json?["totals"] as? [String: Any]
        let buttons = totals?["buttons"] as? [String: Int]
        #expect(buttons?["code"] == 1 && buttons?["storyboard"] == 1, "\(r.stdout)")
        #expect((json?["files"] as? [Any])?.count == 2)
    }

    @Test func auditNamesCodeControlsWithTheirFileAndLine() throws {
        let r = try CLI.run(["audit", "--check", "hitTarget", Self.joined], in: CLI.root)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("Login/forgotButton: hit target") && r.stdout.contains("[LoginViewController.swift:7]"), "\(r.stdout)")
        #expect(r.stderr.contains("\(Self.joined): 1 screen, 2 buttons"), "\(r.stderr)")
    }

    @Test func renderDrawsCodeScreensNamedByScreenAndControl() throws {
        let dir = try CLI.scratch()
        let out = dir.appendingPathComponent("gallery").path
        let r = try CLI.run(["render", Self.shop, "-o", out, "--unsafe"], in: CLI.root)
        #expect(r.status == 0, "\(r.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        for f in ["CheckoutViewController.svg", "CheckoutViewController_pay.svg", "CheckoutViewController_cancelButton.svg"] {
            #expect(files.contains(f), "\(f) missing from \(files.sorted())")
        }
    }

    @Test func withoutTheReaderSwiftIsAClearErrorAndStoryboardsStillLoad() throws {
        // The binary alone, in a folder without the reader beside it.
        let dir = try CLI.scratch()
        let lone = dir.appendingPathComponent("buttonkit")
        try FileManager.default.copyItem(at: CLI.binary, to: lone)
        try "let b = UIButton()\n".write(to: dir.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        try "print(pcall(ui.load, 'A.swift'))\n".write(to: dir.appendingPathComponent("s.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "s.lua"], in: dir, executable: lone)
        #expect(r.stdout.contains("false") && r.stdout.contains("buttonkit-swift-reader") && r.stdout.contains("scripts/install"), "\(r.stdout)\(r.stderr)")
        let scan = try CLI.run(["scan", "A.swift"], in: dir, executable: lone)
        #expect(scan.status == 1 && scan.stderr.contains("scripts/install"), "\(scan.stderr)")
    }
}

import Foundation
import Testing
import ButtonKitTestSupport

/// `buttonkit audit` and `buttonkit render` given the app's own storyboard
/// or XIB (examples/Shop) instead of a script, through the binary.
@Suite("buttonkit audit and render on app files", .serialized)
struct AppFileCommandTests {
    static let storyboard = "examples/Shop/Shop/Base.lproj/Main.storyboard"
    static let xib = "examples/Shop/Shop/CartItemView.xib"

    @Test func auditNamesProblemsByScreenAndControlAndExits1() throws {
        let r = try CLI.run(["audit", "--check", "hitTarget,label,duplicateId", Self.storyboard], in: CLI.root)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").contains("Checkout/close: hit target 30x30 pt < 44x44 pt"), "\(r.stdout)")
        // Only problems on standard output; the file's summary on standard error.
        #expect(!r.stdout.contains("not modelled"))
        #expect(r.stderr.contains("\(Self.storyboard): 2 screens, 8 buttons"), "\(r.stderr)")
        #expect(r.stderr.contains("accessibility problem"), "\(r.stderr)")
    }

    @Test func optionsMayFollowTheFileAndIgnoredListsLines() throws {
        let r = try CLI.run(["audit", Self.storyboard, "--check", "hitTarget", "--assets", "examples/Shop/Shop/Assets.xcassets", "--ignored"], in: CLI.root)
        #expect(r.status == 1, "\(r.stderr)")
        let listed = r.stderr.split(separator: "\n").filter { $0.hasPrefix(Substring(Self.storyboard + ":")) && $0.dropFirst(Self.storyboard.count + 1).first?.isNumber == true }
        #expect(!listed.isEmpty, "\(r.stderr)")
    }

    @Test func aCleanXibExits0() throws {
        let r = try CLI.run(["audit", "--check", "hitTarget,label,duplicateId", Self.xib], in: CLI.root)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("\(Self.xib): 1 screen, 2 buttons"), "\(r.stderr)")
    }

    @Test func renderDrawsEveryScreenAndControlNamedByScreen() throws {
        let dir = try CLI.scratch()
        let out = dir.appendingPathComponent("gallery").path
        let r = try CLI.run(["render", Self.storyboard, "-o", out, "--unsafe"], in: CLI.root)
        #expect(r.status == 0, "\(r.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        for f in ["index.html", "Checkout.svg", "Confirmation.svg", "Checkout_pay.svg", "Checkout_close.svg", "Confirmation_done.svg"] {
            #expect(files.contains(f), "\(f) missing from \(files.sorted())")
        }
        let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(html.contains("Checkout:pay"))
        #expect(r.stderr.contains("not modelled") || r.stderr.contains("nothing ignored"), "\(r.stderr)")
    }

    @Test func aBrokenFileIsItsLineAndColumnAndExits1() throws {
        let dir = try CLI.scratch()
        try "<?xml version=\"1.0\"?>\n<document>\n  <scenes>\n</document>\n".write(to: dir.appendingPathComponent("bad.storyboard"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["audit", "bad.storyboard"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("buttonkit: ui.load: bad.storyboard:"), "\(r.stderr)")
        #expect(!r.stderr.contains("stack traceback"))
        let render = try CLI.run(["render", "bad.storyboard", "-o", "out"], in: dir)
        #expect(render.status == 1 && render.stderr.contains("bad.storyboard:"), "\(render.stderr)")
    }

    /// A storyboard named outside the working tree is read from its own
    /// project (the run confined there instead); a script's ui.load of the
    /// same file is still refused.
    @Test func aFileOutsideTheTreeIsReadFromItsProject() throws {
        let dir = try CLI.scratch()
        let shop = dir.appendingPathComponent("Shop")
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("examples/Shop"), to: shop)
        let file = shop.appendingPathComponent("Shop/Base.lproj/Main.storyboard").path
        let here = try CLI.scratch()
        let r = try CLI.run(["audit", "--check", "hitTarget", file], in: here)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("Checkout/close: hit target 30x30 pt"), "\(r.stdout)")
        #expect(r.stderr.contains("is outside the working tree: the run reads \(shop.resolvingSymlinksInPath().path) instead"), "\(r.stderr)")
        // The colours came from the project's catalog.
        #expect(!r.stderr.contains("BrandPrimary"), "\(r.stderr)")
        let out = here.appendingPathComponent("out").path
        let render = try CLI.run(["render", file, "-o", "out"], in: here)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/Checkout_pay.svg"))
        let script = try CLI.run(["run", "-e", "ui.load(...)", file], in: here)
        #expect(script.status == 1 && script.stderr.contains("outside the working tree"), "\(script.stderr)")
    }

    /// A FIFO named like a storyboard would block a plain open forever.
    @Test func aFifoIsRefusedWithoutHanging() throws {
        let dir = try CLI.scratch()
        #expect(mkfifo(dir.appendingPathComponent("pipe.storyboard").path, 0o600) == 0)
        let r = try CLI.run(["audit", "pipe.storyboard"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("pipe.storyboard") && r.stderr.contains("not a regular file"), "\(r.stderr)")
    }

    /// The walkthrough's output is the binary's: docs/interface-builder.md
    /// shows what `list.lua`, the example's spec and the audit print.
    @Test func theWalkthroughShowsWhatTheBinaryPrints() throws {
        let doc = try String(contentsOf: CLI.root.appendingPathComponent("docs/interface-builder.md"), encoding: .utf8)
        func block(after command: String) -> [String] {
            let lines = doc.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard let i = lines.firstIndex(of: command) else { return [] }
            return Array(lines[(i + 1)...].prefix { !$0.hasPrefix("```") && !$0.hasPrefix("$ ") })
        }
        let shop = CLI.root.appendingPathComponent("examples/Shop")
        let list = try CLI.run(["run", "list.lua"], in: shop)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(block(after: "$ buttonkit run list.lua") == list.stdout.split(separator: "\n").map(String.init))
        let test = try CLI.run(["test", "spec"], in: shop)
        #expect(test.status == 0, "\(test.stdout)")
        #expect(block(after: "$ buttonkit test spec").first == test.stdout.split(separator: "\n").first.map(String.init))
        let audit = try CLI.run(["audit", "Shop/Base.lproj/Main.storyboard"], in: shop)
        #expect(audit.status == 1)
        let shown = block(after: "$ buttonkit audit Shop/Base.lproj/Main.storyboard")
        let printed = audit.stdout.split(separator: "\n").map(String.init) + audit.stderr.split(separator: "\n").map(String.init)
        #expect(Set(shown) == Set(printed), "shown but not printed: \(Set(shown).subtracting(printed)); printed but not shown: \(Set(printed).subtracting(shown))")
    }

    @Test func badUsageExits2() throws {
        #expect(try CLI.run(["audit", "a.storyboard", "b.xib"], in: CLI.root).status == 2)
        let dir = try CLI.scratch()
        try "ui.button { id = 'x', title = 'X' }".write(to: dir.appendingPathComponent("s.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "s.lua", "-o", "out", "--assets", "A.xcassets"], in: dir)
        #expect(r.status == 2 && r.stderr.contains("--assets is for a storyboard or XIB"), "\(r.stderr)")
    }
}

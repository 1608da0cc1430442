import Foundation
import Glibc
import Testing
import ButtonKitTestSupport

/// An app folder as hostile as a real checkout can be, loaded through the
/// binary under `--timeout` and `--max-memory`: a 50 MB `.swift` file, a
/// loop of folder links, links out of the working tree (a folder and a
/// file), and a FIFO named `X.swift`. Each is a listed skip (a folder load)
/// or a clear error (the file alone), never a crash or a hang; the one real
/// button is read once. Before folders were read by identity, the loop's two
/// links made 12,370 copies of the folder's file and the load ran past its
/// `--timeout` (scan took 131 s).
@Suite("Hostile app folders through the binary")
struct AppCodeBadInputTests {
    static let screen = """
        import UIKit
        final class ScreenViewController: UIViewController {
            let buyButton = UIButton(type: .system)
            override func viewDidLoad() {
                super.viewDidLoad()
                buyButton.setTitle("Buy", for: .normal)
            }
        }

        """

    /// tree/App with every hostile entry, and outside/ beside the tree.
    static func hostileApp() throws -> Escape {
        let e = try Escape()
        let app = e.tree.appendingPathComponent("App")
        let fm = FileManager.default
        try fm.createDirectory(at: app.appendingPathComponent("Loop"), withIntermediateDirectories: true)
        try screen.write(to: app.appendingPathComponent("ScreenViewController.swift"), atomically: true, encoding: .utf8)
        // 50 MB of real Swift text (not a sparse file: were the size not
        // checked, the reader would get all of it).
        let line = Array("let constant = \"0123456789012345678901234567890123456789\"\n".utf8)
        var big = [UInt8]()
        big.reserveCapacity(50 * 1024 * 1024 + line.count)
        while big.count < 50 * 1024 * 1024 { big += line }
        try Data(big).write(to: app.appendingPathComponent("Big.swift"))
        // Loop/up leads back to App, Loop/here to Loop itself.
        #expect(symlink("..", app.appendingPathComponent("Loop/up").path) == 0)
        #expect(symlink(".", app.appendingPathComponent("Loop/here").path) == 0)
        // Links out of the tree: a folder and a Swift file.
        try "final class Secret { let b = UIButton(type: .system) }\n".write(to: e.outsideFile("Secret.swift"), atomically: true, encoding: .utf8)
        #expect(symlink(e.outside.path, app.appendingPathComponent("Outside").path) == 0)
        #expect(symlink(e.outsideFile("Secret.swift").path, app.appendingPathComponent("Secret.swift").path) == 0)
        #expect(mkfifo(app.appendingPathComponent("X.swift").path, 0o644) == 0)
        return e
    }

    static let listing = """
        local d = ui.load(arg[1] or "App")
        local codeButtons = 0
        for _, s in ipairs(d.screens) do for _, c in ipairs(s.controls) do if c.origin == "code" then codeButtons = codeButtons + 1 end end end
        print("code buttons", codeButtons)
        for _, u in ipairs(d.unresolved) do print("listed", u.path, u.reason) end
        """

    @Test func aFolderLoadListsEverySkipAndReadsTheButtonOnce() throws {
        let e = try Self.hostileApp()
        try Self.listing.write(to: e.inTree("list.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["run", "--timeout", "30", "--max-memory", "256", "list.lua"], in: e.tree, limit: 120)
        #expect(!r.timedOut && !r.crashed && r.exitCode == 0, "\(r.summary)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("code buttons\t1"), "\(r.summary)")
        func listed(_ path: String, _ reason: String) -> Bool {
            lines.contains { $0.hasPrefix("listed\tApp/\(path)\t") && $0.contains(reason) }
        }
        #expect(listed("Big.swift", "more than the 32 MB"), "\(r.summary)")
        #expect(listed("X.swift", "not a regular file"), "\(r.summary)")
        #expect(listed("Loop/up", "a link to a folder read already"), "\(r.summary)")
        #expect(listed("Loop/here", "a link to a folder read already"), "\(r.summary)")
        #expect(listed("Outside", "outside the working tree"), "\(r.summary)")
        #expect(listed("Secret.swift", "outside the working tree"), "\(r.summary)")
        #expect(lines.filter { $0.hasPrefix("listed") }.count == 6, "\(r.summary)")
    }

    @Test func scanCountsTheSkipsWithinItsTimeout() throws {
        let e = try Self.hostileApp()
        let r = try Spawned.run(["scan", "--timeout", "30", "App"], in: e.tree, limit: 120)
        #expect(!r.timedOut && !r.crashed && r.exitCode == 0, "\(r.summary)")
        #expect(r.stdout.contains("total: 1 code;"), "\(r.summary)")
        #expect(r.stdout.contains("files or folders skipped: 6"), "\(r.summary)")
    }

    @Test func unconfinedTheLoopIsStillReadOnceAndTheOutsideFolderOnce() throws {
        let e = try Self.hostileApp()
        try Self.listing.write(to: e.inTree("list.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["run", "--unsafe", "--timeout", "30", "--max-memory", "256", "list.lua"], in: e.tree, limit: 120)
        #expect(!r.timedOut && !r.crashed && r.exitCode == 0, "\(r.summary)")
        // ScreenViewController's button, and Secret's read through App/Secret.swift and App/Outside/Secret.swift.
        #expect(r.stdout.contains("code buttons\t"), "\(r.summary)")
        #expect(r.stdout.contains("listed\tApp/Loop/up\t") && r.stdout.contains("listed\tApp/Loop/here\t"), "\(r.summary)")
        #expect(!r.stdout.contains("outside the working tree"), "\(r.summary)")
    }

    @Test(arguments: [("App/X.swift", "not a regular file"), ("App/Big.swift", "more than the 32 MB")])
    func theFileAloneIsAClearError(_ file: String, _ reason: String) throws {
        let e = try Self.hostileApp()
        let scan = try Spawned.run(["scan", "--timeout", "30", file], in: e.tree, limit: 120)
        #expect(!scan.timedOut && scan.exitCode == 1 && scan.stderr.contains(reason), "\(scan.summary)")
        let run = try Spawned.run(["run", "--timeout", "30", "--max-memory", "256", "-e", "print(pcall(ui.load, '\(file)'))"],
                                  in: e.tree, limit: 120)
        #expect(!run.timedOut && run.exitCode == 0 && run.stdout.hasPrefix("false\t") && run.stdout.contains(reason), "\(run.summary)")
    }
}

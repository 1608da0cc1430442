#if canImport(Glibc)
import Glibc
#endif
import Testing
import ButtonKit
import ButtonKitIB
@testable import ButtonKitCode

/// The walk of an app's folders: each real folder once, whatever links
/// lead to it; a path the run may not read listed with why; a walk past
/// the run's deadline an error, not a hang.
@Suite("The walk of an app folder")
struct AppFolderTests {
    /// A scratch folder with App/V.swift and App/Loop/{up -> .., here -> .}.
    static func loopingApp() -> String {
        var template = Array("/tmp/bk-folder-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        #expect(made != nil)
        let base = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        mkdir(base + "/App", 0o755)
        mkdir(base + "/App/Loop", 0o755)
        let text = Array("import UIKit\nfinal class V: UIViewController { let b = UIButton(type: .system) }\n// \(UInt64.random(in: 0...UInt64.max))\n".utf8)
        let fd = open(base + "/App/V.swift", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, text.count) }
        close(fd)
        #expect(symlink("..", base + "/App/Loop/up") == 0)
        #expect(symlink(".", base + "/App/Loop/here") == 0)
        return base + "/App"
    }

    @Test("a loop of links: each folder is read once and the links are listed")
    func loop() throws {
        let app = Self.loopingApp()
        let (doc, report) = try CodeDocument.load(path: app, options: CodeFixtures.options { $0.ib.assetCatalogs = [] })
        #expect(report.swiftFiles == [app + "/V.swift"])
        let listed = doc.unresolved.filter { $0.reason.contains("a link to a folder read already") }.map(\.path).sorted()
        #expect(listed == [app + "/Loop/here", app + "/Loop/up"])
        #expect(doc.scenes.flatMap(\.controls).count == 1)
    }

    @Test("a folder the run refuses is listed with the refusal, not passed over")
    func refused() throws {
        let app = Self.loopingApp()
        let (doc, report) = try CodeDocument.load(path: app, options: CodeFixtures.options {
            $0.ib.assetCatalogs = []
            $0.ib.probeFolder = { p in p.hasSuffix("/Loop") ? .refused("outside the working tree (test)") : FolderProbe.system(p) }
        })
        #expect(report.swiftFiles == [app + "/V.swift"])
        #expect(doc.unresolved.contains { $0.path == app + "/Loop" && $0.reason == "skipped: outside the working tree (test)" })
    }

    @Test("a walk past the load's time left is an error that says to raise --timeout")
    func deadline() {
        let app = Self.loopingApp()
        let walk = AppFolder(root: app, options: CodeFixtures.options(), deadline: ReaderProcess.now() - 1)
        #expect(walk.timedOut)
        #expect(walk.swift.isEmpty)
        let slow = CodeFixtures.options {
            $0.timeLeft = 0.001
            let list = $0.ib.listDirectory
            $0.ib.listDirectory = { p in usleep(20_000); return try list(p) }
        }
        #expect {
            _ = try CodeDocument.load(path: app, options: slow)
        } throws: { e in
            "\(e)".contains("raise --timeout")
        }
    }
}

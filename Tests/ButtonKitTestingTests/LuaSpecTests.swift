import Foundation
import Testing
@testable import ButtonKitTesting
import ButtonKitTestSupport

/// Every `spec/*_spec.lua`, run in this process by the framework (no
/// binary, no fork), so `swift test` alone proves the Lua suites pass. The
/// specs check the sandbox too, so they run inside it, as the project's
/// `.busted` asks; `scripts/lua-specs` runs the same files through the CLI.
@Suite("Lua specs in process", .serialized)
struct LuaSpecTests {
    static let specFiles: [String] = {
        let dir = CLI.root.appendingPathComponent("spec")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix("_spec.lua") }.sorted().map { "spec/" + $0 }
    }()

    @Test func theSpecFolderIsFound() {
        #expect(Self.specFiles.count >= 10)
    }

    @Test(arguments: specFiles)
    func specFilePasses(_ file: String) throws {
        #expect(FileManager.default.currentDirectoryPath == CLI.root.path,
                "swift test runs from the package root; the specs' paths are relative to it")
        var options = TestOptions()
        options.sandbox = true
        var results: [TestResult] = []
        let loaded = SpecRunner.run(file: file, options: options) { results.append($0) }
        #expect(loaded)
        #expect(!results.isEmpty, "\(file) ran no test")
        for r in results where r.status != .passed && r.status != .pending {
            Issue.record("\(r.name) (\(file):\(r.line)): \(r.status.rawValue): \(r.message ?? "")")
        }
    }
}

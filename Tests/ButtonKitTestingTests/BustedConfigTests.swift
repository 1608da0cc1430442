import ButtonKitLua
import Foundation
import Testing
@testable import ButtonKitTesting

/// `.busted` read as busted's configuration_loader reads it.
@Suite("busted's configuration file")
struct BustedConfigTests {
    @Test func bustedConfigMergesAllAndTask() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bk-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(".busted").path
        try "return { _all = { lpath = 'a', tags = { 'x', 'y' } }, default = { tags = 'z' }, ci = { output = 'TAP' } }"
            .write(toFile: path, atomically: true, encoding: .utf8)
        let d = try #require(try BustedConfig.load(path: path, task: nil))
        #expect(d["lpath"] == ["a"])
        #expect(d["tags"] == ["z"])
        let ci = try #require(try BustedConfig.load(path: path, task: "ci"))
        #expect(ci["output"] == ["TAP"])
        #expect(ci["tags"] == ["x", "y"])
        #expect(throws: LuaError.self) { try BustedConfig.load(path: path, task: "nope") }
    }
}

import Foundation
import Glibc
import Testing
import ButtonKitTestSupport

/// A store named by a FIFO blocked `open()` for good (issue 27): with
/// `--timeout 0`, and under `buttonkit test` (no default timeout), nothing
/// ended it. Files the core reads are opened without blocking and refused
/// unless regular, as `ui.load` already did.
@Suite("FIFOs and devices named as files")
struct NonRegularFileTests {
    static func fifoTree() throws -> URL {
        let dir = try CLI.scratch()
        #expect(mkfifo(dir.appendingPathComponent("s.json").path, 0o644) == 0)
        return dir
    }

    @Test(arguments: [["run", "--timeout", "0"], ["run", "--timeout", "0", "--unsafe"]])
    func aStoreOnAFifoIsRefusedAtOnce(_ mode: [String]) throws {
        let r = try Spawned.run(mode + ["-e", "print(pcall(ui.store, 's.json'))"], in: try Self.fifoTree(), limit: 30)
        #expect(!r.timedOut && r.exitCode == 0, "\(r.summary)")
        #expect(r.stdout.hasPrefix("false\t") && r.stdout.contains("not a regular file"), "\(r.summary)")
    }

    @Test func aStoreOnAFifoFailsItsTestWithoutATimeout() throws {
        let dir = try Self.fifoTree()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        describe("store", function()
          it("opens a FIFO", function() ui.store("s.json") end)
          it("still runs", function() assert.is_true(true) end)
        end)
        """.write(to: dir.appendingPathComponent("spec/fifo_spec.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["test", "-o", "plainTerminal"], in: dir, limit: 30)
        #expect(!r.timedOut && r.exitCode == 1, "\(r.summary)")
        #expect(r.stdout.contains("not a regular file") && r.stdout.contains("1 success"), "\(r.summary)")
    }

    @Test func aDeviceIsNotReadForEver() throws {
        let dir = try CLI.scratch()
        #expect(symlink("/dev/zero", dir.appendingPathComponent("z.json").path) == 0)
        let r = try Spawned.run(["run", "--unsafe", "--timeout", "0", "-e", "print(pcall(ui.store, 'z.json'))"], in: dir, limit: 30)
        #expect(!r.timedOut && r.exitCode == 0 && r.stdout.hasPrefix("false\t"), "\(r.summary)")
    }
}

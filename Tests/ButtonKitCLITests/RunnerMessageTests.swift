import Foundation
import Testing
import ButtonKitTestSupport

/// What the runner says when a run is set up wrong: one line, with the fix
/// in it, never a Lua traceback of the tool's own chunks.
@Suite("buttonkit test: set-up messages", .serialized)
struct RunnerMessageTests {
    func tree(_ files: [String: String]) throws -> URL {
        let dir = try CLI.scratch()
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return dir
    }

    static let spec = "describe('pay', function()\n  it('works', function() assert.is_true(true) end)\nend)\n"

    @Test func aBrokenConfigFileIsOneLineNamingItsLine() throws {
        let dir = try tree([".busted": "return { _all = { verbose = true, }, ci = {\n", "spec/pay_spec.lua": Self.spec])
        for extra in [[], ["--sandbox"]] {
            let r = try CLI.run(["test"] + extra, in: dir)
            #expect(r.status == 2)
            #expect(r.stderr == "buttonkit: cannot read .busted: .busted:2: unexpected symbol near <eof> (see 'buttonkit help test')\n")
        }
    }

    /// A config file that raises names itself once, with the error's line.
    @Test func aConfigFileThatRaisesNamesItselfOnce() throws {
        let dir = try tree([".busted": "error('boom')\n", "spec/pay_spec.lua": Self.spec])
        let r = try CLI.run(["test"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr == "buttonkit: cannot read .busted: .busted:1: boom (see 'buttonkit help test')\n", "\(r.stderr)")
    }

    @Test func anUnknownTaskSuggestsTheClosest() throws {
        let dir = try tree([".busted": "return { ci = { verbose = true }, nightly = {} }\n", "spec/pay_spec.lua": Self.spec])
        let r = try CLI.run(["test", "--run", "cii"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr == "buttonkit: .busted has no task 'cii'; did you mean 'ci'? (its tasks: ci, nightly) (see 'buttonkit help test')\n")
        #expect(!r.stderr.contains("traceback"))
        // The suggestion works.
        #expect(try CLI.run(["test", "--run", "ci"], in: dir).status == 0)
    }

    @Test func aLinePastTheFilesEndIsAnError() throws {
        let dir = try tree(["spec/pay_spec.lua": Self.spec])
        let r = try CLI.run(["test", "spec/pay_spec.lua:999"], in: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("spec/pay_spec.lua:999: the file has 3 lines; no test is at line 999"))
        let inside = try CLI.run(["test", "-o", "plain", "spec/pay_spec.lua:2"], in: dir)
        #expect(inside.status == 0)
        #expect(inside.stdout.hasSuffix("1 passed, 0 failed, 0 pending\n"))
    }

    @Test func updatingSnapshotsRewritesAndReportsOnlyWhatChanged() throws {
        let dir = try tree(["spec/snap_spec.lua": """
            describe("s", function()
              it("a", function() assert.snapshot(ui.button { id = "a", title = "A" }) end)
              it("b", function() assert.snapshot(ui.button { id = "b", title = os.getenv("TITLE") or "B" }) end)
            end)
            """])
        #expect(try CLI.run(["test", "-o", "plain", "spec"], in: dir).status == 0)
        let file = dir.appendingPathComponent("spec/__snapshots__/snap_spec.json")
        let before = try Data(contentsOf: file)
        let past = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: file.path)
        // Nothing changed: no note, the file is not written.
        let same = try CLI.run(["test", "-o", "plain", "-u", "spec"], in: dir)
        #expect(same.status == 0)
        #expect(!same.stderr.contains("snapshot"), "\(same.stderr)")
        #expect(CLI.modified(file) == past)
        // One changed: one note, for it alone.
        let one = try CLI.run(["test", "-o", "plain", "-u", "spec"], in: dir, env: ["TITLE": "C"])
        #expect(one.stderr.components(separatedBy: "note:").count == 2, "\(one.stderr)")
        #expect(one.stderr.contains("updated snapshot 's b'"))
        #expect(try Data(contentsOf: file) != before)
    }
}

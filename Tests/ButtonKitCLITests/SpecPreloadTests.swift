import Foundation
import Testing
import ButtonKitTestSupport

/// busted loads every spec file before it runs any: a spec that rewrites a
/// later spec file cannot change what runs (issue 27: with `--sort` and one
/// job, `a_spec.lua` wrote a passing `b_spec.lua` and the real failure
/// disappeared; the run exited 0).
@Suite("Spec files are loaded before any runs")
struct SpecPreloadTests {
    @Test(arguments: [["--sandbox", "--sort"], ["--sandbox", "--sort", "--jobs", "2"], ["--sort"]])
    func aSpecCannotRewriteALaterOne(_ mode: [String]) throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        describe("a", function()
          it("rewrites b", function()
            local f = assert(io.open("spec/b_spec.lua", "w"))
            f:write('describe("b", function() it("passes", function() end) end)\\n')
            f:close()
          end)
        end)
        """.write(to: dir.appendingPathComponent("spec/a_spec.lua"), atomically: true, encoding: .utf8)
        try """
        describe("b", function() it("fails for real", function() error("the real failure") end) end)
        """.write(to: dir.appendingPathComponent("spec/b_spec.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["test"] + mode + ["-o", "plainTerminal"], in: dir, limit: 60)
        #expect(r.exitCode == 1, "\(r.summary)")
        #expect(r.stdout.contains("the real failure") && r.stdout.contains("1 success / 0 failures / 1 error"), "\(r.summary)")
        // The rewrite itself happened: what runs is what was loaded first.
        let now = try String(contentsOf: dir.appendingPathComponent("spec/b_spec.lua"), encoding: .utf8)
        #expect(now.contains("passes"))
    }

    /// A spec that does not compile is still reported as it was.
    @Test func aSyntaxErrorIsStillReported() throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try "describe('x', function() it('y', function() end) end) end".write(
            to: dir.appendingPathComponent("spec/bad_spec.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["test", "-o", "plainTerminal"], in: dir, limit: 60)
        #expect(r.exitCode == 1 && r.stdout.contains("spec/bad_spec.lua:1:"), "\(r.summary)")
    }
}

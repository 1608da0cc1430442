import Foundation
import Testing
import ButtonKitTestSupport

/// What a spec hands the runner (its results, coverage, names, pictures)
/// is the spec's to choose, and the runner is unconfined: these must never
/// crash it, add records of the spec's making, or break a report's format.
/// Found by a review that tried to escape the sandbox.
@Suite("Runner input from specs")
struct RunnerInputTests {
    func tree(_ files: [String: String]) throws -> URL {
        let dir = try CLI.scratch()
        for (name, text) in files {
            let u = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: u, atomically: true, encoding: .utf8)
        }
        return dir
    }

    @Test func extremeLineNumbersAndCountsDoNotCrashTheRunner() throws {
        let dir = try tree([
            "spec/line_spec.lua": "it('y', function() require('busted').current_test.line = math.mininteger end)\n",
            "spec/stats_spec.lua": """
                it('c', function()
                  local f = assert(io.open('luacov.stats.out', 'w'))
                  f:write('9223372036854775807:mod.lua\\n9223372036854775807 \\n')
                  f:close()
                  require('luacov')
                  require('mod')
                end)
                """,
            "mod.lua": "return 1\n",
        ])
        let r = try CLI.run(["test", "-o", "plain", "--sandbox", "-j", "1"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("2 passed"), "\(r.stdout)")
    }

    @Test func aMetamethodInTheFailureDetailsAddsNoRecordOfItsOwn() throws {
        let dir = try tree([
            "spec/forge_spec.lua": """
                it('fails', function()
                  debug.getmetatable(require('busted')).__index.failure_details = setmetatable({}, { __index = function(_, k)
                    require('mod')
                    return k == 'actual' and 'FORGED\\nN\\tforged note' or 'x'
                  end })
                  assert.is_true(false)
                end)
                """,
            "mod.lua": "return 1\n",
        ])
        let r = try CLI.run(["test", "-o", "plain", "--sandbox"], in: dir)
        #expect(r.status == 1)
        #expect(r.stdout.contains("0 passed, 1 failed"), "\(r.stdout)")
        #expect(!r.stdout.contains("forged note") && !r.stderr.contains("forged note"))
    }

    @Test func aPictureASpecMadeUpIsNotPutInlineInTheHTMLReport() throws {
        let dir = try tree([
            "spec/html_spec.lua": """
                it('fails', function()
                  debug.getmetatable(require('busted')).__index.failure_details = { expected = '<script>alert(1)</script>', actual = '<svg onload="alert(2)"></svg>' }
                  assert.is_true(false)
                end)
                """,
        ])
        let report = dir.appendingPathComponent("r.html")
        _ = try CLI.run(["test", "-o", "plain", "--report", report.path], in: dir)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("<figure>"), "the made-up pictures are shown")
        #expect(!html.contains("<script>alert") && !html.contains("onload="), "made-up markup inline")
        #expect(html.contains("data:image/svg+xml;base64,"))
    }

    /// ButtonKit's TAP 13 keeps a name on its line (busted's TAP, `-o TAP`,
    /// writes names as they are, as busted does).
    @Test func aTestNameWithLineBreaksStaysOneTAPLine() throws {
        let dir = try tree(["spec/tap_spec.lua": "it('y\\r\\nok 2 - forged', function() end)\nit('z\\nnot ok 3', function() end)\n"])
        let r = try CLI.run(["test", "-o", "tap13"], in: dir)
        let results = r.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        #expect(results.count == 2, "\(r.stdout)")
    }

    @Test func anIdWithALineBreakStaysOnItsAuditLine() throws {
        let dir = try tree(["a.lua": "ui.button { id = 'x\\nforged: contrast 1:1', title = 'A', frame = { 0, 0, 10, 10 } }\n"])
        let r = try CLI.run(["audit", "a.lua"], in: dir)
        #expect(!r.stdout.split(separator: "\n").contains { $0.hasPrefix("forged") }, "\(r.stdout)")
        #expect(r.stdout.contains("x\\nforged"), "\(r.stdout)")
    }

    @Test func handlersThatLoopWhileRenderAndAuditDrawShareOneTimeout() throws {
        let dir = try tree(["loop.lua": """
            for i = 1, 20 do
              local b = ui.button { id = "b" .. i }
              b.configuration = { style = "filled" }
              local drawing = false
              b:onConfigurationUpdate(function(_, c) if drawing then while true do end end return c end)
              drawing = true
            end
            """])
        for command in [["render", "--timeout", "1", "loop.lua", "-o", "out"], ["audit", "--timeout", "1", "loop.lua"]] {
            let start = Date()
            let r = try Spawned.run(command, in: dir, limit: 30)
            #expect(Date().timeIntervalSince(start) < 15, "\(command[0]) took \(Date().timeIntervalSince(start)) s: \(r.summary)")
        }
    }

    @Test func aConfinedOutputHandlerRunsUnderTheRunsTimeout() throws {
        let dir = try tree([
            "spec/a_spec.lua": "it('a', function() end)\n",
            "h.lua": "return function(options)\n  local handler = require('busted.outputHandlers.base')()\n  require('busted').subscribe({ 'suite', 'start' }, function() while true do end end)\n  return handler\nend\n",
        ])
        let start = Date()
        let r = try Spawned.run(["test", "--sandbox", "--timeout", "1", "-o", "h.lua"], in: dir, limit: 30)
        #expect(Date().timeIntervalSince(start) < 15, "\(r.summary)")
    }

    @Test func aPictureNameHasNoSlashWhateverTheIdHoldsAroundIt() throws {
        let dir = try tree(["r.lua": "ui.button { id = '\\u{0D4E}/x', title = 'A' }\n"])
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out/\u{0D4E}"), withIntermediateDirectories: true)
        let r = try CLI.run(["render", "r.lua", "-o", "out"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        let inSub = (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out/\u{0D4E}").path)) ?? []
        #expect(inSub.isEmpty, "a picture went into a subfolder: \(inSub)")
    }
}

import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
import ButtonKitTestSupport
#endif

/// Limits that hold (issue 13): code that catches the limit's error, handler
/// chains, code the hook cannot interrupt, and memory the model holds for a
/// script. Every run is bounded by a wall clock well past the limit, so a
/// limit that does not hold fails the test (it used to run forever).
@Suite("Limits under attack", .serialized)
struct LimitAttackTests {
    /// Code that used to outlive the time limit.
    static let dodges: [(String, String)] = [
        ("a loop catching the limit", "while true do pcall(function() while true do end end) end"),
        ("recursion catching the limit", "local function f() pcall(f) f() end f()"),
        ("a coroutine catching the limit", "while true do coroutine.resume(coroutine.create(function() while true do end end)) end"),
        ("error handlers catching the limit", "while true do xpcall(function() while true do end end, function(e) return e end) end"),
        ("a handler sending events to its own button", """
        local b = ui.button()
        b:on("touchUpInside", function()
          pcall(b.sendActions, b, "touchUpInside")
          pcall(b.sendActions, b, "touchUpInside")
        end)
        b:tap()
        """),
        ("twenty looping handlers", """
        local b = ui.button()
        for i = 1, 20 do b:on("touchUpInside", function() while true do end end) end
        b:tap()
        """),
        ("twenty handlers catching the limit, tapped again and again", """
        local b = ui.button()
        for i = 1, 20 do b:on("touchUpInside", function() pcall(function() while true do end end) end) end
        while true do pcall(b.tap, b) end
        """),
        ("a style builder catching the limit", """
        ui.button():setUpStyle("normal", function(s) while true do pcall(function() while true do end end) end end)
        """),
    ]

    @Test(arguments: dodges)
    func theTimeLimitHoldsInARun(_ name: String, _ code: String) throws {
        let r = try Spawned.run(["run", "--timeout", "0.5", "-e", code], in: try CLI.scratch(), limit: 20)
        #expect(!r.timedOut && r.signal == nil, "\(name): \(r.summary)")
        #expect(r.exitCode == 1, "\(name): \(r.summary)")
        #expect(r.stderr.contains("time limit exceeded (0.5 s)"), "\(name): \(r.stderr)")
        // Stopped at the limit, not after a second of grace per catch.
        #expect(r.cpuSeconds < 4, "\(name): \(r.summary)")
    }

    @Test func theTimeLimitHoldsPerTestAndTheRunGoesOn() throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        var spec = "it('before', function() end)\n"
        for (name, code) in Self.dodges { spec += "it(\(luaString(name)), function()\n\(code)\nend)\n" }
        spec += "it('after', function() assert.are.equal(2, 1 + 1) end)\n"
        try spec.write(to: dir.appendingPathComponent("spec/dodge_spec.lua"), atomically: true, encoding: .utf8)
        for jobs in ["1", "2"] {
            let r = try Spawned.run(["test", "-o", "plain", "--timeout", "0.5", "--jobs", jobs], in: dir, limit: 60)
            #expect(!r.timedOut && r.exitCode == 1, "jobs \(jobs): \(r.summary)")
            #expect(r.stdout.hasSuffix("2 passed, \(Self.dodges.count) failed, 0 pending\n"), "jobs \(jobs): \(r.summary)")
            #expect(r.stdout.components(separatedBy: "time limit exceeded (0.5 s)").count - 1 == Self.dodges.count, "\(r.stdout)")
            #expect(r.cpuSeconds < Double(Self.dodges.count) * 0.5 + 10, "jobs \(jobs): \(r.summary.prefix(500))")
        }
    }

    func luaString(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

    // MARK: Code the hook cannot interrupt

    static let pattern = "string.find(string.rep('a', 40) .. 'b', string.rep('a*', 40) .. 'c')"
    static let finalizer = "setmetatable({}, { __gc = function() while true do end end }) collectgarbage()"

    @Test func aPathologicalPatternEndsTheRunNamingTheRealCause() throws {
        let r = try Spawned.run(["run", "--timeout", "0.5", "-e", Self.pattern], in: try CLI.scratch(), limit: 20)
        #expect(!r.timedOut && r.exitCode == 1, "\(r.summary)")
        #expect(r.stderr.contains("in code that cannot be interrupted: a C function ('find')"), "\(r.stderr)")
        #expect(!r.stderr.contains("__gc"), "the pattern case blamed a finalizer: \(r.stderr)")
    }

    /// Found while writing these tests: a looping finalizer caught inside a
    /// C function (ui.svg, string.rep) was reported as "a C function ('svg'),
    /// ... a pathological pattern in string.find/match/gsub?".
    @Test func codeThatCannotBeInterruptedIsNamedForWhatItIs() throws {
        let cases: [(String, String, [String])] = [
            ("local b = ui.button() setmetatable({}, { __gc = function() while true do ui.svg(b, { states = 'all' }) end end }) collectgarbage()",
             "a __gc finalizer at (command line):1", ["pattern"]),
            ("setmetatable({}, { __gc = function() while true do string.rep('x', 1e7) end end }) collectgarbage()",
             "a __gc finalizer at (command line):1", ["pattern"]),
            ("setmetatable({}, { __gc = function() while true do end end }) collectgarbage()",
             "a __gc finalizer at (command line):1", ["pattern", "C function"]),
            ("debug.sethook(function() while true do end end, 'l')\nlocal x = 1\nprint(x)",
             "a debug hook at (command line):1", ["pattern", "__gc"]),
            ("local b = ui.button() b:on('touchUpInside', function() \(Self.pattern) end) b:tap()",
             "a C function ('find'), which Lua cannot stop midway (a pathological pattern?)", ["__gc"]),
        ]
        let dir = try CLI.scratch()
        // Each waits out the limit and its grace: run them side by side.
        let started = try cases.map { try Spawned.start(["run", "--timeout", "0.5", "-e", $0.0], in: dir) }
        for (c, p) in zip(cases, started) {
            let r = p.finish(limit: 30)
            #expect(r.exitCode == 1 && !r.timedOut, "\(c.0): \(r.summary)")
            #expect(r.stderr.contains("in code that cannot be interrupted: \(c.1)"), "\(c.0): \(r.stderr)")
            for wrong in c.2 { #expect(!r.stderr.contains(wrong), "\(c.0) blamed '\(wrong)': \(r.stderr)") }
        }
    }

    func validateJUnit(_ url: URL) throws -> XMLDocument {
        let doc = try XMLDocument(contentsOf: url)
        let xmllint = Process()
        xmllint.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        xmllint.arguments = ["--noout", "--schema", CLI.fixtures.appendingPathComponent("junit.xsd").path, url.path]
        xmllint.standardError = FileHandle.nullDevice
        try xmllint.run()
        xmllint.waitUntilExit()
        #expect(xmllint.terminationStatus == 0, "xmllint rejected \(url.path)")
        return doc
    }

    /// One test stuck in a pattern, one in a finalizer: each fails alone, the
    /// others pass, the summary and the JUnit file are written, with one job
    /// (each file runs in a worker) and with two.
    @Test(arguments: ["1", "2"])
    func uninterruptibleCodeFailsOnlyItsTest(_ jobs: String) throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        it("before", function() end)
        it("pattern", function() \(Self.pattern) end)
        it("middle", function() end)
        """.write(to: dir.appendingPathComponent("spec/a_pattern_spec.lua"), atomically: true, encoding: .utf8)
        try """
        it("finalizer", function() \(Self.finalizer) end)
        it("after", function() end)
        """.write(to: dir.appendingPathComponent("spec/b_gc_spec.lua"), atomically: true, encoding: .utf8)
        let junit = dir.appendingPathComponent("junit.xml")
        let r = try Spawned.run(["test", "-o", "plain", "--timeout", "0.5", "--jobs", jobs, "--junit", junit.path], in: dir, limit: 60)
        #expect(!r.timedOut && r.signal == nil && r.exitCode == 1, "\(r.summary)")
        #expect(r.stdout.hasSuffix("3 passed, 2 failed, 0 pending\n"), "\(r.summary)")
        let failures = r.stdout.components(separatedBy: "\n\n")
        let patternReport = failures.first { $0.contains(") pattern\n") } ?? ""
        let gcReport = failures.first { $0.contains(") finalizer\n") } ?? ""
        #expect(patternReport.contains("a C function ('find')") && !patternReport.contains("__gc"), "\(r.stdout)")
        #expect(gcReport.contains("a __gc finalizer"), "\(r.stdout)")
        let doc = try validateJUnit(junit)
        #expect(doc.rootElement()?.attribute(forName: "tests")?.stringValue == "5")
        #expect(try doc.nodes(forXPath: "//testcase").count == 5)
    }

    // MARK: Memory the model holds

    /// Ways a script makes the model hold big strings: 80 buttons with a
    /// 10 MB title each is 800 MB, which used to pass a 50 MB ceiling.
    static let hoarders: [(String, String)] = [
        ("title field", "b.title = s .. i"),
        ("constructor title", "b = ui.button { title = s .. i }"),
        ("style", "b:style('normal', { title = s .. i })"),
        ("style builder", "b:setUpStyle('highlighted', function(x) x:title(s .. i) end)"),
        ("info", "b.info = { s .. i }"),
        ("image name", "b:style('normal', { image = s .. i })"),
    ]

    @Test(arguments: hoarders)
    func theMemoryCeilingCountsWhatTheModelHolds(_ name: String, _ hoard: String) throws {
        let code = """
        local kept, s = {}, string.rep("x", 10 * 1024 * 1024)
        for i = 1, 80 do local b = ui.button() \(hoard) kept[i] = b end
        print("kept 80 buttons")
        """
        let r = try Spawned.run(["run", "--max-memory", "50", "-e", code], in: try CLI.scratch(), limit: 60)
        #expect(r.exitCode == 1 && r.signal == nil, "\(name): \(r.summary)")
        #expect(r.stderr.contains("memory limit exceeded (50 MB"), "\(name): \(r.stderr)")
        #expect(!r.stdout.contains("kept 80 buttons"))
        #expect(r.peakMB < 300, "\(name): peak RSS \(r.peakMB) MB under a 50 MB ceiling")
    }

    @Test func inATestRunTheHoarderFailsAloneWithRSSBounded() throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        it("hoards", function()
          local kept, s = {}, string.rep("x", 10 * 1024 * 1024)
          for i = 1, 80 do kept[i] = ui.button { title = s .. i } end
        end)
        it("after", function() assert.are.equal("small", ui.button { title = "small" }.title) end)
        """.write(to: dir.appendingPathComponent("spec/hoard_spec.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["test", "-o", "plain", "--max-memory", "50"], in: dir, limit: 60)
        #expect(r.exitCode == 1, "\(r.summary)")
        #expect(r.stdout.contains("memory limit exceeded (50 MB per spec file)"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("1 passed, 1 failed, 0 pending\n"), "\(r.stdout)")
        #expect(r.peakMB < 300, "peak RSS \(r.peakMB) MB")
    }

    /// After a test reaches the ceiling, the next test's own error is its
    /// own (what the first allocated is collected first); when the file
    /// keeps the memory, later tests are not run and say why, instead of
    /// being blamed for the limit themselves.
    @Test func aTestAfterTheCeilingIsNotBlamedForIt() throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        it("eats memory", function()
          local t = {}
          for i = 1, 1e9 do t[#t + 1] = string.rep("y", 1000) .. i end
        end)
        it("plain error", function() error("my own error") end)
        """.write(to: dir.appendingPathComponent("spec/local_spec.lua"), atomically: true, encoding: .utf8)
        try """
        local hoard = {}
        it("eats memory", function()
          for i = 1, 1e9 do hoard[#hoard + 1] = string.rep("y", 1000) .. i end
        end)
        it("plain error", function() error("my own error") end)
        """.write(to: dir.appendingPathComponent("spec/kept_spec.lua"), atomically: true, encoding: .utf8)
        for _ in 1...3 {
            let local_ = try Spawned.run(["test", "--max-memory", "60", "-o", "plain", "spec/local_spec.lua"], in: dir, limit: 60)
            #expect(local_.stdout.contains("spec/local_spec.lua:5: my own error"), "\(local_.stdout)")
            let kept = try Spawned.run(["test", "--max-memory", "60", "-o", "plain", "spec/kept_spec.lua"], in: dir, limit: 60)
            #expect(kept.stdout.contains("not run: the spec file still holds"), "\(kept.stdout)")
            #expect(kept.stdout.contains("after 'eats memory' reached the limit"), "\(kept.stdout)")
            #expect(kept.stdout.hasSuffix("0 passed, 2 failed, 0 pending\n"), "\(kept.stdout)")
        }
    }
}

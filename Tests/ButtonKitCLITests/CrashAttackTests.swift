import Foundation
import Testing
import ButtonKitTestSupport

/// Sizes and coordinates beyond what a picture can hold (issue 13: a frame
/// width of 1e19 ended `buttonkit` by SIGILL in the SVG number formatter).
/// Each is a Lua error naming the function, the argument and what was
/// expected; never a signal.
@Suite("Errors, never a crash", .serialized)
struct CrashAttackTests {
    /// Code, and what its error message must contain.
    static let cases: [(String, [String])] = [
        ("ui.svg(ui.button{frame={0,0,1e19,44}})", ["bad argument #1 to 'button'", "frame width 1e+19", "expected a finite number"]),
        ("ui.svg(ui.button{frame={0,0,44,-1e19}})", ["bad argument #1 to 'button'", "frame height", "expected"]),
        ("ui.svg(ui.button{frame={0/0,0,44,44}})", ["bad argument #1 to 'button'", "frame x nan", "expected a finite number"]),
        ("local b = ui.button() b.frame = {0,0,1e19,44} ui.svg(b)", ["bad value for field 'frame' of button", "expected a finite number"]),
        ("ui.svg(ui.button{style={normal={borderWidth=1e19}}})", ["bad argument #1 to 'button'", "borderWidth 1e+19", "expected a number"]),
        ("ui.svg(ui.button():style('normal', {borderWidth=1e19}))", ["bad argument #2 to 'style'", "borderWidth", "expected"]),
        ("ui.button():setUpStyle('normal', function(s) s:borderWidth(1e19) end)", ["bad argument #1 to 'borderWidth'", "expected"]),
        ("ui.svg(ui.button{style={normal={font=1e19}}})", ["bad argument #1 to 'button'", "font size 1e+19", "expected a number"]),
        ("ui.svg(ui.button():style('normal', {font={size=1e19}}))", ["bad argument #2 to 'style'", "font size", "expected"]),
        ("ui.button():setUpStyle('normal', function(s) s:font(1e19) end)", ["bad argument #1 to 'font'", "expected"]),
        ("ui.font(1e19)", ["bad argument #1 to 'font'", "expected"]),
        ("ui.svg(ui.button():style('normal', {cornerRadius=math.huge}))", ["bad argument #2 to 'style'", "cornerRadius", "expected"]),
        ("ui.svg(ui.screen{width=math.maxinteger, height=100})", ["bad argument #1 to 'screen'", "screen width", "expected a finite number"]),
        ("ui.svg(ui.screen{width=100, height=math.maxinteger})", ["bad argument #1 to 'screen'", "screen height", "expected"]),
        ("ui.button():touchDown(1e19, 0)", ["bad argument #1 to 'touchDown'", "point x", "expected a finite number"]),
        ("ui.screen{width=100, height=100}:tap(0, math.mininteger)", ["bad argument #2 to 'tap'", "point y", "expected"]),
        ("ui.button().touchMargin = 1e19", ["bad value for field 'touchMargin' of button", "expected"]),
    ]

    @Test func hugeSizesAndCoordinatesAreLuaErrors() throws {
        let dir = try CLI.scratch()
        for (code, parts) in Self.cases {
            let r = try Spawned.run(["run", "-e", code], in: dir, limit: 30)
            #expect(r.signal == nil && r.exitCode == 1, "\(code): \(r.summary)")
            for p in parts { #expect(r.stderr.contains(p), "\(code): no '\(p)' in \(r.stderr)") }
        }
    }

    /// Found by scripts/fuzz: an unknown name of 1 MB took 24 s to refuse
    /// (the "did you mean" edit distance), and 10 MB would take gigabytes.
    @Test func hugeUnknownNamesAreRefusedAtOnce() throws {
        let r = try Spawned.run(["run", "-e", """
        local b, big = ui.button(), ("x"):rep(10000000)
        assert(not pcall(function() return b[big] end))
        assert(not pcall(function() b[big] = 1 end))
        assert(not pcall(ui.button, { [big] = 1 }))
        assert(not pcall(b.style, b, "normal", { [big] = 1 }))
        assert(not pcall(ui.screen, { [big] = 1 }))
        print("refused")
        """], in: try CLI.scratch(), limit: 60)
        #expect(r.exitCode == 0 && r.stdout == "refused\n", "\(r.summary.prefix(300))")
        #expect(r.cpuSeconds < 10, "\(r.summary.prefix(300))")
        #expect(r.peakMB < 500, "\(r.peakMB) MB")
    }

    /// Found while writing these tests: the real metatable is reachable
    /// (debug.getmetatable), and a handler calling `__gc` on the button being
    /// tapped freed it under the tap (SIGSEGV), sandboxed or not.
    @Test(arguments: [["run"], ["run", "--unsafe"]])
    func aFinalizerCalledByHandFreesNothing(_ mode: [String]) throws {
        let r = try Spawned.run(mode + ["-e", """
        local b = ui.button { title = "kept" }
        local gc = debug.getmetatable(b).__gc
        b:on("touchDown", function(x) gc(x) collectgarbage() collectgarbage() end)
        b:on("touchUpInside", function(x) gc(x) collectgarbage() end)
        for _ = 1, 3 do b:tap() end
        b:tap { count = 2 }
        b:sendActions("touchUpInside")
        gc(b) pcall(gc, b) gc(ui.screen()) gc(ui.store("s.json"))
        local s = ui.sortButton { key = "k" }
        s:on("valueChanged", function(x) gc(x) collectgarbage() end)
        s:tap() s.selected = false
        print(b.title, s.key, #b.trace > 0)
        """], in: try CLI.scratch(), limit: 30)
        #expect(r.signal == nil && r.exitCode == 0, "\(r.summary)")
        #expect(r.stdout == "kept\tk\ttrue\n", "\(r.summary)")
    }

    @Test func theCollectorStillReleasesWhatIsUnreachable() throws {
        // Finalizers the collector runs still free the model's objects: the
        // peak stays that of one batch of buttons, not of all of them.
        let r = try Spawned.run(["run", "-e", """
        local big = ("x"):rep(1024 * 1024)
        for _ = 1, 40 do
          local t = {}
          for i = 1, 10 do t[i] = ui.button { title = big .. i } end
          t = nil
          collectgarbage() collectgarbage()
        end
        print("done")
        """], in: try CLI.scratch(), limit: 60)
        #expect(r.exitCode == 0 && r.stdout == "done\n", "\(r.summary)")
        #expect(r.peakMB < 200, "peak \(r.peakMB) MB for 400 MB of titles made and dropped")
    }

    @Test func theLargestAllowedPicturesDraw() throws {
        // At the edge of every range the pictures are drawn, not refused.
        let r = try Spawned.run(["run", "-e", """
        local b = ui.button { id = "edge", frame = { -1e6, -1e6, 1e6, 1e6 } }
        b:style("normal", { borderWidth = 1e4, cornerRadius = 1e4, font = 1000, title = ("W"):rep(1000) })
        local s = ui.screen { width = 1e5, height = 1e5 }
        s:add(b)
        s:add(ui.button { frame = { 1e6, 1e6, 1e6, 1e6 } })
        assert(#ui.svg(b, { states = "all" }) > 0 and #ui.svg(s) > 0)
        print("drawn")
        """], in: try CLI.scratch(), limit: 30)
        #expect(r.exitCode == 0 && r.stdout == "drawn\n", "\(r.summary)")
    }

    @Test func renderOfSuchAScriptIsALuaErrorAndWritesNothing() throws {
        let dir = try CLI.scratch()
        for (i, code) in ["ui.button{id='big', frame={0,0,1e19,44}}",
                          "ui.button{id='thick', style={normal={borderWidth=1e19}}}",
                          "ui.button{id='tall', style={normal={font=1e19}}}",
                          "ui.screen{width=math.maxinteger, height=10}"].enumerated() {
            try code.write(to: dir.appendingPathComponent("huge\(i).lua"), atomically: true, encoding: .utf8)
            let r = try Spawned.run(["render", "huge\(i).lua", "-o", "out\(i)"], in: dir, limit: 30)
            #expect(r.signal == nil && r.exitCode == 1, "\(code): \(r.summary)")
            #expect(r.stderr.contains("huge\(i).lua:1: bad argument #1 to '"), "\(code): \(r.stderr)")
            #expect(r.stderr.contains("expected"), "\(code): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out\(i)").path))
        }
    }

    @Test func inATestRunSuchInputFailsOneTestAndTheRunEndsWithItsSummary() throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        it("before", function() end)
        it("huge frame", function() ui.svg(ui.button { frame = { 0, 0, 1e19, 44 } }) end)
        it("huge border", function() ui.svg(ui.button { style = { normal = { borderWidth = 1e19 } } }) end)
        it("huge screen", function() ui.svg(ui.screen { width = math.maxinteger, height = 1 }) end)
        it("after", function() end)
        """.write(to: dir.appendingPathComponent("spec/huge_spec.lua"), atomically: true, encoding: .utf8)
        for jobs in ["1", "2"] {
            let junit = dir.appendingPathComponent("junit\(jobs).xml")
            let r = try Spawned.run(["test", "-o", "plain", "--jobs", jobs, "--junit", junit.path], in: dir, limit: 60)
            #expect(r.signal == nil && r.exitCode == 1, "\(r.summary)")
            #expect(r.stdout.hasSuffix("2 passed, 3 failed, 0 pending\n"), "\(r.summary)")
            #expect(r.stdout.contains("spec/huge_spec.lua:2: bad argument #1 to 'button'"), "\(r.stdout)")
            #expect(FileManager.default.fileExists(atPath: junit.path))
        }
    }
}

/// `buttonkit render` names one file per control (issue 13: ids `a.b` and
/// `a_b` both went to `a_b.svg` while it said it rendered 3 controls).
@Suite("Render file names", .serialized)
struct RenderNameTests {
    @Test func idsThatLookAlikeGetDistinctFilesAndTheCountMatches() throws {
        let dir = try CLI.scratch()
        let ids = ["a.b", "a_b", "a/b", "a b", "A_B", "a_b_2", "..", "index", "ü"]
        try ids.map { "ui.button { id = \"\($0)\", title = \"title of \($0)\" }" }.joined(separator: "\n")
            .write(to: dir.appendingPathComponent("ids.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["render", "ids.lua", "-o", "out"], in: dir, limit: 30)
        #expect(r.exitCode == 0, "\(r.summary)")
        let out = dir.appendingPathComponent("out")
        let svgs = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".svg") }
        #expect(svgs.count == ids.count, "\(svgs.sorted())")
        #expect(r.stderr.contains("rendered \(svgs.count) controls"), "\(r.stderr)")
        // Each control's picture is in exactly one file.
        var owners: [String: [String]] = [:]
        for f in svgs {
            let text = try String(contentsOf: out.appendingPathComponent(f), encoding: .utf8)
            for id in ids where text.contains("title of \(id)<") {
                owners[id, default: []].append(f)
            }
        }
        for id in ids { #expect(owners[id]?.count == 1, "\(id): \(owners[id] ?? [])") }
        // Every file name stays inside the folder and is a plain name.
        for f in svgs { #expect(!f.contains("/") && !f.hasPrefix(".")) }
    }

    /// Found by scripts/fuzz: an id longer than a file name may be made
    /// `render` fail to write anything ("cannot create"), losing the gallery.
    @Test func longIdsGetShortDistinctFileNames() throws {
        let dir = try CLI.scratch()
        try """
        ui.button { id = ("x"):rep(1000000) }
        ui.button { id = ("x"):rep(300) }
        ui.button { id = ("x"):rep(300) .. "y" }
        ui.button { id = ("价"):rep(200) }
        """.write(to: dir.appendingPathComponent("long.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["render", "long.lua", "-o", "out"], in: dir, limit: 30)
        #expect(r.exitCode == 0, "\(r.summary.prefix(500))")
        let svgs = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path).filter { $0.hasSuffix(".svg") }
        #expect(svgs.count == 4, "\(svgs)")
        #expect(r.stderr.contains("rendered 4 controls"))
        for f in svgs { #expect(f.utf8.count <= 120, "\(f.utf8.count) bytes") }
    }
}

import Foundation
import Testing
import ButtonKitTestSupport

@Suite("buttonkit run and the command line", .serialized)
struct RunCommandTests {
    @Test func runsAScriptWithArgs() throws {
        let dir = try CLI.scratch()
        try "print(arg[0], arg[1], arg[2], select('#', ...))".write(to: dir.appendingPathComponent("s.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "s.lua", "a", "b"], in: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "s.lua\ta\tb\t2\n")
    }

    @Test func inlineCodeAndVersion() throws {
        #expect(try CLI.run(["run", "-e", "print(ui.color('gray'))"]).stdout == "#808080FF\n")
        let v = try CLI.run(["--version"])
        #expect(v.status == 0 && v.stdout.hasPrefix("buttonkit "))
    }

    @Test func errorsPrintFileLineAndTracebackAndExit1() throws {
        let dir = try CLI.scratch()
        try "local b = ui.button()\nb:style('normal', { titel = 'x' })\n".write(to: dir.appendingPathComponent("bad.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["run", "bad.lua"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("bad.lua:2: bad argument #2 to 'style' (unknown style property 'titel'; did you mean 'title'?)"))
        #expect(r.stderr.contains("stack traceback:"))
    }

    @Test func badUsageIsOneLineAndExit2() throws {
        let r = try CLI.run(["run", "--frobnicate", "x.lua"])
        #expect(r.status == 2)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("unknown option '--frobnicate'"))
        #expect(try CLI.run(["launch"]).status == 2)
    }

    @Test func helpForEachCommand() throws {
        for cmd in ["run", "test"] {
            let r = try CLI.run(["help", cmd])
            #expect(r.status == 0)
            #expect(r.stdout.contains("Usage: buttonkit \(cmd)"))
        }
    }

    @Test func runawayScriptStopsAtTheTimeLimit() throws {
        let r = try CLI.run(["run", "--timeout", "0.3", "-e", "while true do end"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("time limit exceeded (0.3 s)"))
    }

    @Test func noHookRunsBeforeTheDeadlineYetTheLimitHolds() throws {
        // The limit costs nothing while a script is within it: no hook at
        // all (debug.gethook sees the real one), until the deadline passes.
        let script = """
        assert(debug.gethook() == nil, "a hook before the deadline")
        local t = os.clock()
        while os.clock() - t < 0.1 do end
        assert(debug.gethook() == nil, "a hook while running within the limit")
        print("no hook")
        io.stdout:flush()
        while true do end
        """
        // 4 s: the first part (start-up and 0.1 s of CPU) must end before
        // the deadline even on a busy machine (1.5 s did not, beside two
        // CPU burners).
        let r = try CLI.run(["run", "--timeout", "4", "-e", script])
        #expect(r.stdout == "no hook\n")
        #expect(r.status == 1)
        #expect(r.stderr.contains("time limit exceeded (4 s)"))
    }

    @Test func aRunawayFinalizerCannotHangTheProcess() throws {
        // Lua runs __gc with hooks off, so the watchdog has to end it.
        let r = try CLI.run(["run", "--timeout", "0.5", "-e", "setmetatable({}, { __gc = function() while true do end end })"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("in code that cannot be interrupted: a __gc finalizer"))
    }

    @Test func memoryBombStopsAtTheMemoryLimit() throws {
        let r = try CLI.run(["run", "--max-memory", "32", "-e", "local t = {} for i = 1, 1e9 do t[i] = ('x'):rep(64) .. i end"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("memory limit exceeded (32 MB"))
    }

    @Test func deepRecursionIsAStackOverflowError() throws {
        let r = try CLI.run(["run", "-e", "local function f() return 1 + f() end f()"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("stack overflow"))
    }

    @Test func sandboxEscapesFailAndUnsafeAllowsThem() throws {
        let escapes = [
            "os.execute('true')", "io.popen('true')", "package.loadlib('libc.so.6', 'puts')",
            "assert(io.open('/etc/passwd'))", "assert(io.open('../outside.txt', 'w'))", "assert(load(string.dump(function() end)))",
        ]
        for code in escapes {
            let r = try CLI.run(["run", "-e", code])
            #expect(r.status == 1, "\(code) should fail")
            #expect(r.stderr.contains("sandbox") || r.stderr.contains("outside the working tree"), "\(code): \(r.stderr)")
        }
        let ok = try CLI.run(["run", "--unsafe", "-e", "assert(io.open('/etc/passwd')) assert(load(string.dump(function() end)))"])
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    @Test func stdinRunsAsAScript() throws {
        let r = try CLI.run([], stdin: "print(ui.button{title='x'}.title)")
        #expect(r.stdout == "x\n")
    }
}

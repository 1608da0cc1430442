import Foundation
import Testing
import ButtonKitTestSupport

/// Limits that hold by construction (issue 19): code that runs where Lua's
/// hooks cannot reach it and that lets the limit's hook run elsewhere now
/// and then, error objects whose metamethods loop after the test's call
/// returned, a worker that stops answering, and memory a `pcall` catches.
/// Each went on forever (or exited 0) before; every run here is bounded by a
/// wall clock well past the limit, so a limit that does not hold fails.
@Suite("Limits out of band", .serialized)
struct OutOfBandLimitTests {
    /// Resumes a throw-away coroutine every so often: the limit's hook runs
    /// there (and raises there), which used to count as "the hook ran".
    static let trick = "if n % 100000 == 0 then coroutine.resume(coroutine.create(function() local x = 1 end)) end"

    /// Code Lua runs with hooks off, looping with the trick.
    static let dodges: [(String, String)] = [
        ("a loop in a debug hook", """
        debug.sethook(function()
          debug.sethook()
          local n = 0
          while true do n = n + 1 \(trick) end
        end, "l")
        local x = 1
        """),
        ("a loop in an xpcall message handler", """
        xpcall(function() error("x") end, function(e)
          local n = 0
          while true do n = n + 1 \(trick) end
        end)
        """),
    ]

    @Test func aRunEndsAtTheDeadlinePlusTheGrace() throws {
        let dir = try CLI.scratch()
        let started = try Self.dodges.map { try Spawned.start(["run", "--timeout", "0.5", "-e", $0.1], in: dir) }
        for (d, p) in zip(Self.dodges, started) {
            let r = p.finish(limit: 30)
            #expect(!r.timedOut && r.signal == nil && r.exitCode == 1, "\(d.0): \(r.summary)")
            // Named for what it is: the handler runs inside the limit's hook.
            let what = d.0.contains("debug hook") ? "a debug hook at (command line):1" : "an xpcall message handler at (command line):1"
            #expect(r.stderr.contains("time limit exceeded (0.5 s) in code that cannot be interrupted: \(what)"), "\(d.0): \(r.stderr)")
            // The deadline, the 2 s grace, and start-up.
            #expect(r.cpuSeconds < 7, "\(d.0): \(r.summary)")
        }
    }

    func specTree(_ files: [String: String]) throws -> URL {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: dir.appendingPathComponent("spec/\(name)"), atomically: true, encoding: .utf8) }
        return dir
    }

    func luaString(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

    /// Sandboxed or not, one job or two: each dodging test fails alone with
    /// the limit's message, the tests after it and the next file run, the
    /// summary is printed and the report written.
    @Test func aTestRunGoesOnPastTheDodges() throws {
        var spec = "it('before', function() end)\n"
        for (name, code) in Self.dodges { spec += "it(\(luaString(name)), function()\n\(code)\nend)\n" }
        spec += "it('after', function() assert.are.equal(2, 1 + 1) end)\n"
        let dir = try specTree(["a_dodge_spec.lua": spec, "b_next_spec.lua": "it('next file', function() end)\n"])
        var runs: [(String, Spawned)] = []
        for mode in [["--sandbox"], []] {
            for jobs in ["1", "2"] {
                let junit = "junit-\(mode.count)-\(jobs).xml"
                let args = ["test", "-o", "plain", "--timeout", "0.5", "--jobs", jobs, "--junit", junit] + mode
                runs.append((args.joined(separator: " "), try Spawned.start(args, in: dir)))
            }
        }
        for (what, p) in runs {
            let r = p.finish(limit: 60)
            #expect(!r.timedOut && r.signal == nil && r.exitCode == 1, "\(what): \(r.summary)")
            #expect(r.stdout.hasSuffix("3 passed, 2 failed, 0 pending\n"), "\(what): \(r.summary)")
            #expect(r.stdout.components(separatedBy: "time limit exceeded (0.5 s)").count - 1 == 2, "\(what): \(r.stdout)")
            #expect(r.stdout.contains("spec/b_next_spec.lua: 1 passed"), "\(what): \(r.stdout)")
            // Four runs at once on a shared machine: two 0.5 s limits and
            // their grace each, with room for the load.
            #expect(r.cpuSeconds < 30, "\(what): \(r.summary)")
        }
        for mode in [1, 0] {
            for jobs in ["1", "2"] {
                let junit = dir.appendingPathComponent("junit-\(mode)-\(jobs).xml")
                let text = (try? String(contentsOf: junit, encoding: .utf8)) ?? ""
                #expect(text.contains("tests=\"5\""), "no report for mode \(mode) jobs \(jobs): \(text.prefix(300))")
            }
        }
    }

    /// What the framework runs between tests reads package.loaded raw (a
    /// spec's __pairs on it looped there, with no test's deadline), and a
    /// file-end hook a spec adds runs under a deadline of its own, failing
    /// its file alone: each hung `test --timeout 2` for good (the limit is
    /// 0.5 s here: the looping code burns it and the grace).
    @Test func codeBetweenTestsIsBounded() throws {
        let dir = try specTree([
            "a_loaded_spec.lua": """
            it('poison', function()
              setmetatable(package.loaded, { __pairs = function() while true do end end, __newindex = function() while true do end end })
            end)
            it('after', function() end)
            """,
            "b_hook_spec.lua": "table.insert(require('busted').file_end_hooks, function() while true do end end)\nit('b', function() end)\n",
            "c_next_spec.lua": "it('next file', function() end)\n",
        ])
        var runs: [(String, Spawned)] = []
        for mode in [["--sandbox"], [], ["--jobs", "2"]] {
            let args = ["test", "-o", "plain", "--timeout", "0.5"] + mode
            runs.append((args.joined(separator: " "), try Spawned.start(args, in: dir)))
        }
        for (what, p) in runs {
            let r = p.finish(limit: 60)
            #expect(!r.timedOut && r.exitCode == 1, "\(what): \(r.summary)")
            #expect(r.stdout.contains("a file_end_hooks function failed: spec/b_hook_spec.lua:1: time limit exceeded (0.5 s)"), "\(what): \(r.stdout)")
            #expect(r.stdout.hasSuffix("4 passed, 1 failed, 0 pending\n"), "\(what): \(r.stdout)")
        }
    }

    /// Script code the framework runs between tests with no deadline of a
    /// test's — a spy's revert assigning through a __newindex that loops —
    /// is watched by the runner (the worker's gap deadline): the worker is
    /// ended, the file says why, and its remaining tests run in a new
    /// worker. It hung `test --timeout 1` for good.
    @Test func aWorkerStuckBetweenTestsIsEnded() throws {
        let dir = try specTree([
            "a_spy_spec.lua": """
            it('leaves a spy whose revert loops', function()
              local t = { f = function() end }
              spy.on(t, 'f')
              rawset(t, 'f', nil)
              setmetatable(t, { __newindex = function() while true do end end })
            end)
            it('after', function() end)
            """,
            "b_next_spec.lua": "it('next file', function() end)\n",
        ])
        var runs: [(String, Spawned)] = []
        for mode in [["--sandbox"], [], ["--jobs", "2"]] {
            let args = ["test", "-o", "plain", "--timeout", "1"] + mode
            runs.append((args.joined(separator: " "), try Spawned.start(args, in: dir)))
        }
        for (what, p) in runs {
            let r = p.finish(limit: 60)
            #expect(!r.timedOut && r.exitCode == 1, "\(what): \(r.summary)")
            #expect(r.stdout.contains("time limit exceeded (1 s) between tests: still running 3 s past it, so the runner ended its worker"), "\(what): \(r.stdout)")
            #expect(r.stdout.hasSuffix("3 passed, 1 failed, 0 pending\n"), "\(what): \(r.stdout)")
        }
    }

    /// An output handler runs in the runner under the test timeout,
    /// confined or not: one that loops on a test's end is stopped, dropped
    /// for the rest of the run, and the run ends with its report (without
    /// --sandbox it had no deadline at all and hung the run); one stuck in
    /// a debug hook is given up on the same way (its thread parked).
    @Test func aLoopingOutputHandlerIsDropped() throws {
        let dir = try specTree(["a_spec.lua": "it('a', function() end)\nit('b', function() end)\n"])
        try """
        return function(options)
          local busted = require('busted')
          local handler = require('busted.outputHandlers.base')()
          busted.subscribe({ 'test', 'end' }, function() while true do end end)
          return handler
        end
        """.write(to: dir.appendingPathComponent("h.lua"), atomically: true, encoding: .utf8)
        // Stuck where the hook cannot reach: the grace ended the runner,
        // summary and reports lost.
        try """
        return function(options)
          local busted = require('busted')
          local handler = require('busted.outputHandlers.base')()
          busted.subscribe({ 'test', 'end' }, function()
            debug.sethook(function() debug.sethook() while true do end end, "c") print("x")
          end)
          return handler
        end
        """.write(to: dir.appendingPathComponent("stuck.lua"), atomically: true, encoding: .utf8)
        var runs: [(String, Spawned)] = []
        for handler in ["h", "stuck"] {
            for mode in [["--sandbox"], []] {
                let args = ["test", "-o", "./\(handler).lua", "--timeout", "0.5", "--junit", "junit-\(handler)-\(mode.count).xml"] + mode
                runs.append((args.joined(separator: " "), try Spawned.start(args, in: dir)))
            }
        }
        for (what, p) in runs {
            let r = p.finish(limit: 60)
            #expect(!r.timedOut && r.exitCode == 1, "\(what): \(r.summary)")
            let message = what.contains("stuck") ? "the output handler failed: time limit exceeded (0.5 s) in code that cannot be interrupted: a debug hook at ./stuck.lua:5"
                : "the output handler failed: time limit exceeded (0.5 s)"
            #expect(r.stderr.contains(message), "\(what): \(r.stderr)")
            #expect(r.stderr.contains("the output handler is dropped for the rest of the run"), "\(what): \(r.stderr)")
            #expect(r.cpuSeconds < 20, "\(what): \(r.summary)")
        }
        for handler in ["h", "stuck"] {
            for mode in [1, 0] {
                let text = (try? String(contentsOf: dir.appendingPathComponent("junit-\(handler)-\(mode).xml"), encoding: .utf8)) ?? ""
                #expect(text.contains("tests=\"2\""), "no report for \(handler) mode \(mode): \(text.prefix(300))")
            }
        }
    }

    /// A worker that stops itself cannot end itself either: the runner,
    /// watching the worker's deadline from outside, kills it, reports the
    /// test as timed out and runs the rest of the file in a new worker.
    @Test func theRunnerEndsAWorkerThatStopsAnswering() throws {
        let dir = try specTree(["stop_spec.lua": """
        it('before', function() end)
        it('stops its own worker', function()
          local pid = io.open("/proc/self/stat"):read("n")
          os.execute("kill -STOP " .. pid)
        end)
        it('after', function() end)
        """])
        let r = try Spawned.run(["test", "-o", "plain", "--timeout", "1"], in: dir, limit: 30)
        #expect(!r.timedOut && r.exitCode == 1, "\(r.summary)")
        #expect(r.stdout.contains("time limit exceeded (1 s): still running 3 s past it, so the runner ended its worker"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("2 passed, 1 failed, 0 pending\n"), "\(r.stdout)")
        #expect(r.cpuSeconds < 10, "\(r.summary)")
    }

    /// Error objects whose metamethods loop, read by the framework after the
    /// test's call returned: the test fails saying so, the run goes on.
    @Test func anErrorObjectThatLoopsFailsItsTestAlone() throws {
        let dir = try specTree(["a_err_spec.lua": """
        it('tostring loops', function()
          error(setmetatable({}, { __tostring = function() while true do end end }))
        end)
        it('tostring loops with the trick', function()
          error(setmetatable({}, { __tostring = function() local n = 0 while true do n = n + 1 \(Self.trick) end end }))
        end)
        it('pairs loops', function()
          error(setmetatable({}, { __pairs = function() while true do end end }))
        end)
        it('after', function() end)
        """, "b_next_spec.lua": "it('next file', function() end)\n"])
        // With no --timeout of its own, reading an error is still bounded
        // (5 s: one such error here, each burns the bound).
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("solo"), withIntermediateDirectories: true)
        try "it('tostring loops', function()\n  error(setmetatable({}, { __tostring = function() while true do end end }))\nend)\nit('after', function() end)\n"
            .write(to: dir.appendingPathComponent("solo/one_spec.lua"), atomically: true, encoding: .utf8)
        var runs: [(String, Spawned)] = []
        for mode in [["--sandbox"], []] {
            let args = ["test", "-o", "plain", "--timeout", "0.5"] + mode
            runs.append((args.joined(separator: " "), try Spawned.start(args, in: dir)))
        }
        runs.append(("no timeout", try Spawned.start(["test", "-o", "plain", "solo/one_spec.lua"], in: dir)))
        for (what, p) in runs {
            let r = p.finish(limit: 60)
            let (limit, count) = what == "no timeout" ? ("5", 1) : ("0.5", 3)
            #expect(!r.timedOut && r.exitCode == 1, "\(what): \(r.summary)")
            #expect(r.stdout.components(separatedBy: "the error object could not be read: its __tostring or fields did not return within \(limit) s").count - 1 == count,
                    "\(what): \(r.stdout)")
            #expect(r.stdout.hasSuffix(what == "no timeout" ? "1 passed, 1 failed, 0 pending\n" : "2 passed, 3 failed, 0 pending\n"), "\(what): \(r.stdout)")
        }
    }

    // MARK: Memory

    /// The refusal sticks: the script caught "not enough memory" and went on
    /// to end well, which exited 0. Each script ends with small allocations
    /// (`local x = {}` asks for the very block the refused `{head}` asked
    /// for, which Lua's retry after its emergency collection also does, and
    /// used to take the refusal back).
    @Test func aCaughtRefusalStillFailsTheRun() throws {
        let scripts = [
            "local ok = pcall(function() local t = {} while true do t[#t + 1] = string.rep(\"x\", 1e6) .. #t end end)",
            "local ok2 = pcall(function() local t = {} for i = 1, 1e9 do t[i] = {} end end)",
            "local ok = pcall(function() local head while true do head = {head} end end)",
            "local ok = pcall(function() local head while true do head = {head} end end) collectgarbage()",
        ]
        for code in scripts {
            let r = try Spawned.run(["run", "--max-memory", "50", "-e", code + "\nlocal x = {} local y = {} print('survived')"], in: try CLI.scratch(), limit: 60)
            #expect(r.exitCode == 1 && r.signal == nil, "\(code): \(r.summary)")
            #expect(r.stderr.contains("memory limit exceeded (50 MB"), "\(code): \(r.stderr)")
        }
    }

    /// What Lua's emergency collection makes room for is no refusal: a
    /// script whose garbage reaches the ceiling (30 MB live, 1 MB strings
    /// thrown away) ends well.
    @Test func garbageThatReachesTheCeilingIsCollected() throws {
        let code = """
        local live = {} for i = 1, 30 do live[i] = string.rep("y", 1024 * 1024) .. i end
        for i = 1, 500 do local g = string.rep("x", 1024 * 1024) .. i end
        for i = 1, 50 do local t = {} for j = 1, 10000 do t[j] = {j} end end
        print("done", #live)
        """
        // No time limit of the run's own: beside CPU burners the collections
        // outlived the default 30 s; the spawn's limit catches a hang.
        let r = try Spawned.run(["run", "--max-memory", "50", "--timeout", "0", "-e", code], in: try CLI.scratch(), limit: 300)
        #expect(r.exitCode == 0 && r.stdout == "done\t30\n", "\(r.summary)")
    }

    /// In a test the refusal fails that test (the ceiling is per spec
    /// file) and the next test runs.
    @Test func aCaughtRefusalFailsItsTest() throws {
        let dir = try specTree(["mem_spec.lua": """
        it('catches the refusal', function()
          pcall(function() local t = {} while true do t[#t + 1] = string.rep("x", 1e6) .. #t end end)
        end)
        it('after', function() assert.are.equal(2, 1 + 1) end)
        """])
        let r = try Spawned.run(["test", "-o", "plain", "--max-memory", "50"], in: dir, limit: 60)
        #expect(r.exitCode == 1, "\(r.summary)")
        #expect(r.stdout.contains("memory limit exceeded (50 MB per spec file)"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("1 passed, 1 failed, 0 pending\n"), "\(r.stdout)")
    }

    /// 150 buttons given an 8 MB accessibility label each through the raw
    /// __newindex, each in a pcall: charged before it is stored, the run
    /// fails with the process near the ceiling. (Titles were the case
    /// first; they are cut to 10,000 characters now, so a label is the
    /// string the host keeps whole.)
    @Test func titlesAreChargedBeforeTheyAreStored() throws {
        let code = """
        local big = string.rep("x", 8 * 1024 * 1024)
        local keep = {}
        local set = debug.getmetatable(ui.button()).__newindex
        for i = 1, 150 do
          pcall(function() local b = ui.button() keep[#keep + 1] = b set(b, "accessibilityLabel", big) end)
        end
        """
        let r = try Spawned.run(["run", "--max-memory", "50", "-e", code], in: try CLI.scratch(), limit: 60)
        #expect(r.exitCode == 1 && r.signal == nil, "\(r.summary)")
        #expect(r.stderr.contains("memory limit exceeded (50 MB"), "\(r.stderr)")
        #expect(r.peakMB < 100, "peak RSS \(r.peakMB) MB under a 50 MB ceiling")
    }

    /// A nested value is charged whole before the host copies it: 500
    /// references to a 1 MB string one table down in `info` are 500 MB of
    /// copies, which the floor refused in the middle of Swift code ("Fatal
    /// error: failed to allocate", signal 6). A value the host rejects
    /// (a cycle) is still told apart, and a plain nested one still stored.
    @Test func nestedValuesAreChargedWhole() throws {
        let code = """
        local big = string.rep("x", 1024 * 1024)
        local inner = {} for i = 1, 500 do inner[i] = big end
        print(pcall(function() ui.button().info = { inner } end))
        """
        let r = try Spawned.run(["run", "--max-memory", "50", "-e", code], in: try CLI.scratch(), limit: 60)
        #expect(r.exitCode == 1 && r.signal == nil, "\(r.summary)")
        #expect(r.stdout == "false\tnot enough memory (limit 50 MB)\n", "\(r.summary)")
        #expect(r.stderr.contains("memory limit exceeded (50 MB"), "\(r.stderr)")
        let fine = try Spawned.run(["run", "--max-memory", "50", "-e", """
        local t = {} t[1] = t t[2] = t
        print(select(2, pcall(function() ui.button().info = t end)))
        local s = {} for i = 1, 1000 do s[i] = { x = "abc", y = { 1, 2, 3 } } end
        local b = ui.button() b.info = s print(#b.info, b.info[1000].y[3])
        """], in: try CLI.scratch(), limit: 60)
        #expect(fine.exitCode == 0 && fine.stdout.contains("(table nested too deeply (or a cycle))\n1000\t3\n"), "\(fine.summary)")
    }

    /// The kernel's floor is in force in the processes that run scripts.
    @Test func theKernelFloorIsSet() throws {
        let read = "for l in io.lines('/proc/self/limits') do if l:match('^Max data size') then print(l) end end"
        let r = try Spawned.run(["run", "--unsafe", "--max-memory", "50", "-e", read], in: try CLI.scratch(), limit: 30)
        let limit = Double(r.stdout.split(separator: " ", omittingEmptySubsequences: true).dropFirst(3).first ?? "") ?? 0
        #expect(limit > 150 * 1048576 && limit < 250 * 1048576, "\(r.summary)")
        let none = try Spawned.run(["run", "--unsafe", "--max-memory", "0", "-e", read], in: try CLI.scratch(), limit: 30)
        #expect(none.stdout.contains("unlimited            unlimited"), "\(none.summary)")
        let dir = try specTree(["floor_spec.lua": "it('floor', function() \(read) end)\n"])
        let t = try Spawned.run(["test", "-o", "plain", "--max-memory", "50"], in: dir, limit: 30)
        #expect(t.stdout.contains("Max data size") && !t.stdout.contains("unlimited            unlimited"), "\(t.summary)")
    }

    /// The floor is for the script: render's own work (two 1 MB titles
    /// drawn take some 130 MB) is not refused by it, which Swift cannot
    /// survive (it ended with "Fatal error: failed to allocate", signal 6).
    /// No time limit: the drawing now counts against the command's
    /// `--timeout`, and this test is about memory (drawing a 1 MB title
    /// takes long until its wrapping is linear).
    @Test func renderDrawsPastTheFloor() throws {
        let dir = try CLI.scratch()
        try "local big = string.rep('x', 1024 * 1024)\nfor i = 1, 2 do ui.button{ title = big .. i } end\n"
            .write(to: dir.appendingPathComponent("big.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["render", "--max-memory", "5", "--timeout", "0", "big.lua", "-o", "out"], in: dir, limit: 240)
        #expect(r.exitCode == 0 && r.signal == nil, "\(r.summary)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/button2.svg").path), "\(r.summary)")
    }

    /// The floor is the script's, not its children's: a program started
    /// with os.execute or io.popen has the limit the process had before
    /// (python allocating 300 MB failed under --max-memory 50), and the
    /// floor is back in force once it started.
    @Test func childrenDoNotInheritTheFloor() throws {
        let code = """
        print(os.execute("head -c 300000000 /dev/zero | python3 -c 'import sys; x = sys.stdin.buffer.read(); print(len(x))'"))
        local p = io.popen("grep '^Max data size' /proc/self/limits") print(p:read("a")) p:close()
        for l in io.lines("/proc/self/limits") do if l:match("^Max data size") then print(l) end end
        print(pcall(io.popen, "ls", "x"))
        """
        let r = try Spawned.run(["run", "--unsafe", "--max-memory", "50", "-e", code], in: try CLI.scratch(), limit: 60)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 5 && lines[0] == "300000000" && lines[1] == "true\texit\t0", "\(r.summary)")
        #expect(lines.count >= 5 && lines[2].contains("unlimited            unlimited"), "\(r.summary)")
        #expect(lines.count >= 5 && !lines[4].contains("unlimited            unlimited"), "\(r.summary)")
        #expect(r.stdout.contains("bad argument #2 to 'io.popen' (invalid mode)"), "\(r.summary)")
    }

    // MARK: What keeps working

    /// A user's own hook runs, and does not keep the limit from firing.
    @Test func aUsersHookStillRunsAndTheLimitStillFires() throws {
        let counted = try Spawned.run(["run", "--timeout", "5", "-e", """
        local n = 0
        debug.sethook(function() n = n + 1 end, "", 100)
        for i = 1, 1e5 do end
        debug.sethook()
        print(n > 100 and "counted" or ("only " .. n))
        """], in: try CLI.scratch(), limit: 30)
        #expect(counted.stdout == "counted\n", "\(counted.summary)")
        let limited = try Spawned.run(["run", "--timeout", "1", "-e", """
        local n = 0
        debug.sethook(function() n = n + 1 end, "", 100)
        while true do end
        """], in: try CLI.scratch(), limit: 30)
        #expect(limited.exitCode == 1 && limited.stderr.contains("time limit exceeded (1 s)"), "\(limited.summary)")
        #expect(limited.cpuSeconds < 4, "\(limited.summary)")
    }

    // MARK: The REPL

    /// The CPU time (user and system, clock ticks) of process `pid`.
    static func cpuTicks(_ pid: pid_t) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, utime 14 and stime 15.
        guard fields.count > 12 else { return 0 }
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    static let loopingValue = "x = setmetatable({}, { __tostring = function() while true do end end })\r"

    /// Printing a result runs the value's __tostring: under --timeout it
    /// ends with the limit and the session goes on.
    @Test func aREPLValueThatLoopsIsStoppedByTheTimeout() throws {
        let p = try PTY([CLI.binary.path, "repl", "--timeout", "1", "--history", "/dev/null"])
        _ = p.read(until: "leave\r\n> ")
        p.send(Self.loopingValue)
        p.send("x\r")
        let shown = p.read(until: "s)", timeout: 10)
        #expect(shown.contains("could not print the result") && shown.contains("time limit exceeded (1 s)"), "\(p.transcript.debugDescription)")
        p.send("40 + 2\r")
        #expect(p.read(until: "42").contains("42"), "\(p.transcript.debugDescription)")
        p.send("\u{04}")
        _ = p.read(timeout: 1)
        #expect(p.wait() == 0)
    }

    /// A second Ctrl-C ends a REPL whose line cannot be stopped (a loop in
    /// a debug hook) with exit 130, past every way out that writes the
    /// history: the lines before it are on disk already.
    @Test func aSecondCtrlCKeepsTheHistory() throws {
        let dir = try CLI.scratch()
        let history = dir.appendingPathComponent("history").path
        let p = try PTY([CLI.binary.path, "repl", "--history", history])
        _ = p.read(until: "leave\r\n> ")
        p.send("kept=42\r")
        _ = p.read(until: "> ")
        p.send("debug.sethook(function() debug.sethook() while true do end end, 'c') print(1)\r")
        let before = Self.cpuTicks(p.pid)
        let waitUntil = Date().addingTimeInterval(10)
        while Self.cpuTicks(p.pid) < before + 20 && Date() < waitUntil { _ = p.read(timeout: 0.05) }
        p.send("\u{03}", whileRunning: true)
        _ = p.read(timeout: 0.3)
        p.send("\u{03}", whileRunning: true)
        _ = p.read(timeout: 2)
        #expect(p.wait() == 130, "\(p.transcript.debugDescription)")
        let saved = (try? String(contentsOfFile: history, encoding: .utf8)) ?? ""
        #expect(saved.contains("kept=42"), "history: \(saved.debugDescription)")
    }

    /// With no timeout, Ctrl-C stops it; Tab over a table whose __pairs
    /// loops offers nothing after a moment instead of freezing the editor.
    @Test func ctrlCStopsALoopingTostringAndTabDoesNotHang() throws {
        let p = try PTY([CLI.binary.path, "repl", "--history", "/dev/null"])
        _ = p.read(until: "leave\r\n> ")
        p.send(Self.loopingValue)
        p.send("x\r")
        // Ctrl-C once the loop runs (the REPL's CPU time rises), not after
        // a fixed pause a loaded machine may not honour.
        let before = Self.cpuTicks(p.pid)
        let waitUntil = Date().addingTimeInterval(10)
        while Self.cpuTicks(p.pid) < before + 20 && Date() < waitUntil { _ = p.read(timeout: 0.05) }
        p.send("\u{03}", whileRunning: true)
        #expect(p.read(until: "interrupted", timeout: 5).contains("interrupted"), "\(p.transcript.debugDescription)")
        p.send("t = setmetatable({}, { __pairs = function() while true do end end })\r")
        _ = p.read(until: "> ", timeout: 5)
        // The completer has a second: the line typed after Tab is answered
        // after it, not after the loop (the REPL's CPU time while Tab and
        // the line are handled stays near that second, however busy the
        // machine; the wall clock is only a catch for a hang).
        let ticks = Self.cpuTicks(p.pid)
        p.send("t.\t")
        p.send("\u{15}40 + 2\r")
        #expect(p.read(until: "42", timeout: 30).contains("42"), "\(p.transcript.debugDescription)")
        let used = Double(Self.cpuTicks(p.pid) - ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
        #expect(used < 1.8, "Tab held the editor for \(used) s of CPU")
        p.send("\u{04}")
        _ = p.read(timeout: 1)
        #expect(p.wait() == 0)
    }
}

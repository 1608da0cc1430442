import Foundation
import Testing
@testable import ButtonKitTesting
import ButtonKitTestSupport

/// Specs that end their own process (issue 13): `os.exit(0)` under
/// `--unsafe` made `buttonkit test` exit 0 with no output, and with
/// `--jobs 2` the spec silently disappeared. A process that ends is that
/// test's error, the rest of the file and the run go on, the exit status is
/// not 0, and statuses read "exit 3" or "killed by signal 9".
@Suite("Specs that end their process", .serialized)
struct RunnerAttackTests {
    func suite(_ files: [String: String]) throws -> URL {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent("spec/\(name)"), atomically: true, encoding: .utf8)
        }
        return dir
    }

    /// The failure report of test `name` in plain output.
    func report(of name: String, in out: String) -> String {
        out.components(separatedBy: "\n\n").first { $0.contains(") \(name)\n") } ?? ""
    }

    static let exits = """
    it("before", function() end)
    it("exit 0", function() os.exit(0) end)
    it("exit true, closing", function() os.exit(true, true) end)
    it("exit 3", function() os.exit(3) end)
    it("after", function() end)
    """

    @Test(arguments: ["1", "2"])
    func osExitIsThatTestsErrorAndTheRunGoesOn(_ jobs: String) throws {
        let dir = try suite(["a_exit_spec.lua": Self.exits,
                             "b_other_spec.lua": "it('other', function() end)\n",
                             "c_file_exit_spec.lua": "os.exit(0)\nit('never', function() end)\n",
                             "d_last_spec.lua": "it('last', function() end)\n"])
        let junit = dir.appendingPathComponent("j.xml")
        let r = try Spawned.run(["test", "-o", "plain", "--unsafe", "--jobs", jobs, "--junit", junit.path], in: dir, limit: 60)
        #expect(r.exitCode == 1, "\(r.summary)")
        #expect(r.stdout.hasSuffix("4 passed, 4 failed, 0 pending\n"), "\(r.summary)")
        for (name, call) in [("exit 0", "os.exit(0)"), ("exit true, closing", "os.exit(true)"), ("exit 3", "os.exit(3)")] {
            #expect(report(of: name, in: r.stdout).contains("\(call) called by a spec"), "\(name): \(r.stdout)")
        }
        #expect(r.stdout.contains("spec/c_file_exit_spec.lua:1: os.exit(0) called by a spec"), "\(r.stdout)")
        for file in ["a_exit", "b_other", "c_file_exit", "d_last"] { #expect(r.stdout.contains("spec/\(file)_spec.lua: ")) }
        #expect(FileManager.default.fileExists(atPath: junit.path))
    }

    static let deaths = """
    it("before", function() end)
    it("killed", function() os.execute("kill -9 $PPID; sleep 5") end)
    it("middle", function() end)
    it("ended by _exit", function() package.loadlib("libc.so.6", "_exit")() end)
    it("after", function() end)
    """

    /// A worker that dies with no chance to say so (SIGKILL, as the OOM
    /// killer sends; `_exit` from C): the test it was running fails with how
    /// it ended, the tests it had finished keep their results, and a new
    /// worker runs the rest of the file.
    @Test(arguments: ["1", "2"])
    func aWorkerThatDiesSilentlyFailsOnlyItsTest(_ jobs: String) throws {
        let dir = try suite(["a_death_spec.lua": Self.deaths, "b_other_spec.lua": "it('other', function() end)\n"])
        let r = try Spawned.run(["test", "-o", "plain", "--unsafe", "--jobs", jobs], in: dir, limit: 60)
        #expect(r.exitCode == 1, "\(r.summary)")
        #expect(r.stdout.hasSuffix("4 passed, 2 failed, 0 pending\n"), "\(r.summary)")
        let killed = report(of: "killed", in: r.stdout)
        #expect(killed.contains("spec/a_death_spec.lua:2"), "\(r.stdout)")
        #expect(killed.contains("killed by signal 9 (SIGKILL)"), "\(r.stdout)")
        let ended = report(of: "ended by _exit", in: r.stdout)
        #expect(ended.range(of: #"ended \(exit [0-9]+\)"#, options: .regularExpression) != nil, "\(r.stdout)")
        #expect(!r.stdout.contains("status"), "\(r.stdout)")
    }

    @Test func statusesReadAsExitCodesOrSignals() {
        // Raw wait statuses: exit 3 is 768 (3 << 8), SIGKILL is 9.
        #expect(ExitStatus.describe(768) == "exit 3")
        #expect(ExitStatus.describe(0) == "exit 0")
        #expect(ExitStatus.describe(255 << 8) == "exit 255")
        #expect(ExitStatus.describe(9) == "killed by signal 9 (SIGKILL)")
        #expect(ExitStatus.describe(11 | 0x80) == "killed by signal 11 (SIGSEGV)")  // with a core dump
        #expect(ExitStatus.describe(34).hasPrefix("killed by signal 34"))
        #expect(ExitStatus.isSuccess(0) && !ExitStatus.isSuccess(768) && !ExitStatus.isSuccess(9))
    }

    @Test func osExitInARunUnderUnsafeEndsWithItsCode() throws {
        let r = try Spawned.run(["run", "--unsafe", "-e", "os.exit(3)"], in: try CLI.scratch(), limit: 30)
        #expect(r.exitCode == 3 && r.signal == nil, "\(r.summary)")
        let s = try Spawned.run(["run", "-e", "os.exit(3)"], in: try CLI.scratch(), limit: 30)
        #expect(s.exitCode == 1 && s.stderr.contains("os.exit is disabled in the sandbox"), "\(s.summary)")
    }
}

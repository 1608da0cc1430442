import Foundation
import Glibc
import Testing
import CTestSupport
@testable import ButtonKitTesting
import ButtonKitTestSupport

/// A scratch suite for watch mode: `src/mod.lua`, `spec/uses_spec.lua` that
/// requires it, `spec/alone_spec.lua` that does not (and fails when asked).
/// Discovery finds `alone` first, so a rerun that starts with `uses` shows
/// the dependency at work.
struct WatchSuite {
    let dir: URL

    init(failing: Bool = false) throws {
        dir = try CLI.scratch()
        try write("src/mod.lua", "return { answer = function() return 42 end }\n")
        try write("spec/uses_spec.lua", Self.uses())
        try write("spec/alone_spec.lua", """
            describe("alone", function()
              it("stands", function() assert.is_true(\(failing ? "false" : "true")) end)
            end)
            """)
    }

    static func uses(_ name: String = "the module") -> String {
        """
        local mod = require "mod"
        describe("uses", function()
          it("\(name)", function() assert.equal(42, mod.answer()) end)
        end)
        """
    }

    /// Writes as an editor does: a temporary file renamed over the old one.
    func save(_ path: String, _ text: String) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Writes in place (truncate and write), as `echo >` does.
    func write(_ path: String, _ text: String) throws {
        let url = dir.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(at: dir.appendingPathComponent(path)) }

    func cleanUp() { try? FileManager.default.removeItem(at: dir) }
}

/// What a watching process printed, read as it comes: `wait(for:)` waits
/// for a text and says how long it took; `cycle()` is everything since the
/// previous call.
final class Transcript {
    private var bytes: [UInt8] = []
    private var consumed = 0
    private let readMore: (Double) -> String

    init(_ readMore: @escaping (Double) -> String) { self.readMore = readMore }

    private var unread: String { String(decoding: bytes[consumed...], as: UTF8.self) }

    /// Seconds until `marker` appears after the last `cycle()`, or nil when
    /// it did not within `timeout`.
    func wait(for marker: String, timeout: Double = 10) -> Double? {
        let start = Date()
        while true {
            if unread.contains(marker) { return Date().timeIntervalSince(start) }
            let elapsed = Date().timeIntervalSince(start)
            if elapsed > timeout { return nil }
            bytes += Array(readMore(max(0.01, min(0.05, timeout - elapsed))).utf8)
        }
    }

    /// Everything read since the previous call (CR LF made LF).
    func cycle() -> String {
        let out = unread
        consumed = bytes.count
        return out.replacingOccurrences(of: "\r\n", with: "\n")
    }

    var all: String { String(decoding: bytes, as: UTF8.self) }
}

/// A process with standard input from /dev/null and its output in a pipe
/// (CI: no terminal), killed when the test ends whatever happened.
final class Piped {
    let pid: pid_t
    let fd: Int32
    private var reaped: Int32?

    init(_ argv: [String]) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EIO) }
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&fa, fds[1], 1)
        posix_spawn_file_actions_adddup2(&fa, fds[1], 2)
        posix_spawn_file_actions_addclose(&fa, fds[0])
        _ = bk_test_close_inherited(&fa)
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        let cargs = argv.map { strdup($0) } + [nil]
        let cenv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cargs + cenv).forEach { free($0) } }
        // Default signal handling, whatever the test runner ignores.
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attr, &all)
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var p: pid_t = 0
        let rc = posix_spawn(&p, argv[0], &fa, &attr, cargs, cenv)
        close(fds[1])
        guard rc == 0 else { close(fds[0]); throw POSIXError(.ENOEXEC) }
        pid = p
        fd = fds[0]
    }

    /// Output read while waiting for the exit, handed out by the next `read`.
    private var held: [UInt8] = []

    /// What the process wrote since the last call (waits up to `timeout` for some).
    func read(_ timeout: Double) -> String {
        defer { held = [] }
        if held.isEmpty { fill(timeout) }
        return String(decoding: held, as: UTF8.self)
    }

    private func fill(_ timeout: Double) {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(max(1, timeout * 1000))) > 0 else { return }
        var buf = [UInt8](repeating: 0, count: 65536)
        let n = Glibc.read(fd, &buf, buf.count)
        if n > 0 { held += buf[0..<n] }
    }

    /// The exit status (128 + signal when killed), or nil after `timeout`.
    func wait(timeout: Double) -> Int32? {
        if let reaped { return reaped }
        reaped = Exit.wait(pid, timeout: timeout) { self.fill(0.02) }
        return reaped
    }

    func stop() {
        if reaped == nil {
            kill(pid, SIGKILL)
            var st: Int32 = 0
            waitpid(pid, &st, 0)
            reaped = -1
        }
        close(fd)
    }
}

/// Waiting for a child with a time limit.
enum Exit {
    /// `pid`'s exit status (128 + signal when a signal ended it), or nil when
    /// it still runs after `timeout`; `meanwhile` keeps its output drained.
    static func wait(_ pid: pid_t, timeout: Double, meanwhile: () -> Void) -> Int32? {
        let end = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            if waitpid(pid, &status, WNOHANG) == pid {
                return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
            if Date() >= end { return nil }
            meanwhile()
        }
    }
}

extension PTY {
    /// The exit status, or nil when the program still runs after `timeout`
    /// (the terminal stays open: `stop()` releases it).
    func exitStatus(timeout: Double) -> Int32? {
        Exit.wait(pid, timeout: timeout) { _ = self.read(timeout: 0.02) }
    }

    /// Ends the program if it still runs (a test that failed early must not
    /// leave a watcher behind) and releases the terminal.
    func stop() {
        var st: Int32 = 0
        if waitpid(pid, &st, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &st, 0)
        }
        close(master)
    }
}

@Suite("Watch mode", .serialized)
struct WatchTests {
    static func watch(_ suite: WatchSuite, _ extra: [String] = []) throws -> (PTY, Transcript) {
        let p = try PTY([CLI.binary.path, "test", "--watch", "-C", suite.dir.path] + extra)
        return (p, Transcript { p.read(timeout: $0) })
    }

    /// The index of `needle` in `text` (Int.max when absent), to compare order.
    static func position(_ needle: String, in text: String) -> Int {
        guard let r = text.range(of: needle) else { return .max }
        return text.distance(from: text.startIndex, to: r.lowerBound)
    }

    @Test func aSavedModuleRerunsTheSpecThatLoadsItFirstWithinASecond() throws {
        let suite = try WatchSuite()
        defer { suite.cleanUp() }
        let (p, out) = try Self.watch(suite)
        defer { p.stop() }
        #expect(out.wait(for: "watching 2 spec files — all passed") != nil, "\(out.all.debugDescription)")
        _ = out.cycle()

        try suite.save("src/mod.lua", "return { answer = function() return 6 * 7 end }\n")
        let rerun = out.wait(for: "✔ uses the module", timeout: 30)
        // It reruns on the change (inotify), whatever the machine's load:
        // the 30 s above only catches a watcher that never does.
        #expect(rerun != nil, "the dependent spec did not rerun")
        #expect(out.wait(for: "watching 2 spec files") != nil)
        let cycle = out.cycle()
        #expect(cycle.contains("↻ src/mod.lua changed: 1 affected spec file first, then 1 more"), "\(cycle)")
        let uses = Self.position("spec/uses_spec.lua\n", in: cycle), alone = Self.position("spec/alone_spec.lua\n", in: cycle)
        #expect(uses < alone && alone < .max, "uses_spec (which requires the module) runs first, then the rest: \(cycle)")

        p.send("q")
        #expect(p.exitStatus(timeout: 5) == 0, "q exits with the last run's status (passed)")
    }

    @Test func aSavedSpecFileRerunsItselfFirst() throws {
        let suite = try WatchSuite()
        defer { suite.cleanUp() }
        let (p, out) = try Self.watch(suite)
        defer { p.stop() }
        #expect(out.wait(for: "watching 2 spec files") != nil)
        _ = out.cycle()

        // Written in place this time (truncate and write), as `echo >` does.
        try suite.write("spec/uses_spec.lua", WatchSuite.uses("the module, edited"))
        let rerun = out.wait(for: "✔ uses the module, edited", timeout: 30)
        #expect(rerun != nil, "the edited spec did not rerun")
        #expect(out.wait(for: "watching 2 spec files") != nil)
        let cycle = out.cycle()
        #expect(cycle.contains("↻ spec/uses_spec.lua changed: 1 affected spec file first, then 1 more"), "\(cycle)")
        let uses = Self.position("spec/uses_spec.lua\n", in: cycle), alone = Self.position("spec/alone_spec.lua\n", in: cycle)
        #expect(uses < alone && alone < .max, "the edited spec runs first: \(cycle)")
        p.send("q")
        #expect(p.exitStatus(timeout: 5) == 0)
    }

    @Test func keysRerunFailuresOnlyOrEverythingAndQuitWithTheLastStatus() throws {
        let suite = try WatchSuite(failing: true)
        defer { suite.cleanUp() }
        let (p, out) = try Self.watch(suite)
        defer { p.stop() }
        #expect(out.wait(for: "watching 2 spec files — 1 failed · Enter: run all · f: failures only · q: quit") != nil,
                "\(out.all.debugDescription)")
        _ = out.cycle()

        p.send("f")
        #expect(out.wait(for: "watching 2 spec files — 1 failed") != nil)
        let failures = out.cycle()
        #expect(failures.contains("↻ rerunning 1 spec file with failures"), "\(failures)")
        #expect(failures.contains("spec/alone_spec.lua\n") && !failures.contains("spec/uses_spec.lua"), "only the failing file: \(failures)")

        p.send("\r")
        #expect(out.wait(for: "watching 2 spec files — 1 failed") != nil)
        let all = out.cycle()
        #expect(all.contains("spec/uses_spec.lua\n") && all.contains("spec/alone_spec.lua\n"), "Enter runs all: \(all)")

        p.send("q")
        #expect(p.exitStatus(timeout: 5) == 1, "q exits with the last run's status (failed)")
    }

    @Test func aNewSpecFileIsPickedUpAndADeletedOneDropped() throws {
        let suite = try WatchSuite()
        defer { suite.cleanUp() }
        let (p, out) = try Self.watch(suite)
        defer { p.stop() }
        #expect(out.wait(for: "watching 2 spec files") != nil)
        _ = out.cycle()

        // In a folder that did not exist: it is watched as soon as it appears.
        try suite.save("spec/more/c_spec.lua", "it('is new', function() end)\n")
        #expect(out.wait(for: "watching 3 spec files", timeout: 5) != nil, "\(out.all.debugDescription)")
        let added = out.cycle()
        #expect(added.contains("↻ spec/more/c_spec.lua changed: 1 affected spec file first, then 2 more"), "\(added)")
        #expect(Self.position("spec/more/c_spec.lua\n", in: added) < Self.position("spec/alone_spec.lua\n", in: added), "\(added)")

        try suite.remove("spec/more/c_spec.lua")
        #expect(out.wait(for: "watching 2 spec files", timeout: 5) != nil, "\(out.all.debugDescription)")
        let removed = out.cycle()
        #expect(removed.contains("spec/more/c_spec.lua (deleted) changed: rerunning all 2 spec files"), "\(removed)")
        p.send("q")
        #expect(p.exitStatus(timeout: 5) == 0)
    }

    @Test func withoutATerminalChangesStillRerunAndTheEndOfInputDoesNotQuit() throws {
        let suite = try WatchSuite()
        defer { suite.cleanUp() }
        // uses_spec loads a data file with dofile: that is a dependency too.
        try suite.write("src/data.lua", "return true\n")
        try suite.write("spec/uses_spec.lua", """
            local data = dofile("src/data.lua")
            it("reads its data", function() assert.is_true(data) end)
            """)
        let p = try Piped([CLI.binary.path, "test", "--watch", "-C", suite.dir.path])
        defer { p.stop() }
        let out = Transcript { p.read($0) }
        #expect(out.wait(for: "watching 2 spec files — all passed · rerunning on every saved change") != nil,
                "\(out.all.debugDescription)")
        _ = out.cycle()
        // Standard input is at its end from the start: the watcher is still there.
        usleep(300_000)
        #expect(p.wait(timeout: 0) == nil, "the end of standard input must not end watch mode")

        try suite.save("src/data.lua", "return false\n")
        let rerun = out.wait(for: "watching 2 spec files — 1 failed", timeout: 30)
        #expect(rerun != nil, "no run after the change")
        let cycle = out.cycle()
        #expect(cycle.contains("↻ src/data.lua changed: 1 affected spec file first, then 1 more"), "\(cycle)")
        #expect(Self.position("spec/uses_spec.lua:", in: cycle) < Self.position("spec/alone_spec.lua:", in: cycle), "\(cycle)")

        kill(p.pid, SIGTERM)
        #expect(p.wait(timeout: 5) == 128 + SIGTERM)
    }

    /// Runs `script` in sh on a terminal; sh then prints `stty -a`, so the
    /// terminal's settings after the watcher ended are in the transcript.
    static func sttyAfter(_ suite: WatchSuite, keys: String?, signal: Int32?) throws -> String {
        let command = "trap '' INT; '\(CLI.binary.path)' test --watch -C '\(suite.dir.path)'; echo \"exit=$?\"; stty -a"
        let p = try PTY(["/bin/sh", "-c", command])
        defer { p.stop() }
        let out = Transcript { p.read(timeout: $0) }
        #expect(out.wait(for: "watching 2 spec files") != nil, "\(out.all.debugDescription)")
        if let keys { p.send(keys) }
        if let signal {
            // The watcher is sh's child; Ctrl-C reaches it through the terminal.
            if signal == SIGINT { p.send("\u{03}") } else {
                let children = (try? String(contentsOfFile: "/proc/\(p.pid)/task/\(p.pid)/children", encoding: .utf8)) ?? ""
                for c in children.split(separator: " ") { if let pid = pid_t(c) { kill(pid, signal) } }
            }
        }
        #expect(out.wait(for: "speed", timeout: 8) != nil, "stty ran after the watcher: \(out.all.debugDescription)")
        _ = out.wait(for: "eol2", timeout: 2)
        return out.all.replacingOccurrences(of: "\r\n", with: "\n")
    }

    static func restored(_ stty: String) -> Bool {
        let words = Set(stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        return words.contains("icanon") && words.contains("echo") && !words.contains("-icanon") && !words.contains("-echo")
    }

    @Test(arguments: [("q", 0 as Int32), ("ctrl-c", SIGINT), ("term", SIGTERM)])
    func theTerminalIsRestoredWhateverEndsTheWatcher(_ how: String, _ signal: Int32) throws {
        let suite = try WatchSuite()
        defer { suite.cleanUp() }
        let text = try Self.sttyAfter(suite, keys: how == "q" ? "q" : nil, signal: how == "q" ? nil : signal)
        #expect(Self.restored(text), "stty -a after the watcher ended (\(how)): \(text)")
        #expect(text.contains(how == "q" ? "exit=0" : "exit=\(128 + signal)"), "\(text)")
    }

    @Test func watchingAFolderThatDoesNotExistSaysSo() throws {
        let dir = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let p = try Piped([CLI.binary.path, "test", "--watch", "-C", dir.path, "nowhere"])
        defer { p.stop() }
        let out = Transcript { p.read($0) }
        let status = p.wait(timeout: 10)
        _ = out.wait(for: "\n", timeout: 1)
        #expect(status == 1)
        #expect(out.all.contains("buttonkit: cannot watch 'nowhere': no such file or folder"), "\(out.all)")
    }

    @Test func watchInBustedIsNotHonouredSoCINeverWaits() throws {
        let suite = try WatchSuite()
        defer { suite.cleanUp() }
        try suite.write(".busted", "return { default = { watch = true } }\n")
        let p = try Piped([CLI.binary.path, "test", "-C", suite.dir.path, "-o", "plain"])
        defer { p.stop() }
        let out = Transcript { p.read($0) }
        #expect(p.wait(timeout: 20) == 0)
        _ = out.wait(for: "2 passed", timeout: 1)
        #expect(out.all.contains(".busted: unknown key 'watch' ignored"), "\(out.all)")
    }
}

/// The rules watch mode reruns by, without processes.
@Suite("Watch mode's bookkeeping")
struct WatchStateTests {
    @Test func affectedSpecFilesAreThoseThatLoadedAChangedFileOrAreIt() {
        var s = WatchState()
        s.keep(["spec/a_spec.lua", "spec/b_spec.lua", "spec/c_spec.lua"]) { "/w/" + $0 }
        var o = WatchState.Observation()
        o.see(.loaded(file: "spec/a_spec.lua", paths: ["/w/src/mod.lua"]))
        o.see(.loaded(file: "spec/c_spec.lua", paths: ["/w/src/other.lua", "/w/src/mod.lua"]))
        o.see(.result(TestResult(file: "spec/b_spec.lua", name: "x", status: .failed, line: 1, message: "no")))
        for f in ["spec/a_spec.lua", "spec/b_spec.lua", "spec/c_spec.lua"] { o.see(.fileFinished(f)) }
        s.record(o)
        let all = ["spec/a_spec.lua", "spec/b_spec.lua", "spec/c_spec.lua"]
        #expect(s.affected(all, changed: ["/w/src/mod.lua"]) == ["spec/a_spec.lua", "spec/c_spec.lua"])
        #expect(s.affected(all, changed: ["/w/spec/b_spec.lua"]) == ["spec/b_spec.lua"])
        #expect(s.affected(all, changed: ["/w/README.lua"]).isEmpty)
        #expect(s.affected(all, changed: [], goneFolders: ["/w/src"]) == ["spec/a_spec.lua", "spec/c_spec.lua"])
        #expect(s.failing == ["spec/b_spec.lua"])
        #expect(s.isKnown("/w/src/other.lua") && !s.isKnown("/w/src/tmp.lua"))
        #expect(s.isKnown(under: "/w/src") && !s.isKnown(under: "/w/docs"))
        s.helpers = ["/w/spec/helper.lua"]
        #expect(s.affected(all, changed: ["/w/spec/helper.lua"]) == all, "every spec file depends on a --helper")
    }

    @Test func aRunReplacesLoadsAndOutcomesOfTheFilesItFinished() {
        var s = WatchState()
        s.keep(["a", "b"]) { "/w/" + $0 }
        var first = WatchState.Observation()
        first.see(.loaded(file: "a", paths: ["/w/m.lua"]))
        first.see(.result(TestResult(file: "a", name: "t", status: .error, line: 1, message: "boom")))
        first.see(.fileFinished("a"))
        s.record(first)
        #expect(s.failing == ["a"])
        var second = WatchState.Observation()
        second.see(.loaded(file: "a", paths: ["/w/n.lua"]))
        second.see(.fileFinished("a"))
        s.record(second)
        #expect(s.failing.isEmpty)
        #expect(s.affected(["a", "b"], changed: ["/w/m.lua"]).isEmpty, "a no longer loads m.lua")
        s.keep(["b"]) { "/w/" + $0 }
        #expect(!s.isKnown("/w/n.lua"), "a deleted spec file's loads are forgotten")
    }

    @Test func limitsOfTheKernelAreNamedWithTheWayOut() {
        let watches = WatchError.watching("/w/src", ENOSPC).message
        #expect(watches.hasPrefix("cannot watch '/w/src': the limit of inotify watches per user is reached"))
        #expect(watches.contains("max_user_watches"))
        let instances = WatchError.starting(EMFILE).message
        #expect(instances.contains("inotify instances") && instances.contains("max_user_instances"))
        #expect(WatchError.watching("/w/x", ENOENT).message == "cannot watch '/w/x': the folder does not exist")
    }

    @Test func onlyLuaFilesAndConfigFilesMatter() {
        #expect(DirectoryWatcher.isRelevant("mod.lua") && DirectoryWatcher.isRelevant(".busted") && DirectoryWatcher.isRelevant(".luacov"))
        #expect(!DirectoryWatcher.isRelevant("README.md") && !DirectoryWatcher.isRelevant("mod.lua.swp") && !DirectoryWatcher.isRelevant("4913"))
        #expect(DirectoryWatcher.isIgnored(folder: ".git") && DirectoryWatcher.isIgnored(folder: ".build") && !DirectoryWatcher.isIgnored(folder: "src"))
    }
}

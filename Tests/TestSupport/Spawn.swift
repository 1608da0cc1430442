import CTestSupport
import Glibc
import Foundation

/// The built `buttonkit` started the hard way: in a process group of its own
/// (so workers it forks die with it), bounded by a wall clock (a hang fails
/// the test instead of the suite), with how it ended told apart (an exit
/// code or a signal) and its peak resident set measured by the kernel.
public struct Spawned {
    public let pid: Int32
    public let started: Date
    public let outURL: URL
    public let errURL: URL

    /// How a child ended.
    public struct Ended {
        /// The exit code, when it exited.
        public let exitCode: Int32?
        /// The signal that ended it, when one did.
        public let signal: Int32?
        /// It outlived its wall-clock limit and was killed for it.
        public let timedOut: Bool
        /// Wall-clock seconds from start to end: a hang catch only, never a
        /// measure of speed (a busy machine stretches it).
        public let seconds: Double
        /// CPU seconds the child and the children it waited for used (user
        /// plus system, from wait4): what a script's work costs, however
        /// busy the machine is.
        public let cpuSeconds: Double
        /// The program's own peak resident set, in MB: VmHWM of the process
        /// after its exec, sampled while it runs (wait4's ru_maxrss would
        /// count the forked copy of the test process, 30-185 MB while
        /// suites run in parallel). Only ever lower than the truth by what
        /// the last few milliseconds before its end added.
        public let peakMB: Double
        public let stdout: String
        public let stderr: String

        public var crashed: Bool { signal != nil && !timedOut }
        public var summary: String {
            "exit \(exitCode.map(String.init) ?? "-") signal \(signal.map(String.init) ?? "-") timedOut \(timedOut) "
                + "after \(String(format: "%.2f", seconds)) s (CPU \(String(format: "%.2f", cpuSeconds)) s, peak \(String(format: "%.0f", peakMB)) MB)\nstdout: \(stdout.prefix(2000))\nstderr: \(stderr.prefix(2000))"
        }
    }

    /// Starts `buttonkit args...` in `dir`.
    public static func start(_ args: [String], in dir: URL, env: [String: String] = [:]) throws -> Spawned {
        let id = UUID().uuidString
        let tmp = FileManager.default.temporaryDirectory
        let outURL = tmp.appendingPathComponent("buttonkit-out-\(id)")
        let errURL = tmp.appendingPathComponent("buttonkit-err-\(id)")
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // As in CLI.run: the runner reads CI (no snapshots written there), and
        // CI systems set it for everything, so tests say when they mean it.
        environment["CI"] = nil
        for (k, v) in env { environment[k] = v }
        let path = CLI.binary.path
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        let pid = bk_test_spawn(path, argv, envp, dir.path, outURL.path, errURL.path)
        guard pid > 0 else { throw CocoaError(.executableLoad) }
        return Spawned(pid: pid, started: Date(), outURL: outURL, errURL: errURL)
    }

    /// Waits until the child has written a line on standard output, or
    /// ended, or `limit` seconds passed.
    public func waitForOutput(limit: Double) {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if let d = FileManager.default.contents(atPath: outURL.path), d.contains(UInt8(ascii: "\n")) { return }
            if Glibc.kill(pid, 0) != 0 { return }
            usleep(500)
        }
    }

    /// Sends `signal` to the child alone (not its group).
    public func kill(_ signal: Int32) { _ = Glibc.kill(pid, signal) }

    /// Waits at most `limit` seconds from the start, then kills the whole
    /// group; either way whatever the group left running is killed.
    public func finish(limit: Double) -> Ended {
        var status: Int32 = 0
        var rss = 0
        var cpu = 0.0
        var peakKB = 0
        var timedOut = false
        let name = CLI.binary.lastPathComponent
        while true {
            peakKB = max(peakKB, bk_test_peak_kb(pid, name))
            let r = bk_test_wait(pid, 1, &status, &rss, &cpu)
            if r == pid || r < 0 { break }
            if Date().timeIntervalSince(started) > limit {
                timedOut = true
                bk_test_kill_group(pid, SIGKILL)
                _ = bk_test_wait(pid, 0, &status, &rss, &cpu)
                break
            }
            usleep(1000)
        }
        let seconds = Date().timeIntervalSince(started)
        bk_test_kill_group(pid, SIGKILL)
        let out = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
        let sig = status & 0x7f
        return Ended(exitCode: sig == 0 ? (status >> 8) & 0xff : nil, signal: sig == 0 ? nil : sig,
                     timedOut: timedOut, seconds: seconds, cpuSeconds: cpu, peakMB: Double(peakKB) / 1024,
                     stdout: out, stderr: err)
    }

    /// Runs `buttonkit args...` in `dir` to its end or at most `limit` seconds.
    public static func run(_ args: [String], in dir: URL, env: [String: String] = [:], limit: Double = 60) throws -> Ended {
        try start(args, in: dir, env: env).finish(limit: limit)
    }
}

/// A scratch folder laid out for escapes: `tree/` is the working tree (the
/// sandbox's root) and `outside/` its sibling, where nothing may appear.
public struct Escape {
    public let base: URL
    public var tree: URL { base.appendingPathComponent("tree") }
    public var outside: URL { base.appendingPathComponent("outside") }

    public init() throws {
        // Resolved, so paths built from it are the ones the sandbox compares.
        base = URL(fileURLWithPath: try CLI.scratch().path).resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: base.appendingPathComponent("tree/spec"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: base.appendingPathComponent("outside"), withIntermediateDirectories: true)
    }

    public func inTree(_ name: String) -> URL { tree.appendingPathComponent(name) }
    public func outsideFile(_ name: String) -> URL { outside.appendingPathComponent(name) }
    public func exists(_ u: URL) -> Bool {
        var st = stat()
        return lstat(u.path, &st) == 0
    }
    public func write(_ text: String, to u: URL) throws { try text.write(to: u, atomically: false, encoding: .utf8) }
    public func read(_ u: URL) -> String? { try? String(contentsOf: u, encoding: .utf8) }
    /// Everything under `outside/`, so a test can say nothing appeared there.
    public func outsideListing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: outside.path)) ?? []).sorted()
    }
}

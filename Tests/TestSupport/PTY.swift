import CTestSupport
import Foundation
import Glibc

/// Drives a program through a pseudo-terminal, as a person at a keyboard.
public final class PTY {
    public let master: Int32
    public let slavePath: String
    public let pid: pid_t
    /// Everything read so far, for failure messages.
    public private(set) var transcript = ""

    public init(_ argv: [String], env: [String: String] = [:]) throws {
        var name = [CChar](repeating: 0, count: 128)
        master = bk_test_openpty(&name, name.count)
        guard master >= 0 else { throw POSIXError(.EIO) }
        slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        // util-linux's setsid starts a new session and (--ctty) makes the pty
        // its controlling terminal, so Ctrl-C reaches the program as SIGINT.
        let argv = ["/usr/bin/setsid", "--ctty"] + argv
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        posix_spawn_file_actions_addclose(&fa, master)
        posix_spawn_file_actions_addopen(&fa, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&fa, 0, 1)
        posix_spawn_file_actions_adddup2(&fa, 0, 2)
        _ = bk_test_close_inherited(&fa)
        var envList = ProcessInfo.processInfo.environment
        envList["TERM"] = "xterm"
        envList["NO_COLOR"] = "1"
        for (k, v) in env { envList[k] = v }
        let cargs = argv.map { strdup($0) } + [nil]
        let cenv = envList.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cargs + cenv).forEach { free($0) } }
        var p: pid_t = 0
        guard posix_spawn(&p, argv[0], &fa, &attr, cargs, cenv) == 0 else { throw POSIXError(.ENOEXEC) }
        _ = attr
        pid = p
    }

    /// Types `s`. By default it waits until the line editor reads keys (the
    /// terminal in raw mode, and what was typed before read): keys typed
    /// before it has switched the terminal to raw mode are handled by the
    /// kernel's line discipline instead (a person never types that fast
    /// after a prompt). `whileRunning`: keys for code that runs (Ctrl-C),
    /// typed at once. Waiting on the condition, not a fixed pause, holds on
    /// a busy machine; 10 s is only a catch for a REPL that never reads.
    public func send(_ s: String, whileRunning: Bool = false) {
        if !whileRunning {
            let end = Date().addingTimeInterval(10)
            while Date() < end {
                var pending: Int32 = 0
                let raw = bk_test_tty_state(master, slavePath, &pending)
                if raw < 0 || (raw == 1 && pending == 0) { break }
                usleep(2000)
            }
            // The editor may be finishing the previous line: a moment for it
            // to leave raw mode if it is about to.
            usleep(5000)
            var pending: Int32 = 0
            while Date() < end, bk_test_tty_state(master, slavePath, &pending) == 0 || pending > 0 { usleep(2000) }
        }
        let bytes = Array(s.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until the program has read what was typed and left raw mode
    /// (the REPL runs the line); false when that did not happen within
    /// `limit` seconds (a hang catch).
    public func waitUntilRunning(limit: Double = 20) -> Bool {
        let end = Date().addingTimeInterval(limit)
        while Date() < end {
            var pending: Int32 = 0
            if bk_test_tty_state(master, slavePath, &pending) == 0 && pending == 0 { return true }
            _ = read(timeout: 0.01)
        }
        return false
    }

    /// Reads until `marker` appears or the time is up; returns what was read.
    public func read(until marker: String? = nil, timeout: Double = 8) -> String {
        var out = [UInt8]()
        let end = Date().addingTimeInterval(timeout)
        var buf = [UInt8](repeating: 0, count: 4096)
        while Date() < end {
            var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 50) > 0 {
                let n = Glibc.read(master, &buf, buf.count)
                if n <= 0 { break }
                out += buf[0..<n]
                if let m = marker, String(decoding: out, as: UTF8.self).contains(m) { break }
            }
        }
        let text = String(decoding: out, as: UTF8.self)
        transcript += text
        if getenv("PTY_DEBUG") != nil { FileHandle.standardError.write(Data("PTY READ: \(text.debugDescription)\n".utf8)) }
        return text
    }

    /// Closes the terminal, as closing its window does (the kernel sends
    /// SIGHUP to the session's leader), and waits for the program to exit.
    public func hangUp(timeout: Double = 10) -> Int32 {
        close(master)
        var status: Int32 = 0
        let end = Date().addingTimeInterval(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > end { kill(pid, SIGKILL); waitpid(pid, &status, 0); return -1 }
            usleep(20_000)
        }
        return (status >> 8) & 0xff
    }

    /// Waits for the program to exit; kills it after `timeout` seconds so a
    /// misbehaving program fails the test instead of hanging the suite.
    public func wait(timeout: Double = 10) -> Int32 {
        var status: Int32 = 0
        let end = Date().addingTimeInterval(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > end {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                close(master)
                return -1
            }
            _ = read(timeout: 0.05)  // keep the pty drained
        }
        close(master)
        return (status >> 8) & 0xff
    }
}

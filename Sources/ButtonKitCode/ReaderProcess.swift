#if canImport(Glibc)
import Glibc
#endif
import ButtonKitSwiftIR

/// Runs the Swift reader: up to `workers` child processes (both cores of a
/// small machine), each sent its share of the files' bytes over a socket
/// and answering with their IR. A child that crashes, answers garbage or is
/// still busy at the deadline is killed and the load fails with a clear
/// error; it never takes ButtonKit down with it.
struct ReaderProcess {
    let executable: String
    /// Monotonic seconds after which the children are killed (0: none).
    let deadline: Double
    /// The address space each child may use (RLIMIT_AS, set by the child).
    let maxMemory: Int
    var workers = 2
    /// Called after each file with (files done, files in all).
    var progress: ((Int, Int) -> Void)?

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private final class Child {
        var pid: pid_t = 0
        var socket: Int32 = -1
        var errors: Int32 = -1
        var queue: [Int] = []
        var sending: [UInt8] = []
        var sendAt = 0
        var nextFile = 0
        var received: [UInt8] = []
        var stderrText: [UInt8] = []
        var answered = 0
        var closedOut = false
        var eof = false
        /// When the file it reads now was started (spawn, or the last answer).
        var fileStarted = 0.0
        /// Killed for taking longer than a file's budget (see `budget`).
        var overBudget: Double?
    }

    /// Seconds one file may take: SwiftParser's lookahead is exponential on
    /// some inputs (about 20 unclosed `[` in a parameter list take 10 s, 30
    /// take minutes), so a file that runs past this is listed as not read
    /// and a new reader goes on with the rest, instead of the whole load
    /// waiting for the run's deadline. Real files take well under a second.
    static func budget(bytes: Int) -> Double { 15 + Double(bytes) / 20_000 }

    /// The budget in force, by a file's size (`budget` unless set: a test
    /// that makes the parser run on does not wait its 15 s out).
    var fileBudget: @Sendable (Int) -> Double = ReaderProcess.budget

    /// How many times children may stop on a file before the load gives up.
    static let maxRestarts = 20
    /// Files a child stopped on, with how it stopped (their IR is empty).
    private(set) var stopped: [Int: String] = [:]

    /// The IR bytes of each file, in the order given.
    mutating func run(_ files: [[UInt8]]) throws(CodeError) -> [[UInt8]] {
        var results = [[UInt8]?](repeating: nil, count: files.count)
        if files.isEmpty { return [] }
        let n = max(1, min(workers, files.count))
        // Largest first, each to the least loaded child.
        var load = [Int](repeating: 0, count: n)
        var children: [Child] = (0..<n).map { _ in Child() }
        for i in files.indices.sorted(by: { files[$0].count > files[$1].count }) {
            let c = load.indices.min { load[$0] < load[$1] } ?? 0
            children[c].queue.append(i)
            load[c] += files[i].count + 1
        }
        children = children.filter { !$0.queue.isEmpty }
        defer { for c in children { finish(c) } }
        stopped = [:]
        for c in children { try spawn(c) }
        var done = 0
        var dead: [Child] = []
        var restarts = 0
        while done < files.count {
            var fds: [pollfd] = []
            var owners: [(Child, Bool)] = []   // (child, is stderr)
            for c in children {
                if !c.eof {
                    var events = Int16(POLLIN)
                    if !c.closedOut { events |= Int16(POLLOUT) }
                    fds.append(pollfd(fd: c.socket, events: events, revents: 0)); owners.append((c, false))
                }
                if c.errors >= 0 { fds.append(pollfd(fd: c.errors, events: Int16(POLLIN), revents: 0)); owners.append((c, true)) }
            }
            var wait: Int32 = 1000
            if deadline > 0 {
                let left = deadline - ReaderProcess.now()
                if left <= 0 {
                    throw CodeError("reading the Swift files took longer than the time left (\(done) of \(files.count) files read): raise --timeout")
                }
                wait = Int32(min(1000, max(1, left * 1000)))
            }
            let r = poll(&fds, nfds_t(fds.count), wait)
            if r < 0 { if errno == EINTR { continue }; throw CodeError("waiting for the Swift reader: \(String(cString: strerror(errno)))") }
            for (k, p) in fds.enumerated() where p.revents != 0 {
                let (c, isErr) = owners[k]
                if isErr { drainErrors(c); continue }
                if p.revents & Int16(POLLOUT) != 0 { send(c, files) }
                if p.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    try receive(c, files.count) { (id: Int, ir: [UInt8]) throws(CodeError) in
                        guard results[id] == nil else { throw CodeError("the Swift reader answered file \(id) twice") }
                        c.fileStarted = ReaderProcess.now()
                        results[id] = ir
                        done += 1
                        progress?(done, files.count)
                    }
                }
                if c.eof && c.answered < c.queue.count { dead.append(c) }
            }
            let now = ReaderProcess.now()
            for c in children where !c.eof && c.overBudget == nil && c.answered < c.queue.count {
                let budget = fileBudget(files[c.queue[c.answered]].count)
                if now - c.fileStarted > budget {
                    c.overBudget = budget
                    kill(c.pid, SIGKILL)
                }
            }
            // A child that stopped early: the file it was reading (it answers
            // in order) is the one that stopped it. That file is answered
            // empty (listed as not read) and a new child takes the rest; a
            // reader that cannot start or keeps failing is an error.
            for c in dead {
                drainErrors(c)
                let why = c.overBudget.map { "the parser did not finish it within \(Int($0)) s" } ?? status(c)
                let message = c.stderrText.isEmpty ? "no message" : String(decoding: c.stderrText.prefix(500), as: UTF8.self)
                // Killed by a signal (the parser crashed, or hit its memory
                // limit): that file's fault. Anything else (an exit status,
                // libraries missing): the reader's, and the load's error.
                guard c.overBudget != nil || why.hasPrefix("killed by signal") else {
                    throw CodeError("the Swift reader stopped after \(c.answered) of \(c.queue.count) files (\(why)): \(message)")
                }
                restarts += 1
                guard restarts <= ReaderProcess.maxRestarts else {
                    throw CodeError("the Swift reader stopped after \(c.answered) of \(c.queue.count) files (\(why)), \(restarts) times: \(message)")
                }
                let failed = c.queue[c.answered]
                results[failed] = []
                stopped[failed] = why
                done += 1
                progress?(done, files.count)
                finish(c)
                children.removeAll { $0 === c }
                let rest = Array(c.queue[(c.answered + 1)...])
                if !rest.isEmpty {
                    let n = Child()
                    n.queue = rest
                    children.append(n)
                    try spawn(n)
                }
            }
            dead.removeAll()
        }
        return results.map { $0 ?? [] }
    }

    private func spawn(_ c: Child) throws(CodeError) {
        c.fileStarted = ReaderProcess.now()
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw CodeError("cannot start the Swift reader: socketpair: \(String(cString: strerror(errno)))")
        }
        var errPipe: [Int32] = [-1, -1]
        guard pipe(&errPipe) == 0 else {
            close(pair[0]); close(pair[1])
            throw CodeError("cannot start the Swift reader: pipe: \(String(cString: strerror(errno)))")
        }
        for fd in errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        // The child starts with default signal handling and nothing blocked,
        // whatever the host set up for itself.
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all); sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attr, &all)
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let words: [String] = [executable, "--max-memory", String(maxMemory)]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) }
        defer { for a in argv { free(a) } }
        var cargv: [UnsafeMutablePointer<CChar>?] = argv + [nil]
        var env: [UnsafeMutablePointer<CChar>?] = [nil]
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, &attr, &cargv, &env)
        close(pair[1]); close(errPipe[1])
        guard rc == 0 else {
            close(pair[0]); close(errPipe[0])
            throw CodeError("cannot start the Swift reader \(executable): \(String(cString: strerror(rc)))")
        }
        c.pid = pid
        c.socket = pair[0]
        c.errors = errPipe[0]
        _ = fcntl(c.socket, F_SETFL, fcntl(c.socket, F_GETFL) | O_NONBLOCK)
        _ = fcntl(c.errors, F_SETFL, fcntl(c.errors, F_GETFL) | O_NONBLOCK)
    }

    private func send(_ c: Child, _ files: [[UInt8]]) {
        while !c.closedOut {
            if c.sendAt >= c.sending.count {
                guard c.nextFile < c.queue.count else {
                    shutdown(c.socket, Int32(SHUT_WR))
                    c.closedOut = true
                    return
                }
                let i = c.queue[c.nextFile]
                c.nextFile += 1
                c.sending = ReaderFrame.header(id: UInt32(i), length: files[i].count) + files[i]
                c.sendAt = 0
            }
            let n = c.sending.withUnsafeBytes { Glibc.send(c.socket, $0.baseAddress! + c.sendAt, c.sending.count - c.sendAt, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { return }
                c.closedOut = true   // the child is gone: its socket's end says why
                return
            }
            c.sendAt += n
            if c.sendAt >= c.sending.count { c.sending = [] ; c.sendAt = 0 }
        }
    }

    private func receive(_ c: Child, _ total: Int, _ got: (Int, [UInt8]) throws(CodeError) -> Void) throws(CodeError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(c.socket, $0.baseAddress, 1 << 16, 0) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                c.eof = true
                break
            }
            if n == 0 { c.eof = true; break }
            c.received += chunk[0..<n]
        }
        var at = 0
        while c.received.count - at >= 8 {
            let (id, length) = ReaderFrame.parse(c.received, at: at)
            guard Int(id) < total, length <= ReaderFrame.maxLength, c.queue.contains(Int(id)) else {
                throw CodeError("the Swift reader answered garbage (a message for file \(id) of \(length) bytes): is \(executable) a ButtonKit Swift reader of this version?")
            }
            guard c.received.count - at - 8 >= length else { break }
            try got(Int(id), Array(c.received[(at + 8)..<(at + 8 + length)]))
            c.answered += 1
            at += 8 + length
        }
        if at > 0 { c.received.removeFirst(at) }
    }

    private func drainErrors(_ c: Child) {
        guard c.errors >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(c.errors, $0.baseAddress, 4096) }
            if n > 0 {
                if c.stderrText.count < 8192 { c.stderrText += chunk[0..<n] }
                continue
            }
            if n == 0 { close(c.errors); c.errors = -1 }
            return
        }
    }

    private func status(_ c: Child) -> String {
        var st: Int32 = 0
        guard c.pid > 0 else { return "not started" }
        // It closed its end: give it a moment to exit, then stop it.
        for _ in 0..<50 {
            let r = waitpid(c.pid, &st, WNOHANG)
            if r == c.pid {
                c.pid = 0
                let sig = st & 0x7F
                if sig != 0 { return "killed by signal \(sig)\(sig == 9 ? ", perhaps over its memory limit" : "")" }
                let code = (st >> 8) & 0xFF
                return code == 127 ? "exit status 127: its libraries could not be loaded" : "exit status \(code)"
            }
            usleep(10_000)
        }
        return "still running"
    }

    private func finish(_ c: Child) {
        if c.socket >= 0 { close(c.socket); c.socket = -1 }
        if c.errors >= 0 { close(c.errors); c.errors = -1 }
        if c.pid > 0 {
            kill(c.pid, SIGKILL)
            var st: Int32 = 0
            while waitpid(c.pid, &st, 0) < 0 && errno == EINTR {}
            c.pid = 0
        }
    }
}

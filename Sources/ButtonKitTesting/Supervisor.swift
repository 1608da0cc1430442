#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import CLuaRunner
import CLuaShim

/// The runner side of a test run: loads the test framework into a template
/// state once, forks a process per spec file from it (at most `jobs` at a
/// time), and hands their records on in file order, so output is stable
/// whichever finishes first.
///
/// Every file starts from a pristine state without loading the framework
/// again (forking costs a fraction of loading it), and no spec can disturb
/// another. A process that dies is reported against the test it was
/// running (its last words name it) and a new one runs the rest of the file;
/// the run goes on and ends with its summary and reports, whatever the specs
/// did. The runner is single-threaded when it forks.
public struct Supervisor {
    /// What the runner learns, in file order.
    public enum Event {
        case fileStarted(String)
        case started(TestStart)
        /// A describe's start or end, as JSON (for output handlers).
        case block(file: String, detail: String)
        case result(TestResult)
        case note(String)
        case loaded(file: String, paths: [String])
        case coverage(file: String, counts: [Int: Int])
        case coverageConfig(String)
        case fileFinished(String)
    }

    let jobs: Int
    let settings: Worker.Settings
    /// Worker standard output goes to standard error (machine-readable output
    /// on standard output must stay clean).
    let quietStdout: Bool

    /// The run's working tree under `--sandbox` (spec files preloaded for
    /// a worker are opened beneath it).
    var tree: Confinement? { confined.tree }
    /// The command's run: the workers' template state is made over its tree.
    let confined: ConfinedRun

    init(jobs: Int, settings: Worker.Settings, quietStdout: Bool, confined: ConfinedRun) {
        self.jobs = max(1, jobs); self.settings = settings; self.quietStdout = quietStdout; self.confined = confined
    }

    private struct Child {
        let pid: pid_t
        var reader: LineReader
        /// The file it runs now (a worker whose file exposed its state goes
        /// on with the next ones).
        var file: Int
        /// The channel's memory, shared with the worker (nil if mmap failed).
        let region: OpaquePointer?
        /// The limit the runner ended it for: still running past a deadline
        /// and the grace the worker's own watchdog had.
        var endedForTime: Double?
    }

    private struct FileState {
        var events: [Event] = []
        var delivered = 0
        var done = false
        var lastWords: (activity: String, message: String, line: Int)?
        var resultCount = 0
        /// Names of the tests already reported (a new worker skips them).
        var reported: [String] = []
        var restarts = 0
    }

    /// The supervisor's own watch on the time limit, outside the workers: a
    /// worker still running a call past its deadline plus the grace its own
    /// watchdog gives (and a second more, so the worker's message, which
    /// says what it was stuck in, normally comes first) is killed; its
    /// test is reported as timed out and the rest of its file runs in a new
    /// worker. Returns how long poll may wait (ms; -1: no deadline to watch).
    private func watchdog(_ children: inout [Child]) -> Int32 {
        let now = bk_now_ns()
        let margin = Int64((bk_grace_seconds() + 1) * 1e9)
        // A worker's next test may start a deadline while the runner waits.
        var wait: Int64 = settings.options.timeout > 0 ? 1_000_000_000 : -1
        for i in children.indices where children[i].endedForTime == nil {
            var shown = 0.0
            let d = bk_channel_region_deadline(children[i].region, &shown)
            guard d > 0 else { continue }
            let left = d + margin - now
            if left <= 0 {
                kill(children[i].pid, SIGKILL)
                children[i].endedForTime = shown
                wait = 0
            } else if wait < 0 || left < wait {
                wait = left
            }
        }
        return wait < 0 ? -1 : Int32(min(wait / 1_000_000 + 1, 1000))
    }

    /// A killed worker's test's message.
    static func overrun(_ limit: Double, betweenTests: Bool = false) -> String {
        func text(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v) }
        // What the watchdog waited: the grace and the second after it.
        return "time limit exceeded (\(text(limit)) s)\(betweenTests ? " between tests" : ""): still running \(text(bk_grace_seconds() + 1)) s past it, so the runner ended its worker"
    }

    /// Runs `files`; `handle` gets every event in file order and returns
    /// false to stop the run (fail-fast).
    public func run(_ files: [String], _ handle: (Event) -> Bool) {
        var state = Array(repeating: FileState(), count: files.count)
        var queue = Array(files.indices)
        var children: [Child] = []
        var next = 0
        var stopped = false
        let template = try? SpecRunner.prepare(settings.workerOptions, in: confined)

        /// Forks a process that runs file `f` (skipping what was reported).
        func start(_ f: Int) -> Bool {
            var res: [Int32] = [0, 0]
            guard pipe(&res) == 0 else { return false }
            let skip = state[f].reported
            // With one job the files after this one run next, in order: the
            // worker may run them itself when this one exposes its state.
            let rest = jobs == 1 ? queue.map { files[$0] } : []
            let region = bk_channel_region_new()
            // What the runner's stdio holds unwritten (an output handler's
            // io.write through a pipe) goes out now: a child would inherit
            // the buffer and write it again at its end, so a handler's lines
            // showed once more for every file after them. The same for the
            // reporters' batch (`StandardOutput`).
            StandardOutput.flush()
            fflush(nil)
            let pid = fork()
            if pid == 0 {
                close(res[0])
                for c in children { close(c.reader.fd) }
                // Processes a spec starts do not hold the channel open (the
                // runner sees the worker's end when it ends).
                _ = fcntl(res[1], F_SETFD, FD_CLOEXEC)
                let devnull = open("/dev/null", O_RDONLY)
                if devnull >= 0 { dup2(devnull, 0); close(devnull) }
                if quietStdout { dup2(2, 1) }
                Worker.run(file: files[f], skip: skip, rest: rest, results: res[1], region: region, template: template, confined: confined, settings: settings)
            }
            close(res[1])
            guard pid > 0 else { close(res[0]); bk_channel_region_free(region); return false }
            _ = fcntl(res[0], F_SETFD, FD_CLOEXEC)
            children.append(Child(pid: pid, reader: LineReader(fd: res[0]), file: f, region: region))
            return true
        }

        func deliver() {
            while next < files.count, !stopped {
                var s = state[next]
                if s.delivered == 0 && (s.done || !s.events.isEmpty) {
                    if !handle(.fileStarted(files[next])) { stopped = true }
                }
                while s.delivered < s.events.count, !stopped {
                    if !handle(s.events[s.delivered]) { stopped = true }
                    s.delivered += 1
                }
                state[next] = s
                if !s.done || stopped { break }
                if !handle(.fileFinished(files[next])) { stopped = true }
                next += 1
            }
        }

        /// One record from the worker running file `f` (which a `.next`
        /// record moves on).
        func take(_ line: ArraySlice<UInt8>, _ f: inout Int) {
            switch Record.parse(bytes: line, file: files[f]) {
            case .result(let r)?:
                state[f].events.append(.result(r))
                state[f].resultCount += 1
                state[f].reported.append(r.name)
            case let .started(name, line, definedIn, detail)?:
                state[f].events.append(.started(TestStart(file: files[f], name: name, line: line, definedIn: definedIn, detail: detail)))
            case .block(let detail)?: state[f].events.append(.block(file: files[f], detail: detail))
            case .next(let path)?:
                // The worker goes on with the next file in its state: it is
                // the first in the queue (one job), so it is not started again.
                if let g = queue.first, files[g] == path {
                    queue.removeFirst()
                    f = g
                }
            case .note(let t)?: state[f].events.append(.note(t))
            case .loaded(let p)?: state[f].events.append(.loaded(file: files[f], paths: p))
            // Compiled here, once: the workers forked from now on load it
            // as bytecode (see chunkcache.c). Confined, only a file the
            // worker's require could load, opened where it may be: the
            // worker names it, and a spec may have moved folders since.
            case .module(let path)?:
                if let tree {
                    if case .success(let fd) = tree.open(path, for: BK_FOR_REQUIRE, "require") {
                        _ = bk_chunkcache_compile_fd(path, fd)
                        close(fd)
                    }
                } else {
                    _ = bk_chunkcache_compile(path)
                }
            case let .coverage(file, counts)?: state[f].events.append(.coverage(file: file, counts: counts))
            case .coverageConfig(let text)?: state[f].events.append(.coverageConfig(text))
            case let .lastWords(activity, message, line)?: state[f].lastWords = (activity, message, line)
            case .fileDone?: state[f].done = true
            case nil: break
            }
        }

        /// A worker ended (end of its results): reports what it left
        /// unfinished. When its last words name the test it was running, that
        /// test fails alone and a new worker runs the rest of the file.
        func reap(_ i: Int) {
            var child = children[i]
            close(child.reader.fd)
            var status: Int32 = 0
            while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
            children.remove(at: i)
            defer { bk_channel_region_free(child.region) }
            if !state[child.file].done && state[child.file].lastWords == nil, let region = child.region {
                // It died with no chance to say so (SIGKILL, _exit): what it
                // appended but never wrote, and the test it was running, are
                // in the memory it shared.
                var bytes: UnsafePointer<CChar>?
                let n = bk_channel_region_unsent(region, child.reader.received, &bytes)
                if n > 0, let bytes {
                    let unsent = UnsafeRawBufferPointer(start: bytes, count: n)
                    for line in child.reader.feed(ArraySlice(unsent.bindMemory(to: UInt8.self))) { take(line, &child.file) }
                }
                var line = 0
                let activity = String(cString: bk_channel_region_activity(region, &line))
                if !state[child.file].done, !activity.isEmpty, !state[child.file].reported.contains(activity) {
                    let why = child.endedForTime.map { Self.overrun($0) } ?? "the worker running this test ended (\(ExitStatus.describe(status)))"
                    state[child.file].lastWords = (activity, why, line)
                }
            }
            let f = child.file
            guard !state[f].done else { return }
            if let w = state[f].lastWords {
                let name = w.activity.isEmpty ? files[f] : w.activity
                var r = TestResult(file: files[f], name: name, status: .error, line: w.line, message: w.message)
                if w.activity.isEmpty { r.origin = .block }
                state[f].events.append(.result(r))
                state[f].reported.append(name)
                state[f].lastWords = nil
                state[f].restarts += 1
                // Go on with the rest of the file, unless it keeps dying.
                if !w.activity.isEmpty && state[f].restarts <= 20 {
                    queue.insert(f, at: 0)
                    return
                }
            } else if let limit = child.endedForTime, state[f].restarts < 20 {
                // Killed between tests (the gap's deadline): the framework's
                // code, or what Lua ran there, was stuck. The file says so,
                // and its remaining tests run in a new worker.
                let message = Self.overrun(limit, betweenTests: true)
                state[f].events.append(.result(.fileError(files[f], message)))
                state[f].restarts += 1
                queue.insert(f, at: 0)
                return
            } else {
                var message = "the worker running \(files[f]) ended (\(ExitStatus.describe(status))) before the file finished"
                if state[f].resultCount > 0 {
                    message += " (after \(state[f].resultCount) result\(state[f].resultCount == 1 ? "" : "s"))"
                }
                state[f].events.append(.result(.fileError(files[f], message)))
            }
            state[f].done = true
        }

        while next < files.count && !stopped {
            while children.count < jobs && !queue.isEmpty {
                let f = queue.removeFirst()
                if !start(f) {
                    state[f].events.append(.result(.fileError(files[f], "could not start a process for it: \(String(cString: strerror(errno)))")))
                    state[f].done = true
                }
            }
            deliver()
            if next >= files.count || stopped { break }
            if children.isEmpty { continue }
            var fds = children.map { pollfd(fd: $0.reader.fd, events: Int16(POLLIN), revents: 0) }
            // Everything delivered so far is shown while the workers run on.
            StandardOutput.flush()
            let n = poll(&fds, nfds_t(fds.count), watchdog(&children))
            if n < 0 { if errno == EINTR { continue }; break }
            var ended: [Int] = []
            for i in fds.indices where fds[i].revents != 0 {
                for line in children[i].reader.readLines() { take(line, &children[i].file) }
                if children[i].reader.atEnd { ended.append(i) }
            }
            for i in ended.sorted(by: >) { reap(i) }
        }
        for c in children {
            kill(c.pid, SIGKILL)
            close(c.reader.fd)
            var st: Int32 = 0
            while waitpid(c.pid, &st, 0) < 0 && errno == EINTR {}
            bk_channel_region_free(c.region)
        }
    }
}

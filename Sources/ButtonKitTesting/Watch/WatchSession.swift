#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua

/// `buttonkit test --watch`: runs the suite once, then reruns it on every
/// saved change until `q` (or a signal).
///
/// A rerun runs first the spec files that loaded a changed file (or the
/// changed spec file itself), then the rest, in one run with one summary:
/// the answer about the code being edited comes first, and nothing else is
/// left unchecked. Editors save with bursts of events (a temporary file,
/// a rename, a backup), so events are gathered until 100 ms pass without
/// one (at most half a second) and make one rerun. Spec files are found
/// again for every run: a new one is picked up, a deleted one dropped.
///
/// On a terminal, keys are read one at a time: Enter reruns all, `f` only
/// the spec files that failed, `q` quits with the exit code of the last
/// run. Without a terminal on standard input (CI, a pipe) keys are not
/// read and the end of standard input means nothing: saved changes still
/// rerun, and a signal ends the session.
public final class WatchSession {
    var plan: TestPlan
    /// The command's one run (its tree), for every cycle.
    var confined: ConfinedRun
    let replan: (() -> TestPlan?)?
    let note: (String) -> Void
    var state = WatchState()
    var specs: [String] = []
    var lastStatus: Int32 = 0
    var readsKeys = false
    /// The working tree's real path, for showing paths short.
    let home: String

    /// Quiet time that ends a burst of events, and the longest a burst may
    /// delay a rerun.
    static let quiet = 0.1, longest = 0.5

    /// `replan` builds the plan again when `.busted` changes (nil: keep the
    /// old one); `note` prints a line on standard error.
    /// Confined runs lock the runner down (see `TestRun.run`).
    public var locksDown = false

    public convenience init(plan: TestPlan, replan: (() -> TestPlan?)? = nil, note: @escaping (String) -> Void) {
        self.init(plan: plan, confined: plan.confinedRun(), replan: replan, note: note)
    }

    /// The session of the command's run `confined`, built where the command
    /// started.
    package init(plan: TestPlan, confined: ConfinedRun, replan: (() -> TestPlan?)? = nil, note: @escaping (String) -> Void) {
        self.plan = plan
        self.confined = confined
        self.replan = replan
        self.note = note
        home = RealPath.of(".")
        self.plan.test.trackLoads = true
    }

    /// Watches until `q` or a signal; returns the exit code of the last run
    /// (1 when watching could not start).
    public func run() -> Int32 {
        let watcher: DirectoryWatcher
        do {
            try checkRoots()
            watcher = try DirectoryWatcher()
            try watch(with: watcher)
        } catch {
            note("buttonkit: \(error.message)")
            return 1
        }
        readsKeys = KeyboardMode.enter()
        defer { KeyboardMode.leave() }
        cycle(.all(header: nil))
        while true {
            switch next(watcher) {
            case .quit: return lastStatus
            case .all: cycle(.all(header: "↻ rerunning all spec files"))
            case .failures: cycle(.failures)
            case .changes(let changes):
                if let selection = selection(for: changes, watcher: watcher) { cycle(selection) }
            }
        }
    }

    // MARK: Roots and watches

    /// Roots are checked before anything runs: watching a folder that is not
    /// there would wait forever for nothing.
    func checkRoots() throws(WatchError) {
        for p in plan.paths where !Files.exists(p) {
            throw WatchError(message: "cannot watch '\(p)': no such file or folder")
        }
    }

    /// The working tree, and roots outside it (a folder: its tree; a file:
    /// its folder).
    func watch(with watcher: DirectoryWatcher) throws(WatchError) {
        try watcher.watchTree(".")
        for p in plan.paths {
            let r = RealPath.of(p)
            if PathText.isInside(r, home) { continue }
            if Files.isDirectory(r) { try watcher.watchTree(r) } else { try watcher.watchFolder(Files.directory(of: r)) }
        }
        state.helpers = Set(plan.test.helpers.filter { Files.exists($0) }.map(RealPath.of))
    }

    // MARK: Waiting

    enum Trigger {
        case changes([DirectoryWatcher.Change])
        case all, failures, quit
    }

    static func now() -> Double { Clock.now() }

    /// Waits for a key or a burst of changes.
    func next(_ watcher: DirectoryWatcher) -> Trigger {
        var pending: [DirectoryWatcher.Change] = []
        var first = 0.0, last = 0.0
        while true {
            var fds = [pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0)]
            if readsKeys { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
            var timeout: Int32 = -1
            if !pending.isEmpty {
                let due = min(last + Self.quiet, first + Self.longest)
                timeout = Int32(max(0, (due - Self.now()) * 1000).rounded(.up))
            }
            let n = poll(&fds, nfds_t(fds.count), timeout)
            if n < 0 && errno != EINTR {
                note("buttonkit: watch mode stopped: \(String(cString: strerror(errno)))")
                return .quit
            }
            if readsKeys && fds.count > 1 && fds[1].revents != 0, let key = readKey() { return key }
            if n > 0 && fds[0].revents != 0 {
                let changes = watcher.read()
                for p in watcher.takeProblems() { note("buttonkit: \(p)") }
                if !changes.isEmpty {
                    last = Self.now()
                    if pending.isEmpty { first = last }
                    pending += changes
                }
            }
            if !pending.isEmpty && Self.now() >= min(last + Self.quiet, first + Self.longest) - 0.001 {
                return .changes(pending)
            }
        }
    }

    /// Reads the keys waiting; the first that means something wins. The end
    /// of input (the terminal hung up) stops key reading, not the session.
    func readKey() -> Trigger? {
        var buf = [UInt8](repeating: 0, count: 64)
        let n = buf.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
        if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) {
            readsKeys = false
            return nil
        }
        for b in buf.prefix(max(0, n)) {
            switch b {
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .quit
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return .all
            case UInt8(ascii: "f"), UInt8(ascii: "F"): return .failures
            default: continue
            }
        }
        return nil
    }

    // MARK: Runs

    enum Selection {
        /// Everything, after `header` (nil: the first run says nothing).
        case all(header: String?)
        case failures
        /// Real paths of files changed (existing or known), folders gone.
        case changed(files: [String], goneFolders: [String])
    }

    /// What a burst of changes reruns, or nil when none of it matters (a
    /// temporary file made and removed, a Lua file nothing knew was removed).
    func selection(for changes: [DirectoryWatcher.Change], watcher: DirectoryWatcher) -> Selection? {
        var files: [String] = [], gone: [String] = [], overflow = false
        var seen: Set<String> = []
        for c in changes {
            switch c {
            case .file(let p): if seen.insert(p).inserted { files.append(p) }
            case .folderGone(let d): if seen.insert(d).inserted { gone.append(d) }
            case .overflow: overflow = true
            }
        }
        // A configuration file matters even when deleted (its options go).
        files = files.filter { Files.exists($0) || state.isKnown($0) || Self.isConfig($0) }
        gone = gone.filter { state.isKnown(under: $0) }
        if overflow {
            // Events were lost: watch again whatever appeared meanwhile.
            do { try watch(with: watcher) } catch { note("buttonkit: \(error.message)") }
            return .all(header: "↻ too many changes at once (the kernel's event queue overflowed): rerunning all spec files")
        }
        if files.isEmpty && gone.isEmpty { return nil }
        let configs = files.filter(Self.isConfig)
        if !configs.isEmpty {
            if let p = replan?() {
                // Its notes (an unknown key) are said on the next run.
                plan = p
                plan.test.trackLoads = true
                confined = p.confinedRun(keeping: confined)
                do { try watch(with: watcher) } catch { note("buttonkit: \(error.message)") }
            }
            return .all(header: "↻ \(names(configs)) changed: rerunning all spec files")
        }
        return .changed(files: files, goneFolders: gone)
    }

    static func isConfig(_ path: String) -> Bool { [".busted", ".luacov"].contains(Files.basename(of: path)) }

    /// Runs what `selection` says, in order, and prints the status line.
    func cycle(_ selection: Selection) {
        do {
            specs = try SpecDiscovery.find(plan.paths, patterns: plan.patterns, excluding: plan.excludePatterns,
                                           recursive: plan.recursive, tree: confined.tree) { path in
                note("buttonkit: \(path) leads outside the working tree; under --sandbox it is not run")
            }
        } catch {
            specs = []
            state.keep([], realPath: RealPath.of)
            note("buttonkit: \(error.message)")
            lastStatus = 1
            status()
            return
        }
        state.keep(specs, realPath: RealPath.of)
        guard !specs.isEmpty else {
            note("buttonkit: no spec files found in \(plan.paths.joined(separator: ", ")) (pattern \(plan.patterns.map { "'\($0)'" }.joined(separator: ", ")))")
            lastStatus = 1
            status()
            return
        }
        let order: [String]
        switch selection {
        case .all(let header):
            if let header { note(header) }
            order = TestRun.ordered(specs, plan)
        case .failures:
            let failing = specs.filter { state.failing.contains($0) }
            guard !failing.isEmpty else {
                note("no spec file is failing; Enter runs all")
                status()
                return
            }
            note("↻ rerunning \(Plural.count(failing.count, "spec file")) with failures")
            order = TestRun.ordered(failing, plan)
        case let .changed(files, gone):
            let first = state.affected(specs, changed: Set(files), goneFolders: gone)
            let rest = specs.filter { !first.contains($0) }
            let what = names(files + gone)
            if first.isEmpty || rest.isEmpty {
                note("↻ \(what) changed: rerunning \(first.isEmpty ? "all" : "the affected") \(Plural.count(specs.count, "spec file"))")
            } else {
                note("↻ \(what) changed: \(Plural.count(first.count, "affected spec file")) first, then \(rest.count) more")
            }
            order = TestRun.ordered(first, plan) + TestRun.ordered(rest, plan)
        }
        var seen = WatchState.Observation()
        lastStatus = TestRun.run(plan, confined: confined, files: order, observe: { seen.see($0) }, lockingDown: locksDown, note: note)
        state.record(seen)
        // Notes about options are said once, on the first run.
        plan.notes = []
        status()
    }

    /// `watching 12 spec files — 3 failed · Enter: run all · f: failures only · q: quit`
    func status() {
        let failing = specs.filter { state.failing.contains($0) }.count
        var line = "watching \(Plural.count(specs.count, "spec file")) — "
        line += failing == 0 ? (lastStatus == 0 ? "all passed" : "failed") : "\(failing) failed"
        line += readsKeys ? " · Enter: run all · f: failures only · q: quit" : " · rerunning on every saved change"
        note(line)
    }

    /// Up to three paths, short (relative to the working tree), and how many more.
    func names(_ paths: [String]) -> String {
        let prefix = home == "/" ? "/" : home + "/"
        let short = paths.map { p in
            (PathText.hasPrefix(p, prefix) ? String(decoding: p.utf8.dropFirst(prefix.utf8.count), as: UTF8.self) : p) + (Files.exists(p) ? "" : " (deleted)")
        }
        if short.count <= 3 { return short.joined(separator: ", ") }
        return short.prefix(3).joined(separator: ", ") + " and \(short.count - 3) more"
    }
}

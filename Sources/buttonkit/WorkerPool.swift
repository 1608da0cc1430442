#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import ButtonKitTesting

/// Runs spec files in parallel child processes (`buttonkit test --worker`),
/// each writing results to a temporary file; results are handed on in file
/// order, so output is stable whatever finishes first.
struct WorkerPool {
    let jobs: Int
    let plan: TestCommand.Plan

    /// Calls `deliver(file, results)` in file order; it returns false to stop.
    func run(_ files: [String], deliver: (String, [TestResult]) -> Bool) {
        var running: [pid_t: Int] = [:]
        var outputs: [Int: String] = [:]
        var done: [Int: [TestResult]] = [:]
        var next = 0, flushed = 0
        var stop = false
        let exe = LuaContext.executablePath ?? CommandLine.arguments[0]
        while flushed < files.count && !stop {
            while running.count < jobs && next < files.count {
                let out = "/tmp/buttonkit-worker-\(getpid())-\(next).jsonl"
                if let pid = spawn(exe, workerArgs(files[next]), stdoutPath: out) {
                    running[pid] = next
                    outputs[next] = out
                } else {
                    done[next] = [TestResult(file: files[next], name: files[next], status: .error, line: 0,
                                             message: "could not start a worker process")]
                }
                next += 1
            }
            if running.isEmpty && done[flushed] == nil { break }
            if done[flushed] == nil {
                var status: Int32 = 0
                let pid = waitpid(-1, &status, 0)
                guard pid > 0, let i = running.removeValue(forKey: pid) else { continue }
                done[i] = collect(files[i], outputs[i]!, exitStatus: status)
                unlink(outputs[i]!)
            }
            while let rs = done[flushed] {
                done[flushed] = nil
                if !deliver(files[flushed], rs) { stop = true }
                flushed += 1
                if stop { break }
            }
        }
        for (pid, i) in running {
            kill(pid, SIGTERM)
            var st: Int32 = 0
            waitpid(pid, &st, 0)
            unlink(outputs[i] ?? "")
        }
    }

    func collect(_ file: String, _ path: String, exitStatus: Int32) -> [TestResult] {
        var rs: [TestResult] = []
        if let text = try? Files.read(path) {
            for line in text.split(separator: "\n") where line.hasPrefix("R ") {
                if let r = JSONReporter.parse(String(line.dropFirst(2))) { rs.append(r) }
            }
        }
        let exited = exitStatus & 0x7f == 0
        if !exited || (exitStatus >> 8) & 0xff != 0 {
            rs.append(TestResult(file: file, name: file, status: .error, line: 0,
                                 message: "worker for \(file) ended abnormally (status \(exitStatus))"))
        }
        return rs
    }

    func workerArgs(_ file: String) -> [String] {
        let t = plan.test
        var a = ["test", "--worker", "--no-config", "--output", "plain", file]
        for f in t.filters { a += ["--filter", f] }
        for f in t.filtersOut { a += ["--filter-out", f] }
        if !t.tags.isEmpty { a += ["--tags", t.tags.joined(separator: ",")] }
        if !t.excludeTags.isEmpty { a += ["--exclude-tags", t.excludeTags.joined(separator: ",")] }
        if t.shuffle { a += ["--shuffle", "--seed", String(t.seed)] }
        if t.failFast { a.append("--fail-fast") }
        if t.shard.count > 1 { a += ["--shard", "\(t.shard.index)/\(t.shard.count)"] }
        a += ["--timeout", String(t.timeout), "--max-memory", String(t.maxMemoryMB)]
        if t.updateSnapshots { a.append("--update-snapshots") }
        if !t.sandbox { a.append("--unsafe") }
        for l in t.lpath { a += ["--lpath", l] }
        for h in t.helpers { a += ["--helper", h] }
        return a
    }

    func spawn(_ exe: String, _ args: [String], stdoutPath: String) -> pid_t? {
        var pid: pid_t = 0
        let argv = ([exe] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        posix_spawn_file_actions_addopen(&fa, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        return posix_spawn(&pid, exe, &fa, nil, argv, environ) == 0 ? pid : nil
    }
}

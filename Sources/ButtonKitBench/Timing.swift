#if canImport(Glibc)
import Glibc
#endif
import ButtonKitTesting

/// Clocks and process timing shared by every benchmark. Benchmarks take the
/// best of several rounds: on a two-core machine the minimum is the figure
/// least disturbed by whatever the other core is doing.
enum Timing {
    /// Monotonic seconds: the runner's clock.
    static func now() -> Double { Clock.now() }

    /// Best of `rounds` timings of `body`, in seconds.
    static func best(_ rounds: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        var b = Double.infinity
        for _ in 0..<rounds {
            let t0 = now()
            try body()
            b = min(b, now() - t0)
        }
        return b
    }

    /// What one run of a command cost: wall seconds, the CPU of it and of
    /// every child it waited for, and the largest resident set among them.
    struct Cost {
        var wall = 0.0, cpu = 0.0, peakMB = 0.0, status: Int32 = 0
        var cores: Double { wall > 0 ? cpu / wall : 0 }
    }

    /// Runs `argv` once in `dir` (or here), output discarded; wall seconds.
    static func spawn(_ argv: [String], in dir: String? = nil) -> Double { measure(argv, in: dir).wall }

    /// Runs `argv` once in `dir` (or here), output discarded, and says what
    /// it cost (NaN times when it could not start).
    static func measure(_ argv: [String], in dir: String? = nil) -> Cost {
        var pid: pid_t = 0
        let cargs = argv.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0)
        // The bench is single-threaded: changing its own folder around the
        // spawn is safe (Glibc's addchdir_np is not visible to Swift).
        var saved = [CChar](repeating: 0, count: 4096)
        if let dir { _ = getcwd(&saved, saved.count); chdir(dir) }
        defer { if dir != nil { saved.withUnsafeBufferPointer { _ = chdir($0.baseAddress!) } } }
        let t0 = now()
        guard posix_spawnp(&pid, argv[0], &fa, nil, cargs, environ) == 0 else { return Cost(wall: .nan, cpu: .nan, status: -1) }
        var status: Int32 = 0
        var u = rusage()
        while wait4(pid, &status, 0, &u) < 0 && errno == EINTR {}
        let wall = now() - t0
        func sec(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return Cost(wall: wall, cpu: sec(u.ru_utime) + sec(u.ru_stime), peakMB: Double(u.ru_maxrss) / 1024,
                    status: (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f))
    }

    /// Best wall times of two commands run alternately `rounds` times, so a
    /// burst of load on the machine hits both sides alike.
    static func interleaved(_ a: [String], _ b: [String], rounds: Int, in dir: String? = nil) -> (Double, Double) {
        _ = spawn(a, in: dir); _ = spawn(b, in: dir)  // warm the page cache
        var ba = Double.infinity, bb = Double.infinity
        for _ in 0..<rounds {
            ba = min(ba, spawn(a, in: dir))
            bb = min(bb, spawn(b, in: dir))
        }
        return (ba, bb)
    }

    /// Mean wall times of `a` and `b` over `rounds` runs each, taken in
    /// turns (for start-up, where the mean is what a user waits): a machine
    /// whose speed drifts during the measurement moves both alike, where
    /// two runs of 100 one after the other measured lua5.4 anywhere from
    /// 1.1 to 1.6 ms on a quiet machine.
    static func interleavedMeans(_ a: [String], _ b: [String], rounds: Int, in dir: String? = nil) -> (Double, Double) {
        _ = spawn(a, in: dir); _ = spawn(b, in: dir)
        var ta = 0.0, tb = 0.0
        for _ in 0..<rounds {
            ta += spawn(a, in: dir)
            tb += spawn(b, in: dir)
        }
        return (ta / Double(rounds), tb / Double(rounds))
    }

    /// The standard output of `argv` (the Lua probes print their figures).
    static func capture(_ argv: [String]) -> String {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return "" }
        var fa = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fa)
        defer { posix_spawn_file_actions_destroy(&fa) }
        posix_spawn_file_actions_adddup2(&fa, fds[1], 1)
        posix_spawn_file_actions_addclose(&fa, fds[0])
        let cargs = argv.map { strdup($0) } + [nil]
        defer { for p in cargs { free(p) } }
        var pid: pid_t = 0
        let ok = posix_spawnp(&pid, argv[0], &fa, nil, cargs, environ) == 0
        close(fds[1])
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while ok {
            let n = read(fds[0], &buf, buf.count)
            if n <= 0 { break }
            bytes += buf[0..<n]
        }
        close(fds[0])
        if ok { var st: Int32 = 0; waitpid(pid, &st, 0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Peak resident memory of this process, in MB.
    static func peakRSSMB() -> Double {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return Double(u.ru_maxrss) / 1024
    }
}

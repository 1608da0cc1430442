#if canImport(Glibc)
import Glibc
#endif

/// A thread of its own for a Lua output handler, which runs in the
/// runner's process: the runner waits for each event a bounded time, so a
/// handler stuck where Lua's hooks cannot reach (a debug hook, an `xpcall`
/// message handler) is given up on instead of ending the run with the
/// grace's `_exit`. The stuck thread is parked by its state's stuck handler
/// (`bk_stuck_park`) and never resumed; its state is never touched again.
final class HandlerThread: @unchecked Sendable {
    // Only one job is ever in flight: `run` posts it and waits; the thread
    // takes it, runs it and posts back. Both semaphores order the handoff.
    private var job: (() -> Void)?
    private var work = sem_t()
    private var done = sem_t()
    private var started = false
    /// Set when a job overran: the thread is the stuck one's, for good.
    private(set) var abandoned = false

    init() {
        sem_init(&work, 0, 0)
        sem_init(&done, 0, 0)
    }

    private func start() -> Bool {
        var tid = pthread_t()
        let me = Unmanaged.passRetained(self).toOpaque()
        let made = pthread_create(&tid, nil, { arg in
            let t = Unmanaged<HandlerThread>.fromOpaque(arg!).takeUnretainedValue()
            while true {
                while sem_wait(&t.work) != 0 {}
                t.job?()
                t.job = nil
                sem_post(&t.done)
            }
        }, me)
        if made != 0 { Unmanaged<HandlerThread>.fromOpaque(me).release(); return false }
        pthread_detach(tid)
        return true
    }

    /// Runs `body` on the thread and waits `seconds` at most; false when it
    /// did not return in time (the thread is abandoned then), or when no
    /// thread could be started (then `body` ran here, unbounded).
    func run(within seconds: Double, _ body: @escaping () -> Void) -> Bool {
        guard !abandoned else { return false }
        if !started {
            started = start()
            if !started { body(); return true }
        }
        job = body
        sem_post(&work)
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let whole = Int(seconds.rounded(.down))
        var until = timespec(tv_sec: now.tv_sec + whole, tv_nsec: now.tv_nsec + Int((seconds - Double(whole)) * 1e9))
        if until.tv_nsec >= 1_000_000_000 { until.tv_sec += 1; until.tv_nsec -= 1_000_000_000 }
        while sem_timedwait(&done, &until) != 0 {
            if errno == EINTR { continue }
            abandoned = true
            return false
        }
        return true
    }
}

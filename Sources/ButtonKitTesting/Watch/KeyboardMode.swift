#if canImport(Glibc)
import Glibc
#endif

/// The terminal on standard input in key-at-a-time mode while watch mode
/// runs: keys arrive without Enter and are not echoed; output processing
/// (newline to CR LF) and signals stay on, so reports print as usual and
/// Ctrl-C still interrupts a spec that spins.
///
/// Whatever ends the process puts the terminal back: `restore()` on the way
/// out, and handlers for SIGINT, SIGTERM, SIGHUP and SIGQUIT that restore it
/// and then die of the same signal (the shell sees the usual status). A
/// terminal left without echo would be the watcher's fault, not the user's.
enum KeyboardMode {
    /// The settings to put back. Written before the handlers are installed
    /// and read only by `restore`, which signal handlers may call at any
    /// moment: a plain global, as C's handlers would use (tcsetattr is
    /// async-signal-safe).
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var active: sig_atomic_t = 0

    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Switches standard input to key-at-a-time mode; false when it is not
    /// a terminal, or not ours (started in the background with `&`, where
    /// touching it would stop the process): keys are then not read at all.
    static func enter() -> Bool {
        guard isatty(0) != 0, tcgetpgrp(0) == getpgrp(), tcgetattr(0, &saved) == 0 else { return false }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        active = 1
        for s in signals {
            signal(s) { sig in
                KeyboardMode.restore()
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
        guard tcsetattr(0, TCSANOW, &raw) == 0 else {
            restore()
            return false
        }
        return true
    }

    /// Puts the terminal back as it was (safe to call twice, and from a
    /// signal handler).
    static func restore() {
        guard active != 0 else { return }
        active = 0
        _ = tcsetattr(0, TCSANOW, &saved)
    }

    /// Puts the terminal back and the default signal handlers with it.
    static func leave() {
        restore()
        for s in signals { signal(s, SIG_DFL) }
    }
}

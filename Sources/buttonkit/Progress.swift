#if canImport(Glibc)
import Glibc
#endif
import ButtonKitCode

/// A progress line for long loads: on a terminal only (never in a pipe or
/// a CI log), and only once a load has taken more than a second.
enum Progress {
    nonisolated(unsafe) static var shown = false

    static func reporter() -> (@Sendable (Int, Int) -> Void)? {
        guard isatty(2) == 1 else { return nil }
        let start = now()
        return { done, all in
            guard now() - start > 1 else { return }
            let text = Array("\rreading Swift: \(done) of \(all) files\u{1B}[K".utf8)
            _ = text.withUnsafeBytes { write(2, $0.baseAddress, text.count) }
            Progress.shown = true
        }
    }

    static func clear() {
        guard shown else { return }
        let text = Array("\r\u{1B}[K".utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, text.count) }
        shown = false
    }

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

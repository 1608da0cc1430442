import ButtonKitTesting
#if canImport(Glibc)
import Glibc
#endif

/// Output helpers: unbuffered-enough writes to stdout/stderr without Foundation.
enum Terminal {
    static func err(_ s: String) {
        var line = s
        if !line.hasSuffix("\n") { line += "\n" }
        // What the runner batched for standard output goes first (a log
        // of both streams keeps their order).
        StandardOutput.flush()
        fflush(nil)
        write(2, line)
    }

    /// Writes to standard output now.
    static func out(_ s: String) {
        guard !s.isEmpty else { return }
        // Lua's print and io.write go through C's buffered stdout: flush it
        // first so what scripts printed stays in order with what we print.
        StandardOutput.flush()
        fflush(nil)
        write(1, s)
    }

    /// Writes all bytes, retrying short writes.
    static func write(_ fd: Int32, _ s: String) { StandardOutput.writeAll(Array(s.utf8), to: fd) }

    /// Colours on a terminal unless NO_COLOR is set (no-color.org).
    static var colorAllowed: Bool {
        if let v = getenv("NO_COLOR"), v.pointee != 0 { return false }
        return stdoutIsTerminal
    }

    static var stdinIsTerminal: Bool { isatty(0) != 0 }
    static var stdoutIsTerminal: Bool { isatty(1) != 0 }

    /// Reads all of standard input.
    static func readStdin() -> String {
        var bytes: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(0, &buf, buf.count)
            if n <= 0 { break }
            bytes += buf[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Reads newline-terminated lines from a file descriptor, buffering what
/// arrives in pieces. `available()` returns the complete lines read so far
/// without blocking past one read.
struct LineReader {
    let fd: Int32
    private var pending: [UInt8] = []
    private(set) var atEnd = false
    /// Bytes read from `fd` so far.
    private(set) var received: UInt64 = 0

    init(fd: Int32) { self.fd = fd }

    /// Reads once (blocking) and returns the complete lines now available,
    /// as bytes (records are parsed bytewise: Swift's Character-level string
    /// splitting costs microseconds per line).
    mutating func readLines() -> [ArraySlice<UInt8>] {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
        if n < 0 {
            if errno == EINTR || errno == EAGAIN { return [] }
            atEnd = true
            return []
        }
        if n == 0 { atEnd = true; return [] }
        received += UInt64(n)
        return feed(chunk[0..<n])
    }

    /// Adds bytes that came another way (what a dead worker appended but
    /// never wrote) and returns the complete lines now available.
    mutating func feed(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        pending.append(contentsOf: bytes)
        guard let last = pending.lastIndex(of: 10) else { return [] }
        let complete = pending[...last]
        var lines: [ArraySlice<UInt8>] = []
        var start = complete.startIndex
        for i in complete.indices where complete[i] == 10 {
            lines.append(ArraySlice(complete[start..<i]))
            start = i + 1
        }
        pending.removeSubrange(...last)
        return lines
    }

    /// The next line, blocking until it is complete; nil at end of input.
    mutating func next() -> Substring? {
        while true {
            if let nl = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<nl], as: UTF8.self)
                pending.removeSubrange(...nl)
                return Substring(line)
            }
            if atEnd { return nil }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 4096) }
            if n < 0 { if errno == EINTR { continue }; atEnd = true; continue }
            if n == 0 { atEnd = true; continue }
            pending.append(contentsOf: chunk[0..<n])
        }
    }
}

/// A process's exit status in one encoding: "exit 3", "killed by signal 9".
public enum ExitStatus {
    public static func describe(_ status: Int32) -> String {
        let sig = status & 0x7f
        if sig == 0 { return "exit \((status >> 8) & 0xff)" }
        var s = "killed by signal \(sig)"
        if let name = names[sig] { s += " (\(name))" }
        return s
    }

    public static func isSuccess(_ status: Int32) -> Bool { status & 0x7f == 0 && (status >> 8) & 0xff == 0 }

    static let names: [Int32: String] = [
        1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE",
        9: "SIGKILL", 11: "SIGSEGV", 13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM",
    ]
}

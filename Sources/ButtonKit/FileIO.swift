#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over POSIX file calls: the model avoids Foundation for fast
/// start-up, and atomic replacement needs `fsync` and `rename` anyway.
enum FileIO {
    static func reason() -> String { String(cString: strerror(errno)) }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Reads a whole file as UTF-8 text.
    static func read(_ path: String) throws(ButtonKitError) -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw .io(path: path, operation: "open", reason: reason()) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 65536) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "read", reason: reason())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to `path` atomically: a temporary file in the same
    /// folder is written, flushed to disk and renamed over the target, then
    /// the folder is flushed. A crash at any point leaves either the old or
    /// the new content, never a mix. `crashAfterBytes` simulates a crash
    /// (for tests): the write stops there and nothing is renamed.
    static func writeAtomically(_ text: String, to path: String, crashAfterBytes: Int? = nil) throws(ButtonKitError) {
        let dir = directory(of: path)
        let tmp = dir + "/." + basename(of: path) + ".tmp-" + String(getpid())
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw .io(path: tmp, operation: "create", reason: reason()) }
        var bytes = Array(text.utf8)
        if let limit = crashAfterBytes { bytes = Array(bytes.prefix(limit)) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let r = reason()
                close(fd); unlink(tmp)
                throw .io(path: tmp, operation: "write", reason: r)
            }
            written += n
        }
        if crashAfterBytes != nil {
            close(fd)  // the "process died" here: the temporary file stays, the target is untouched
            throw .io(path: path, operation: "write", reason: "simulated crash")
        }
        guard fsync(fd) == 0 else {
            let r = reason(); close(fd); unlink(tmp)
            throw .io(path: tmp, operation: "flush", reason: r)
        }
        close(fd)
        guard rename(tmp, path) == 0 else {
            let r = reason(); unlink(tmp)
            throw .io(path: path, operation: "replace", reason: r)
        }
        let dfd = open(dir, O_RDONLY)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let d = String(path[..<slash])
        return d.isEmpty ? "/" : d
    }

    static func basename(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

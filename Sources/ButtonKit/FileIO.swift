#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Thin wrappers over POSIX file calls: the model avoids Foundation for fast
/// start-up, and safe replacement needs `fsync`, `rename` and `flock` anyway.
enum FileIO {
    static func reason() -> String { String(cString: strerror(errno)) }
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Reads a whole file as raw bytes.
    static func readBytes(_ path: String) throws(ButtonKitError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
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
        return bytes
    }

    /// Reads a whole file as UTF-8 text (invalid bytes become U+FFFD).
    static func read(_ path: String) throws(ButtonKitError) -> String {
        String(decoding: try readBytes(path), as: UTF8.self)
    }

    /// What identifies one version of a file: a replaced or rewritten file
    /// gets a new one (the inode changes on rename, size and time on writes).
    struct Identity: Equatable {
        let device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int
    }

    static func identity(_ path: String) -> Identity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return Identity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
                        seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec))
    }

    /// A random suffix for temporary names (not guessable from the PID).
    static func randomSuffix() -> String {
        var bytes = [UInt8](repeating: 0, count: 8)
        var n = -1
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 8) }
            close(fd)
        }
        if n != 8 {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            var v = UInt64(bitPattern: Int64(ts.tv_nsec)) &* 0x9E37_79B9_7F4A_7C15
            for i in 0..<8 { bytes[i] = UInt8(truncatingIfNeeded: v); v >>= 8 }
        }
        let hex = Array("0123456789abcdef".utf8)
        return String(decoding: bytes.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] }, as: UTF8.self)
    }

    /// The prefix of a file's temporary siblings: `.name.tmp-`.
    static func tempPrefix(of path: String) -> String { "." + basename(of: path) + ".tmp-" }

    /// Writes `bytes` to `path` atomically: a new temporary file in the same
    /// folder (created exclusively, never through a symlink, under a random
    /// name) is written, flushed to disk and renamed over the target, then
    /// the folder is flushed. A crash at any point leaves either the old or
    /// the new content, never a mix. `crashAfterBytes` simulates a crash
    /// (for tests): the write stops there and nothing is renamed.
    static func writeAtomically(_ bytes: [UInt8], to path: String, crashAfterBytes: Int? = nil) throws(ButtonKitError) {
        let dir = directory(of: path)
        let tmp = dir + "/" + tempPrefix(of: path) + String(getpid()) + "-" + randomSuffix()
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(path: tmp, operation: "create", reason: reason()) }
        var bytes = bytes
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
        let dfd = open(dir, O_RDONLY | O_CLOEXEC)
        if dfd >= 0 { _ = fsync(dfd); close(dfd) }
    }

    static func writeAtomically(_ text: String, to path: String, crashAfterBytes: Int? = nil) throws(ButtonKitError) {
        try writeAtomically(Array(text.utf8), to: path, crashAfterBytes: crashAfterBytes)
    }

    /// The name in a directory entry, read in place. `d_name` is declared as
    /// 256 bytes, but the kernel packs entries to their name's length, so
    /// copying the whole field (as `withUnsafeBytes(of: e.pointee.d_name)`
    /// does) reads past the last entry of readdir's buffer: out of bounds,
    /// and a crash when that buffer ends a mapping.
    static func name(of entry: UnsafePointer<dirent>) -> String {
        guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return "" }
        let room = max(0, Int(entry.pointee.d_reclen) - offset)
        let p = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        let n = strnlen(p, min(room, 256))
        return String(decoding: UnsafeRawBufferPointer(start: p, count: n), as: UTF8.self)
    }

    /// The name in a directory entry as its bytes, whatever they are (a
    /// name that is not UTF-8 would decode as another name).
    static func nameBytes(of entry: UnsafePointer<dirent>) -> [UInt8] {
        guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else { return [] }
        let room = max(0, Int(entry.pointee.d_reclen) - offset)
        let p = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        let n = strnlen(p, min(room, 256))
        return Array(UnsafeRawBufferPointer(start: p, count: n))
    }

    /// Removes temporary siblings of `path` left by writers that died
    /// (`.name.tmp-PID-…` whose process no longer exists).
    static func removeStaleTemporaries(of path: String) {
        let dir = directory(of: path), prefix = tempPrefix(of: path)
        guard let d = opendir(dir) else { return }
        var stale: [String] = []
        while let e = readdir(d) {
            let name = FileIO.name(of: e)
            guard PathText.hasPrefix(name, prefix) else { continue }
            let rest = name.utf8.dropFirst(prefix.utf8.count)
            guard let pid = Int32(String(decoding: rest.prefix { $0 != UInt8(ascii: "-") }, as: UTF8.self)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { stale.append(dir + "/" + name) }
        }
        closedir(d)
        for p in stale { unlink(p) }
    }

    /// An exclusive lock held while `body` runs: `flock` on a lock file
    /// beside `path` (the file itself is replaced by rename on every write,
    /// so it cannot carry the lock).
    static func withLock<T>(_ path: String, _ body: () throws(ButtonKitError) -> T) throws(ButtonKitError) -> T {
        let lockPath = directory(of: path) + "/." + basename(of: path) + ".lock"
        let fd = open(lockPath, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .io(path: lockPath, operation: "open lock file", reason: reason()) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            throw .io(path: lockPath, operation: "lock", reason: reason())
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    static func directory(of path: String) -> String { PathText.directory(of: path) }

    static func basename(of path: String) -> String { PathText.basename(of: path) }
}

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

    /// Reads a whole regular file as raw bytes. It is opened without
    /// blocking and refused unless it is a regular file: a FIFO named like
    /// a store or a storyboard blocked `open` for good (with no time limit,
    /// nothing ended it), and a device never ends.
    static func readBytes(_ path: String) throws(ButtonKitError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .io(path: path, operation: "open", reason: reason()) }
        defer { close(fd) }
        try requireRegular(fd, path: path)
        return try readAll(fd, path: path)
    }

    /// Throws unless `fd` is a regular file ("is a folder", "not a regular
    /// file": a FIFO, a socket, a device).
    static func requireRegular(_ fd: Int32, path: String) throws(ButtonKitError) {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .io(path: path, operation: "stat", reason: reason()) }
        let type = st.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw .io(path: path, operation: "read", reason: type == S_IFDIR ? "is a folder" : "not a regular file")
        }
    }

    /// Everything left to read from `fd`.
    static func readAll(_ fd: Int32, path: String) throws(ButtonKitError) -> [UInt8] {
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
        init(_ st: stat) {
            device = UInt64(st.st_dev); inode = UInt64(st.st_ino); size = Int64(st.st_size)
            seconds = Int(st.st_mtim.tv_sec); nanoseconds = Int(st.st_mtim.tv_nsec)
        }
    }

    /// A random suffix for temporary names (not guessable from the PID),
    /// from the system's generator (getrandom: no file to open, so it works
    /// in a process confined to its working tree).
    static func randomSuffix() -> String {
        var g = SystemRandomNumberGenerator()
        var v = g.next()
        let hex = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for _ in 0..<16 { out.append(hex[Int(v & 15)]); v >>= 4 }
        return String(decoding: out, as: UTF8.self)
    }

    /// The prefix of a file's temporary siblings: `.name.tmp-`.
    static func tempPrefix(of name: String) -> String { "." + basename(of: name) + ".tmp-" }

    /// Writes `bytes` to `path` atomically, in the folder the path names
    /// now (see `Folder.writeAtomically`).
    static func writeAtomically(_ bytes: [UInt8], to path: String, crashAfterBytes: Int? = nil) throws(ButtonKitError) {
        try Folder.open(directory(of: path)).writeAtomically(bytes, to: basename(of: path), crashAfterBytes: crashAfterBytes)
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

    static func directory(of path: String) -> String { PathText.directory(of: path) }

    static func basename(of path: String) -> String { PathText.basename(of: path) }
}

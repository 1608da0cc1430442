#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A folder held open, in which files are read, written, locked and removed
/// by name (`openat`, `renameat`, `unlinkat`): the folder stays the one that
/// was opened, wherever its path leads later.
///
/// A file the host keeps at a path (a store, a snapshot, a report) lives
/// with side files in its folder: a lock, temporary files renamed over it.
/// Opening the folder once and naming each file in it keeps all of them in
/// that folder; resolving the path again for each would let a folder renamed
/// in between (by the script, or by another process) send some of them
/// elsewhere. Who opens the folder decides where it may be: the bridge opens
/// a confined script's folders beneath the working tree (`Confinement`).
///
/// A folder that `keepsLinks` (a confined one) opens no name that is a
/// symbolic link: a link planted in a file's place is refused, not followed.
public final class Folder {
    /// The descriptor (`O_RDONLY | O_DIRECTORY`), owned: closed with the folder.
    public let fd: Int32
    /// The folder as it was named, for messages.
    public let path: String
    /// Names in it are not followed when they are links.
    public let keepsLinks: Bool

    /// Takes `fd`, an open folder, as its own.
    public init(adopting fd: Int32, path: String, keepsLinks: Bool) {
        self.fd = fd
        self.path = path
        self.keepsLinks = keepsLinks
    }

    deinit { close(fd) }

    /// The folder at `path` (`mkdir -p` first when `creating`), links
    /// followed: the host's own choice of place.
    public static func open(_ path: String, creating: Bool = false) throws(ButtonKitError) -> Folder {
        if creating { try Files.makeDirectories(path) }
        let fd = Glibc.open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: path, operation: "open folder", reason: FileIO.reason()) }
        return Folder(adopting: fd, path: path, keepsLinks: false)
    }

    /// Where `name` is, for messages.
    public func pathOf(_ name: String) -> String { path == "/" ? "/" + name : path + "/" + name }

    /// The folder `name` inside this one, made when missing and `creating`.
    /// A child that `keepsLinks` (by default, a confined folder's) is no
    /// link itself.
    public func child(_ name: String, creating: Bool, keepsLinks: Bool? = nil) throws(ButtonKitError) -> Folder {
        let keepsLinks = keepsLinks ?? self.keepsLinks
        if creating && mkdirat(fd, name, 0o755) != 0 && errno != EEXIST {
            throw .io(path: pathOf(name), operation: "create folder", reason: FileIO.reason())
        }
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (keepsLinks ? O_NOFOLLOW : 0)
        let child = openat(fd, name, flags)
        guard child >= 0 else { throw .io(path: pathOf(name), operation: "open folder", reason: FileIO.reason()) }
        return Folder(adopting: child, path: pathOf(name), keepsLinks: keepsLinks)
    }

    var noFollow: Int32 { keepsLinks ? O_NOFOLLOW : 0 }

    /// Whether something is at `name` (a link counts as itself when kept).
    public func exists(_ name: String) -> Bool {
        faccessat(fd, name, F_OK, keepsLinks ? AT_SYMLINK_NOFOLLOW : 0) == 0
    }

    /// The whole file `name` as raw bytes.
    public func readBytes(_ name: String) throws(ButtonKitError) -> [UInt8] {
        let f = openat(fd, name, O_RDONLY | O_CLOEXEC | noFollow)
        guard f >= 0 else { throw .io(path: pathOf(name), operation: "open", reason: FileIO.reason()) }
        defer { close(f) }
        return try FileIO.readAll(f, path: pathOf(name))
    }

    /// The whole file `name` as UTF-8 text (invalid bytes become U+FFFD).
    public func read(_ name: String) throws(ButtonKitError) -> String {
        String(decoding: try readBytes(name), as: UTF8.self)
    }

    /// Replaces `name` with `bytes` atomically: a new temporary file beside
    /// it (created exclusively, never through a link, under a random name)
    /// is written, flushed to disk and renamed over it, then the folder is
    /// flushed. A crash at any point leaves the old content or the new one.
    /// `crashAfterBytes` simulates a crash (for tests): the write stops
    /// there and nothing is renamed. `durable: false` skips the flushes (a
    /// cache, where losing the file costs only its recomputation, and a
    /// flush per file would cost more than the file saves): the rename still
    /// makes a reader see the old file or the whole new one.
    public func writeAtomically(_ bytes: [UInt8], to name: String, crashAfterBytes: Int? = nil, durable: Bool = true) throws(ButtonKitError) {
        let tmp = FileIO.tempPrefix(of: name) + String(getpid()) + "-" + FileIO.randomSuffix()
        let f = openat(fd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard f >= 0 else { throw .io(path: pathOf(tmp), operation: "create", reason: FileIO.reason()) }
        var bytes = bytes
        if let limit = crashAfterBytes { bytes = Array(bytes.prefix(limit)) }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(f, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let r = FileIO.reason()
                close(f); unlinkat(fd, tmp, 0)
                throw .io(path: pathOf(tmp), operation: "write", reason: r)
            }
            written += n
        }
        if crashAfterBytes != nil {
            close(f)  // the "process died" here: the temporary file stays, the target is untouched
            throw .io(path: pathOf(name), operation: "write", reason: "simulated crash")
        }
        guard !durable || fsync(f) == 0 else {
            let r = FileIO.reason(); close(f); unlinkat(fd, tmp, 0)
            throw .io(path: pathOf(tmp), operation: "flush", reason: r)
        }
        close(f)
        guard renameat(fd, tmp, fd, name) == 0 else {
            let r = FileIO.reason(); unlinkat(fd, tmp, 0)
            throw .io(path: pathOf(name), operation: "replace", reason: r)
        }
        if durable { _ = fsync(fd) }
    }

    public func writeAtomically(_ text: String, to name: String, crashAfterBytes: Int? = nil) throws(ButtonKitError) {
        try writeAtomically(Array(text.utf8), to: name, crashAfterBytes: crashAfterBytes)
    }

    /// Removes the file `name`; true when it was there.
    @discardableResult
    public func remove(_ name: String) -> Bool { unlinkat(fd, name, 0) == 0 }

    /// What identifies the version of `name` there now (nil: nothing).
    func identity(_ name: String) -> FileIO.Identity? {
        var st = stat()
        guard fstatat(fd, name, &st, keepsLinks ? AT_SYMLINK_NOFOLLOW : 0) == 0 else { return nil }
        return FileIO.Identity(st)
    }

    /// An exclusive lock held while `body` runs: `flock` on `.name.lock`
    /// beside `name` (the file itself is replaced by rename on every write,
    /// so it cannot carry the lock).
    ///
    /// The lock file lasts only as long as the lock: the holder removes it
    /// before unlocking, so no `.name.lock` is left beside a store. That is
    /// sound because a locker checks, once it holds the lock, that the name
    /// still leads to the file it locked: one that waited on a file the
    /// holder removed finds the name gone (or a newer file there) and
    /// starts again, so two writers never hold "the" lock on two files.
    func withLock<T>(_ name: String, _ body: () throws(ButtonKitError) -> T) throws(ButtonKitError) -> T {
        let lockName = "." + name + ".lock"
        while true {
            let f = openat(fd, lockName, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard f >= 0 else { throw .io(path: pathOf(lockName), operation: "open lock file", reason: FileIO.reason()) }
            while flock(f, LOCK_EX) != 0 {
                if errno == EINTR { continue }
                let reason = FileIO.reason()
                close(f)
                throw .io(path: pathOf(lockName), operation: "lock", reason: reason)
            }
            var held = stat(), named = stat()
            guard fstat(f, &held) == 0, fstatat(fd, lockName, &named, AT_SYMLINK_NOFOLLOW) == 0,
                  held.st_ino == named.st_ino, held.st_dev == named.st_dev else {
                // Removed (or replaced) while this one waited: lock afresh.
                flock(f, LOCK_UN)
                close(f)
                continue
            }
            defer {
                unlinkat(fd, lockName, 0)
                flock(f, LOCK_UN)
                close(f)
            }
            return try body()
        }
    }

    /// Removes temporary siblings of `name` left by writers that died
    /// (`.name.tmp-PID-…` whose process no longer exists).
    func removeStaleTemporaries(of name: String) {
        let prefix = FileIO.tempPrefix(of: name)
        let dup = openat(fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dup >= 0, let d = fdopendir(dup) else { return }
        var stale: [String] = []
        while let e = readdir(d) {
            let entry = FileIO.name(of: e)
            guard PathText.hasPrefix(entry, prefix) else { continue }
            let rest = entry.utf8.dropFirst(prefix.utf8.count)
            guard let pid = Int32(String(decoding: rest.prefix { $0 != UInt8(ascii: "-") }, as: UTF8.self)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { stale.append(entry) }
        }
        closedir(d)
        for s in stale { unlinkat(fd, s, 0) }
    }
}

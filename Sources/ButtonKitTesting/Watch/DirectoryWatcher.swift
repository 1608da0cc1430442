#if canImport(Glibc)
import Glibc
#endif
import ButtonKit

/// Why watch mode cannot start, or cannot watch a folder: one sentence that
/// names the folder and the cause (a limit of the kernel says which limit and
/// how to raise it), since a bare `No space left on device` from inotify
/// tells nobody that watches ran out.
public struct WatchError: Error, Equatable {
    public let message: String

    /// The message for `inotify_init1` failing with `code`.
    static func starting(_ code: Int32) -> WatchError {
        switch code {
        case EMFILE:
            return WatchError(message: "cannot watch files: the limit of inotify instances per user is reached"
                + limit("max_user_instances")
                + "; close other programs that watch files, or raise it: sysctl fs.inotify.max_user_instances=512")
        case ENFILE:
            return WatchError(message: "cannot watch files: the system's limit on open files is reached")
        default:
            return WatchError(message: "cannot watch files: inotify is not available (\(String(cString: strerror(code))))")
        }
    }

    /// The message for `inotify_add_watch` on `folder` failing with `code`.
    static func watching(_ folder: String, _ code: Int32) -> WatchError {
        switch code {
        case ENOSPC:
            return WatchError(message: "cannot watch '\(folder)': the limit of inotify watches per user is reached"
                + limit("max_user_watches")
                + "; raise it (sysctl fs.inotify.max_user_watches=524288) or watch a smaller tree")
        case ENOENT:
            return WatchError(message: "cannot watch '\(folder)': the folder does not exist")
        case ENOTDIR:
            return WatchError(message: "cannot watch '\(folder)': it is not a folder")
        case EACCES:
            return WatchError(message: "cannot watch '\(folder)': permission denied")
        default:
            return WatchError(message: "cannot watch '\(folder)': \(String(cString: strerror(code)))")
        }
    }

    /// ` (/proc/sys/fs/inotify/NAME = N)`, when the kernel says.
    static func limit(_ name: String) -> String {
        let path = "/proc/sys/fs/inotify/" + name
        guard let text = try? Files.read(path) else { return "" }
        let value = text.filter { !$0.isWhitespace }
        return value.isEmpty ? "" : " (\(path) = \(value))"
    }
}

/// Watches the folders of a tree with inotify and turns its events into the
/// changes watch mode cares about: Lua files and `.busted`/`.luacov` written,
/// renamed into place or removed.
///
/// A folder is watched when it holds such files, or leads to one that does
/// (so a subfolder created there later is seen); hidden folders (`.git`,
/// `.build`) are left out, and symlinked folders are not followed (no
/// cycles). A folder created under a watched one is watched at once, before
/// any file lands in it. Files are reported when closed after writing or
/// renamed into place — never half-written — and removals so that a deleted
/// spec file or module is noticed.
final class DirectoryWatcher {
    /// Something that changed, with real paths.
    enum Change: Equatable {
        /// A file written, renamed into place, or removed (existence is
        /// checked when the burst of events is over).
        case file(String)
        /// A folder went away (deleted or moved): so did what it held.
        case folderGone(String)
        /// The kernel's queue overflowed: anything may have changed.
        case overflow
    }

    let fd: Int32
    private var folders: [Int32: String] = [:]
    private var watches: [String: Int32] = [:]
    /// Folders that could not be watched after start (a limit reached), said
    /// once each by the session.
    private(set) var problems: [String] = []

    static let mask: UInt32 = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    init() throws(WatchError) {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .starting(errno) }
    }

    deinit { close(fd) }

    /// How many folders are watched.
    var count: Int { watches.count }

    /// Whether watch mode cares about a file of this name.
    static func isRelevant(_ name: String) -> Bool {
        name.hasSuffix(".lua") || name == ".busted" || name == ".luacov"
    }

    /// Folders never walked into: hidden ones (`.git`, `.build`, editors' and
    /// tools' caches).
    static func isIgnored(folder name: String) -> Bool { PathText.hasPrefix(name, ".") }

    /// Watches `root` (a folder that must exist) and the folders below it
    /// that hold or lead to relevant files.
    func watchTree(_ root: String) throws(WatchError) {
        let real = RealPath.of(root)
        guard Files.isDirectory(real) else {
            throw Files.exists(real) ? .watching(root, ENOTDIR) : .watching(root, ENOENT)
        }
        var found: [String] = []
        _ = try scan(real, watchAll: false, found: &found)
        try add(real)
    }

    /// Watches only `folder` itself (the folder of a spec file named outside
    /// the working tree).
    func watchFolder(_ folder: String) throws(WatchError) {
        try add(RealPath.of(folder))
    }

    private func add(_ dir: String) throws(WatchError) {
        let wd = inotify_add_watch(fd, dir, Self.mask)
        guard wd >= 0 else { throw .watching(dir, errno) }
        folders[wd] = dir
        watches[dir] = wd
    }

    /// Walks `dir`; watches it when it holds or leads to relevant files (or
    /// always, with `watchAll`: a folder that just appeared). Relevant files
    /// met on the way are appended to `found`. True when relevant files are
    /// at or below `dir`.
    private func scan(_ dir: String, watchAll: Bool, found: inout [String]) throws(WatchError) -> Bool {
        var relevant = false
        for (name, kind) in Self.entries(dir) {
            let path = dir == "/" ? "/" + name : dir + "/" + name
            switch kind {
            case .folder:
                if Self.isIgnored(folder: name) { continue }
                if try scan(path, watchAll: watchAll, found: &found) { relevant = true }
            case .file:
                if Self.isRelevant(name) { relevant = true; found.append(path) }
            case .other: break
            }
        }
        if relevant || watchAll { try add(dir) }
        return relevant
    }

    enum Kind { case folder, file, other }

    /// Names in `dir` and what they are, without following symlinked folders.
    static func entries(_ dir: String) -> [(String, Kind)] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [(String, Kind)] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            var type = Int(e.pointee.d_type)
            if type == Int(DT_UNKNOWN) {
                var st = stat()
                guard lstat(dir + "/" + name, &st) == 0 else { continue }
                type = (st.st_mode & S_IFMT) == S_IFDIR ? Int(DT_DIR) : (st.st_mode & S_IFMT) == S_IFLNK ? Int(DT_LNK) : Int(DT_REG)
            }
            // A symlink to a file counts as the file (its name decides).
            out.append((name, type == Int(DT_DIR) ? .folder : type == Int(DT_REG) || type == Int(DT_LNK) ? .file : .other))
        }
        return out
    }

    /// Stops watching `dir` and every folder below it (it moved away or was
    /// deleted: its watch descriptors would name stale paths).
    private func forget(tree dir: String) {
        for (path, wd) in watches where PathText.isInside(path, dir) {
            inotify_rm_watch(fd, wd)
            watches[path] = nil
            folders[wd] = nil
        }
    }

    /// Reads the events waiting (never blocks) and returns the changes among
    /// them. Folders that appeared are watched (and their relevant files
    /// reported) before this returns.
    func read() -> [Change] {
        var changes: [Change] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            buffer.withUnsafeBytes { raw in
                var off = 0
                let header = MemoryLayout<inotify_event>.size
                while off + header <= n {
                    let wd = raw.loadUnaligned(fromByteOffset: off, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: off + 4, as: UInt32.self)
                    let len = Int(raw.loadUnaligned(fromByteOffset: off + 12, as: UInt32.self))
                    let nameBytes = raw[(off + header)..<min(n, off + header + len)]
                    let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                    off += header + len
                    handle(wd: wd, mask: mask, name: name, into: &changes)
                }
            }
        }
        return changes
    }

    private func handle(wd: Int32, mask: UInt32, name: String, into changes: inout [Change]) {
        func has(_ bits: Int32) -> Bool { mask & UInt32(bits) != 0 }
        if has(IN_Q_OVERFLOW) { changes.append(.overflow); return }
        guard let dir = folders[wd] else { return }
        if has(IN_IGNORED) {
            folders[wd] = nil
            if watches[dir] == wd { watches[dir] = nil }
            return
        }
        if has(IN_DELETE_SELF) || has(IN_MOVE_SELF) {
            forget(tree: dir)
            changes.append(.folderGone(dir))
            return
        }
        guard !name.isEmpty else { return }
        let path = dir == "/" ? "/" + name : dir + "/" + name
        if has(IN_ISDIR) {
            guard !Self.isIgnored(folder: name) else { return }
            if has(IN_CREATE) || has(IN_MOVED_TO) {
                var found: [String] = []
                do {
                    _ = try scan(path, watchAll: true, found: &found)
                } catch {
                    problems.append(error.message)
                }
                // What came with it (a folder moved in, `git checkout`).
                changes += found.map { .file($0) }
            } else if has(IN_DELETE) || has(IN_MOVED_FROM) {
                forget(tree: path)
                changes.append(.folderGone(path))
            }
            return
        }
        if Self.isRelevant(name) && (has(IN_CLOSE_WRITE) || has(IN_MOVED_TO) || has(IN_DELETE) || has(IN_MOVED_FROM)) {
            changes.append(.file(path))
        }
    }

    /// Problems said; the list starts over.
    func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }
}

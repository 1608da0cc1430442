#if canImport(Glibc)
import Glibc
#endif

/// File helpers the bridge and the command line share (spec discovery,
/// folders to make), on top of the same POSIX calls the store uses. Files
/// the host writes go through a `Folder`, opened where they may be.
public enum Files {
    /// The whole file as UTF-8 text, or an error naming the path and the reason.
    public static func read(_ path: String) throws(ButtonKitError) -> String { try FileIO.read(path) }
    /// A whole file as raw bytes (stats files, anything not text).
    public static func readBytes(_ path: String) throws(ButtonKitError) -> [UInt8] { try FileIO.readBytes(path) }

    /// Whether something exists at `path`.
    public static func exists(_ path: String) -> Bool { FileIO.exists(path) }

    /// Whether `path` is a folder (symlinks followed).
    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// The folder part of a path (`.` for a bare name).
    public static func directory(of path: String) -> String { FileIO.directory(of: path) }
    /// The last component of a path.
    public static func basename(of path: String) -> String { FileIO.basename(of: path) }

    /// `mkdir -p`.
    public static func makeDirectories(_ path: String) throws(ButtonKitError) {
        if path.isEmpty || isDirectory(path) { return }
        let parent = directory(of: path)
        if parent != path { try makeDirectories(parent) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw .io(path: path, operation: "create folder", reason: FileIO.reason())
        }
    }

    /// Names in a folder (no `.` and `..`), sorted bytewise for a stable order.
    /// The entries of the folder at `path` (a path as bytes) as bytes, or
    /// nil when it cannot be opened or read to the end: for a check that
    /// must not take "could not look" for "nothing there" (out of file
    /// descriptors, a name that is not UTF-8).
    public static func rawEntries(_ path: [UInt8]) -> [[UInt8]]? {
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        guard let d = opendir(cPath) else { return nil }
        defer { closedir(d) }
        var names: [[UInt8]] = []
        while true {
            errno = 0
            guard let e = readdir(d) else { return errno == 0 ? names : nil }
            let name = FileIO.nameBytes(of: e)
            if name != [46] && name != [46, 46] { names.append(name) }
        }
    }

    public static func list(_ path: String) -> [String] {
        guard let d = opendir(path) else { return [] }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = FileIO.name(of: e)
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}

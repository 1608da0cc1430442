/// Path arithmetic on bytes, the way the kernel reads a path.
///
/// Swift's `String` compares and splits by grapheme cluster, with canonical
/// equivalence. A path is neither: it is bytes, and `/` separates its parts
/// wherever it occurs. The two disagree on names that start with a
/// combining mark — in `"../\u{0670}x"` the slash and the mark form one
/// character, so `split(separator: "/")` sees a single part and never the
/// `..` the kernel will follow — and on non-ASCII names that are
/// canonically equal but spelled with different bytes (two different
/// folders to the kernel, one string to Swift). A sandbox that checks paths
/// as characters lets the first escape it; every path check goes through
/// here instead.
public enum PathText {
    private static let slash = UInt8(ascii: "/")

    /// The non-empty parts between slashes, `.` and `..` included as they
    /// are (callers decide what a step means).
    public static func components(_ path: String) -> [String] {
        path.utf8.split(separator: slash).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `path` is `folder` itself or lies below it, byte for byte.
    /// Both are taken as already normalized (no `.`/`..` steps, no doubled
    /// slashes); the root folder `/` contains every absolute path, and the
    /// empty folder (no folder at all) contains nothing.
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        let p = Array(path.utf8), f = Array(folder.utf8)
        if f.isEmpty { return false }
        if p == f { return true }
        if f == [slash] { return p.first == slash }
        return p.count > f.count && p[f.count] == slash && p.starts(with: f)
    }

    /// Whether two paths are the same bytes (Swift's `==` also calls
    /// canonically equal spellings equal, which the kernel does not).
    public static func same(_ a: String, _ b: String) -> Bool {
        Spelling.same(a, b)
    }

    /// `path` without a leading `./`, as luacov and busted name files.
    public static func droppingDotSlash(_ path: String) -> String {
        hasPrefix(path, "./") ? String(decoding: path.utf8.dropFirst(2), as: UTF8.self) : path
    }

    /// Whether `text` begins with `prefix`, byte for byte.
    public static func hasPrefix(_ text: String, _ prefix: String) -> Bool {
        text.utf8.starts(with: prefix.utf8)
    }

    /// The folder part: everything before the last slash, `.` when there is
    /// none, `/` for a name directly under the root.
    public static func directory(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let i = bytes.lastIndex(of: slash) else { return "." }
        return i == 0 ? "/" : String(decoding: bytes[..<i], as: UTF8.self)
    }

    /// The last part: everything after the last slash.
    public static func basename(of path: String) -> String {
        let bytes = Array(path.utf8)
        guard let i = bytes.lastIndex(of: slash) else { return path }
        return String(decoding: bytes[(i + 1)...], as: UTF8.self)
    }

    /// `path` with every `from` byte replaced by `to` (both ASCII): a module
    /// name's dots to slashes, a file name's slashes to dots.
    public static func replacing(_ from: Character, with to: Character, in path: String) -> String {
        guard let f = from.asciiValue, let t = to.asciiValue else { return path }
        return String(decoding: path.utf8.map { $0 == f ? t : $0 }, as: UTF8.self)
    }
}

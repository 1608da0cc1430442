#if canImport(Glibc)
import Glibc
#endif
import ButtonKit

/// Canonical absolute paths. Watch mode compares three spellings of the same
/// file — what a spec passed to `require`/`dofile` (`./src/x.lua`), what
/// discovery found (`spec/x_spec.lua`) and what inotify names (a watched
/// folder plus a name) — so all of them become real paths first.
enum RealPath {
    /// `path` with symlinks, `.` and `..` resolved; a path that does not
    /// resolve (deleted since) is made absolute against the working folder,
    /// so it still names the file it was.
    static func of(_ path: String) -> String {
        if let p = realpath(path, nil) {
            defer { free(p) }
            return String(cString: p)
        }
        return absolute(path)
    }

    /// `path` joined to the working folder when relative, `./` steps dropped.
    static func absolute(_ path: String) -> String {
        var base = path
        if !PathText.hasPrefix(path, "/") {
            var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let cwd = getcwd(&buf, buf.count) != nil ? String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "."
            base = cwd + "/" + path
        }
        var parts: [String] = []
        for c in PathText.components(base) where c != "." {
            if c == "..", !parts.isEmpty { parts.removeLast() } else if c != ".." { parts.append(c) }
        }
        return "/" + parts.joined(separator: "/")
    }
}

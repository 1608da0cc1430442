#if canImport(Glibc)
import Glibc
#endif
import ButtonKit

/// Confines file access to a root folder (the working tree).
///
/// A path is resolved the way the kernel will resolve it: component by
/// component, following every symlink — also one whose target does not
/// exist yet, since opening it for writing would create that target — and
/// applying `..` to the real folder reached so far. The result must lie
/// inside the root. Names with NUL bytes are refused outright: C would stop
/// reading at the NUL and open a different file than the one checked.
///
/// Every name is handled as the exact bytes the kernel will see. One that
/// is not valid UTF-8 — a path, a link's target, the working folder itself
/// — cannot be checked exactly as a Swift string (decoding would put U+FFFD
/// in its place and look up a different name), so it is refused, and a
/// tree whose own path is not UTF-8 refuses every path.
///
/// Out of scope: a file swapped for a link between the check and the open
/// (by another process that can write inside the tree).
struct Sandbox: Sendable {
    let root: String

    /// The tree at `root` (its real path); an empty root, which nothing is
    /// inside, when there is none or it is not valid UTF-8.
    init(root: String?) {
        self.root = root.flatMap { Sandbox.realpath($0) } ?? ""
    }

    /// The working folder, or nil when it cannot be read or is not UTF-8.
    static func cwd() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buf, buf.count) != nil else { return nil }
        return String(validating: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The real path of `p`, or nil when there is none or it is not UTF-8.
    static func realpath(_ p: String) -> String? {
        guard let r = Glibc.realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(validating: UnsafeRawBufferPointer(start: r, count: strlen(r)), as: UTF8.self)
    }

    /// What is at `path` as far as links go.
    enum Link {
        case notALink
        /// Nothing there (or a part of the way is not a folder).
        case missing
        case target(String)
        /// A link whose target cannot be read or is not UTF-8.
        case unreadable
    }

    static func readLink(_ path: String) -> Link {
        var st = stat()
        guard lstat(path, &st) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        guard (st.st_mode & S_IFMT) == S_IFLNK else { return .notALink }
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buf, buf.count - 1)
        guard n > 0, let t = String(validating: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) else { return .unreadable }
        return .target(t)
    }

    /// Where `path` really leads, following symlinks as the kernel does
    /// (dangling ones included); nil for names with NUL, names the kernel
    /// would find too long, link loops, and links that cannot be read.
    ///
    /// The path is walked part by part, as bytes: the real folder reached so
    /// far plus the next part must be under `PATH_MAX` (else `lstat` fails
    /// with ENAMETOOLONG, and a link there would go unseen while the kernel,
    /// walking the shorter relative name, follows it), and only "no such
    /// file" or "not a folder" count as "not a link" — any other failure to
    /// look refuses the path.
    static func realTarget(_ path: String) -> String? {
        let max = Int(PATH_MAX)
        guard !path.isEmpty, !path.utf8.contains(0), path.utf8.count < max else { return nil }
        let slash = UInt8(ascii: "/")
        // The real folder reached so far, without a trailing slash (empty
        // for the root).
        var resolved: [UInt8] = []
        if !PathText.hasPrefix(path, "/") {
            guard let here = cwd() else { return nil }
            for c in PathText.components(realpath(here) ?? here) { resolved.append(slash); resolved += c.utf8 }
        }
        var pending: [String] = PathText.components(path).reversed()
        var links = 0
        // Set once a part does not exist: a ".." after it would cancel it
        // only on paper (`mkdir -p` makes it, outside if that is where it
        // is), so such a path is refused.
        var missing = false
        while let c = pending.popLast() {
            if Spelling.same(c, ".") { continue }
            if Spelling.same(c, "..") {
                if missing { return nil }
                resolved.removeSubrange((resolved.lastIndex(of: slash) ?? 0)...)
                continue
            }
            let end = resolved.count
            resolved.append(slash)
            resolved += c.utf8
            guard resolved.count < max else { return nil }
            switch readLink(String(decoding: resolved, as: UTF8.self)) {
            case .notALink:
                continue
            case .missing:
                missing = true
                continue
            case .unreadable:
                return nil
            case .target(let target):
                resolved.removeSubrange(end...)
                links += 1
                if links > 40 { return nil }
                if PathText.hasPrefix(target, "/") { resolved = [] }
                pending += PathText.components(target).reversed()
            }
        }
        return resolved.isEmpty ? "/" : String(decoding: resolved, as: UTF8.self)
    }

    /// Why renaming or removing `path` is refused, or nil. A relative
    /// link's meaning depends on where it sits: moved (itself, or inside a
    /// folder that moves) it can lead somewhere else, and removed it can
    /// change what another link's target passes through. A script cannot
    /// create links, so with none moved or removed, a path that leads inside
    /// the tree keeps doing so, and a check stays true until the path is
    /// used. Folders are walked without following links; one too large to
    /// walk (over 100,000 entries) is refused rather than half-checked.
    static func linkChange(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFLNK:
            return "is a symbolic link; in the sandbox links are neither moved nor removed (where one leads depends on where it sits)"
        case S_IFDIR:
            // Walked as bytes: a name that is not UTF-8 would decode as
            // another name, and lstat would look at that one instead.
            var seen = 0
            var pending: [[UInt8]] = [Array(path.utf8)]
            while let dir = pending.popLast() {
                guard let names = Files.rawEntries(dir) else {
                    return "holds a folder that cannot be read to check it for symbolic links; in the sandbox such folders are not moved"
                }
                for name in names {
                    seen += 1
                    if seen > 100_000 { return "holds too many entries to check for symbolic links; in the sandbox such folders are not moved" }
                    let child = dir + [UInt8(ascii: "/")] + name
                    var cs = stat()
                    guard lstat(child.map { CChar(bitPattern: $0) } + [0], &cs) == 0 else {
                        return "holds an entry that cannot be checked; in the sandbox such folders are not moved"
                    }
                    if (cs.st_mode & S_IFMT) == S_IFLNK {
                        return "holds a symbolic link ('\(String(decoding: child, as: UTF8.self))'); in the sandbox folders holding links are not moved (a moved link can lead somewhere else)"
                    }
                    if (cs.st_mode & S_IFMT) == S_IFDIR { pending.append(child) }
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether `path` is the working tree itself. Inside by the letter, but
    /// a file kept at that path keeps its side files (a lock, a temporary
    /// file) in the folder it sits in, the tree's parent; and renaming or
    /// removing it changes the parent. So those uses refuse it.
    func isRoot(_ path: String) -> Bool {
        guard let r = Sandbox.realTarget(path) else { return false }
        return PathText.same(r, root)
    }

    /// Whether a file kept at `path` stays inside: the path leads inside,
    /// and so does the folder it sits in (where a writer puts its lock and
    /// temporary files, and which a rename over the path writes to); it is
    /// not the tree itself; and its last part is not a link, which a write
    /// by rename would replace (a removed link can change where other
    /// paths lead).
    func allowsFile(_ path: String) -> Bool {
        guard resolve(path) != nil, !isRoot(path), resolve(PathText.directory(of: path)) != nil else { return false }
        var st = stat()
        return !(lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
    }

    /// The resolved path when it is inside the root, else nil.
    func resolve(_ path: String) -> String? {
        guard let r = Sandbox.realTarget(path) else { return nil }
        guard PathText.isInside(r, root) else { return nil }
        return r
    }

    /// Folders of system-installed pure-Lua modules, readable by `require`.
    static let systemLuaRoots = ["/usr/local/share/lua", "/usr/share/lua"]

    /// Whether `path` is a `.lua` file inside a system Lua module folder
    /// (symlinks resolved; Debian links 5.4's modules to a shared folder).
    static func isSystemLuaModule(_ path: String) -> Bool {
        guard path.utf8.reversed().starts(with: ".lua".utf8.reversed()), let real = realTarget(path) else { return false }
        return systemLuaRoots.contains { real != $0 && PathText.isInside(real, $0) }
    }

    func refusal(_ path: String, _ function: String) -> String {
        if path.utf8.contains(0) { return "\(function): '\(path.replacingNUL)': the name contains a NUL byte" }
        if root.isEmpty {
            return "\(function): '\(path)': the working folder's path is not valid UTF-8, so no path inside it can be checked; run with --unsafe to allow it"
        }
        if Sandbox.realTarget(path) == nil {
            let shown = path.utf8.count > 200 ? String(decoding: path.utf8.prefix(200), as: UTF8.self) + "…" : path
            return "\(function): '\(shown)': cannot be checked (a \"..\" after a part that does not exist, longer than the system allows once its links are followed,"
                + " a loop of links, or a link that cannot be read); run with --unsafe to allow it"
        }
        return "\(function): '\(path)': outside the working tree (\(root)); run with --unsafe to allow it"
    }
}

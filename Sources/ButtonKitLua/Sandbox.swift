#if canImport(Glibc)
import Glibc
#endif

/// Confines file access to a root folder (the working tree). Paths are made
/// absolute, normalized, and symlinks in the existing part are resolved, so
/// `../` tricks and links pointing outside are both refused.
struct Sandbox: Sendable {
    let root: String

    init(root: String) {
        self.root = Sandbox.realpath(root) ?? root
    }

    static func cwd() -> String {
        var buf = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buf, buf.count) != nil else { return "." }
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func realpath(_ p: String) -> String? {
        guard let r = Glibc.realpath(p, nil) else { return nil }
        defer { free(r) }
        let len = strlen(r)
        return String(decoding: UnsafeRawBufferPointer(start: r, count: len), as: UTF8.self)
    }

    /// Lexically normalized absolute path.
    static func normalize(_ path: String, relativeTo base: String) -> String {
        let full = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for c in full.split(separator: "/") {
            if c == "." || c.isEmpty { continue }
            if c == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(c)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The resolved path when it is inside the root, else nil.
    func resolve(_ path: String) -> String? {
        let abs = Sandbox.normalize(path, relativeTo: Sandbox.cwd())
        // Resolve symlinks in the longest existing prefix.
        var existing = abs
        var rest: [String] = []
        while Sandbox.realpath(existing) == nil, existing != "/" {
            guard let slash = existing.lastIndex(of: "/") else { break }
            rest.insert(String(existing[existing.index(after: slash)...]), at: 0)
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
        let real = (Sandbox.realpath(existing) ?? existing) + (rest.isEmpty ? "" : "/" + rest.joined(separator: "/"))
        let r = real.hasPrefix("//") ? String(real.dropFirst()) : real
        guard r == root || r.hasPrefix(root == "/" ? "/" : root + "/") else { return nil }
        return r
    }

    /// Folders of system-installed pure-Lua modules, readable by `require`.
    static let systemLuaRoots = ["/usr/local/share/lua", "/usr/share/lua"]

    /// Whether `path` is a `.lua` file inside a system Lua module folder
    /// (symlinks resolved, `..` normalized; Debian links 5.4's modules to a
    /// shared folder under /usr/share/lua).
    static func isSystemLuaModule(_ path: String) -> Bool {
        guard path.hasSuffix(".lua") else { return false }
        let real = realpath(path) ?? normalize(path, relativeTo: cwd())
        return systemLuaRoots.contains { real.hasPrefix($0 + "/") }
    }

    func refusal(_ path: String, _ function: String) -> String {
        "\(function): access to '\(path)' is outside the working tree (\(root)); run with --unsafe to allow it"
    }
}

import ButtonKit
import ButtonKitLua

/// Finds spec files the way busted does: files given directly are taken as
/// they are; under folders, every `.lua` file whose base name (with `.lua`,
/// as busted matches it) matches one of the patterns and none of the exclude
/// patterns, in a stable order. Hidden files and folders and `__snapshots__`
/// are skipped.
public enum SpecDiscovery {
    /// A path that does not exist.
    public struct Missing: Error {
        public let path: String
        public var message: String { "cannot find file or directory: \(path)" }
    }

    /// Spec files for `paths`; a path that does not exist is an error.
    /// `confined` (a run under `--sandbox`): a file found under a folder
    /// that leads outside the working tree (a link to a file, or a folder,
    /// elsewhere) is not a spec of the tree and is passed to `outside`
    /// instead; files named directly are the caller's choice and taken.
    public static func find(_ paths: [String], patterns: [String], excluding: [String] = [],
                            recursive: Bool = true, confined: Bool = false,
                            outside: (String) -> Void = { _ in }) throws(Missing) -> [String] {
        // Plain patterns (the usual `_spec`) need no Lua state to match.
        let matcher = (patterns + excluding).allSatisfy(isPlain) ? nil : try? LuaPattern()
        var out: [String] = []
        let tree = confined ? Confinement() : nil
        for p in paths {
            if Files.isDirectory(p) {
                var found: [String] = []
                walk(p, matcher, patterns, excluding, recursive, &found)
                for f in found {
                    if let tree, !tree.contains(f) { outside(f) } else { out.append(f) }
                }
            } else if Files.exists(p) {
                out.append(p)
            } else {
                throw Missing(path: p)
            }
        }
        return out
    }

    /// A pattern without Lua's magic characters matches as a substring.
    static func isPlain(_ p: String) -> Bool { !p.utf8.contains { "^$()%.[]*+-?".utf8.contains($0) } }

    static func matches(_ m: LuaPattern?, _ name: String, _ patterns: [String]) -> Bool {
        patterns.contains { p in
            if let m { return (try? m.find(p, in: name)) == true }
            return p.isEmpty || name.contains(p)
        }
    }

    private static func walk(_ dir: String, _ m: LuaPattern?, _ patterns: [String], _ excluding: [String],
                             _ recursive: Bool, _ out: inout [String]) {
        for name in Files.list(dir) {
            if PathText.hasPrefix(name, ".") { continue }
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            if Files.isDirectory(path) {
                if name == "__snapshots__" || !recursive { continue }
                walk(path, m, patterns, excluding, recursive, &out)
            } else if name.hasSuffix(".lua") {
                if matches(m, name, patterns) && !matches(m, name, excluding) { out.append(path) }
            }
        }
    }
}

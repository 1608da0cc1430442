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

    /// What a search found: the Lua spec files, the paths that do not
    /// exist, and files whose names match but are not Lua (`x_spec.moon`):
    /// busted finds those too, and its Lua loader skips them.
    public struct Found {
        public var files: [String] = []
        public var missing: [String] = []
        public var others: [String] = []
    }

    /// As busted searches: every path, each missing one noted (busted
    /// reports it and goes on with the others).
    package static func search(_ paths: [String], patterns: [String], excluding: [String] = [],
                              recursive: Bool = true, tree: Confinement? = nil,
                              outside: (String) -> Void = { _ in }) -> Found {
        var found = Found()
        for p in paths {
            do {
                found.files += try find([p], patterns: patterns, excluding: excluding, recursive: recursive,
                                        tree: tree, outside: outside)
                if Files.isDirectory(p) {
                    var others: [String] = []
                    walk(p, matcher(patterns + excluding), patterns, excluding, recursive, &others, lua: false)
                    found.others += others
                }
            } catch {
                found.missing.append(p)
            }
        }
        return found
    }

    static func matcher(_ patterns: [String]) -> LuaPattern? {
        patterns.allSatisfy(isPlain) ? nil : try? LuaPattern()
    }

    /// Spec files for `paths`; a path that does not exist is an error.
    /// `tree` (the run's, under `--sandbox`): a file found under a folder
    /// that leads outside the working tree (a link to a file, or a folder,
    /// elsewhere) is not a spec of the tree and is passed to `outside`
    /// instead; files named directly are the caller's choice and taken.
    package static func find(_ paths: [String], patterns: [String], excluding: [String] = [],
                            recursive: Bool = true, tree: Confinement? = nil,
                            outside: (String) -> Void = { _ in }) throws(Missing) -> [String] {
        // Plain patterns (the usual `_spec`) need no Lua state to match.
        let matcher = matcher(patterns + excluding)
        var out: [String] = []
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

    /// `lua`: the `.lua` files (specs); otherwise the other files whose
    /// names match.
    private static func walk(_ dir: String, _ m: LuaPattern?, _ patterns: [String], _ excluding: [String],
                             _ recursive: Bool, _ out: inout [String], lua: Bool = true) {
        for name in Files.list(dir) {
            if PathText.hasPrefix(name, ".") { continue }
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            if Files.isDirectory(path) {
                if name == "__snapshots__" || !recursive { continue }
                walk(path, m, patterns, excluding, recursive, &out, lua: lua)
            } else if name.hasSuffix(".lua") == lua {
                if matches(m, name, patterns) && !matches(m, name, excluding) { out.append(path) }
            }
        }
    }
}

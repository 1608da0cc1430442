import ButtonKit
import ButtonKitLua

/// Finds spec files: files given directly, and under folders every `.lua`
/// file whose name matches the pattern (busted's default `_spec`), in a
/// stable order.
public enum SpecDiscovery {
    /// Spec files for `paths`; a path that does not exist is an error.
    public static func find(_ paths: [String], pattern: String) throws -> [String] {
        let matcher = try LuaPattern()
        var out: [String] = []
        for p in paths {
            if Files.isDirectory(p) {
                try walk(p, matcher, pattern, &out)
            } else if Files.exists(p) {
                out.append(p)
            } else {
                throw LuaError(kind: .file, message: "no such file or folder: \(p)")
            }
        }
        return out
    }

    private static func walk(_ dir: String, _ m: LuaPattern, _ pattern: String, _ out: inout [String]) throws {
        for name in Files.list(dir) {
            if name.hasPrefix(".") { continue }
            let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
            if Files.isDirectory(path) {
                if name == "__snapshots__" { continue }
                try walk(path, m, pattern, &out)
            } else if name.hasSuffix(".lua"), try m.find(pattern, in: String(name.dropLast(4))) {
                out.append(path)
            }
        }
    }
}

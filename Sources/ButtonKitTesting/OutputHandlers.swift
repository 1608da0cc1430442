#if canImport(Glibc)
import Glibc
#endif
import ButtonKit

/// Finds busted output handlers the way busted's loader does: a path ending
/// in `.lua`; else the module `busted.outputHandlers.NAME`; else the module
/// `NAME`, both on Lua's search path (with `--lpath` first).
public enum OutputHandlers {
    /// Lua 5.4's default package.path on Debian, plus the working folder.
    static let systemPath = "/usr/local/share/lua/5.4/?.lua;/usr/local/share/lua/5.4/?/init.lua;"
        + "/usr/local/lib/lua/5.4/?.lua;/usr/local/lib/lua/5.4/?/init.lua;"
        + "/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua;./?.lua;./?/init.lua"

    /// The file that defines handler `name`, or nil. The search path is the
    /// one the handler's Lua state will have: `--lpath` first, then
    /// LUA_PATH_5_4 or LUA_PATH from the environment (`;;` standing for the
    /// default), else Lua's default.
    public static func find(_ name: String, lpath: [String]) -> String? {
        if name.hasSuffix(".lua") { return Files.exists(name) ? name : nil }
        var luaPath = systemPath
        if let env = (getenv("LUA_PATH_5_4") ?? getenv("LUA_PATH")).map({ String(cString: $0) }) {
            luaPath = env.replacingDoubleSemicolons(with: ";" + systemPath + ";")
        }
        let path = (lpath + ["./src/?.lua;./src/?/?.lua;./src/?/init.lua", luaPath]).joined(separator: ";")
        for module in ["busted.outputHandlers." + name, name] {
            let rel = PathText.replacing(".", with: "/", in: module)
            for template in path.split(separator: ";") {
                let candidate = template.split(separator: "?", omittingEmptySubsequences: false).joined(separator: rel)
                if Files.exists(candidate) && !Files.isDirectory(candidate) { return candidate }
            }
        }
        return nil
    }
}

extension String {
    /// Lua's rule for LUA_PATH: `;;` means "the default here".
    func replacingDoubleSemicolons(with replacement: String) -> String {
        replacing(";;", with: replacement)
    }
}

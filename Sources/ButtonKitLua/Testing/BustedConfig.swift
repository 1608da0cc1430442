import ButtonKit
import CLuaShim

/// busted's `.busted` file: tasks of options keyed by long option names.
/// `_all` applies to every task; `default` is used unless another is named.
public enum BustedConfig {
    /// Option values by name (lists keep their order); nil when no file.
    public static func load(path: String = ".busted", task: String?) throws -> [String: [String]]? {
        guard Files.exists(path) else { return nil }
        // The config is the user's own file, read like a script run with --unsafe.
        var options = LuaContext.Options()
        options.sandbox = false
        options.timeout = 5
        let ctx = try LuaContext(options: options)
        guard let L = ctx.L else { return nil }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard luaL_loadbufferx(L, EmbeddedLua.config, EmbeddedLua.config.utf8.count, "=[buttonkit config]", "t") == LUA_OK else {
            throw LuaError.fromTop(L, status: LUA_ERRSYNTAX, context: ctx)
        }
        Value.pushString(L, path)
        if let task { Value.pushString(L, task) } else { lua_pushnil(L) }
        let status = bk_pcall_traceback(L, 2, 1)
        if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: ctx) }
        let text = Value.string(L, -1) ?? ""
        var out: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let key = String(line[..<tab]), value = String(line[line.index(after: tab)...])
            if value == "\0reset" { out[key] = [] } else { out[key, default: []].append(value) }
        }
        return out
    }
}

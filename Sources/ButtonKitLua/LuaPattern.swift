import CLuaShim

/// Lua pattern matching for the host (spec file patterns, filters), run by
/// Lua's own `string.find` so a pattern means exactly what it means in Lua.
public final class LuaPattern {
    private let ctx: LuaContext

    /// A small private state to run `string.find` in.
    public init() throws {
        var o = LuaContext.Options()
        o.timeout = 1
        ctx = try LuaContext(options: o)
    }

    /// Whether `pattern` is found in `text`; a malformed pattern is an error.
    public func find(_ pattern: String, in text: String) throws -> Bool {
        guard let L = ctx.L else { return false }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_rawgeti(L, bk_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        Value.pushString(L, "string"); lua_rawget(L, -2)
        Value.pushString(L, "find"); lua_rawget(L, -2)
        Value.pushString(L, text)
        Value.pushString(L, pattern)
        let status = bk_pcall_traceback(L, 2, 1)
        if status != LUA_OK {
            let msg = Value.describe(L, -1)
            throw LuaError(kind: .runtime, message: "bad pattern '\(pattern)': \(msg)")
        }
        return lua_type(L, -1) != LUA_TNIL
    }
}

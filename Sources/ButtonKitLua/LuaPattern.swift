import CLuaShim

/// Lua pattern matching for the host (spec file patterns, filters), run by
/// Lua's own `string.find` so a pattern means exactly what it means in Lua.
public final class LuaPattern {
    private let ctx: LuaContext

    /// A small private state to run `string.find` in.
    public init() throws(LuaError) {
        var o = LuaContext.Options()
        o.timeout = 1
        ctx = try LuaContext(options: o)
    }

    /// Whether `pattern` is found in `text`; a malformed pattern is an error.
    public func find(_ pattern: String, in text: String) throws(LuaError) -> Bool {
        let L = ctx.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        bk_pushglobaltable(L)
        Value.pushString(L, "string"); lua_rawget(L, -2)
        Value.pushString(L, "find"); lua_rawget(L, -2)
        Value.pushString(L, text)
        Value.pushString(L, pattern)
        do {
            try ctx.call(nargs: 2, nresults: 1, timeout: 1)
        } catch {
            throw LuaError(kind: .runtime, message: "bad pattern '\(pattern)': \(error.message)")
        }
        return lua_type(L, -1) != LUA_TNIL
    }
}

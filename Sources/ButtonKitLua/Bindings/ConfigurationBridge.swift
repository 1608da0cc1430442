import ButtonKit
import CLuaShim

/// `b:onConfigurationUpdate(fn)`: Lua's `configurationUpdateHandler`.
///
/// The function lives in the button's user value under one key (UIKit has
/// one handler per button: setting another replaces it). It is called as
/// `fn(button, config)` with a copy of the configuration as a table (nil
/// without one); the button then takes the table the function returned,
/// else the copy as the function left it, unless the function assigned
/// `button.configuration` itself.
enum ConfigurationBridge {
    static let key = "configurationUpdate"

    static func onConfigurationUpdate(_ L: OpaquePointer) throws -> Int32 {
        let b = try ButtonBinding.this(L, "onConfigurationUpdate")
        let a = Args(L, "onConfigurationUpdate", method: true)
        let remove = a.isNone(1)
        if !remove { try a.callable(1) }
        _ = bk_getuservalue(L, 1)
        Value.pushString(L, key)
        if remove { lua_pushnil(L) } else { lua_pushvalue(L, a.index(1)) }
        lua_rawset(L, -3)
        bk_pop(L, 1)
        if remove {
            try b.setConfigurationUpdateHandler(nil)
        } else {
            let ctx = LuaContext.of(L)
            try Host.firing(L) {
                try b.setConfigurationUpdateHandler { [weak ctx] button, config in
                    guard let ctx else { return }
                    try invoke(ctx, button, &config)
                }
            }
        }
        lua_settop(L, 1)
        return 1
    }

    /// Calls the Lua function stored on `button`'s userdata.
    static func invoke(_ ctx: LuaContext, _ button: Button, _ config: inout ButtonConfiguration?) throws {
        guard let L = bk_active(ctx.L) else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 8) != 0, Identity.pushExisting(L, button) else { return }
        let ud = lua_gettop(L)
        _ = bk_getuservalue(L, ud)
        Value.pushString(L, key)
        guard lua_rawget(L, -2) == LUA_TFUNCTION || Value.isCallable(L, -1) else { return }
        let fn = lua_gettop(L)
        if let c = config { Push.configuration(L, c) } else { lua_pushnil(L) }
        let copy = lua_gettop(L)
        // fn(button, copy), with the copy kept below the call to read back.
        lua_pushvalue(L, fn)
        lua_pushvalue(L, ud)
        lua_pushvalue(L, copy)
        try ctx.callback(on: L, nargs: 2, nresults: 1)
        let result = lua_gettop(L)
        // A table (the configuration to take) or nothing (the copy as left);
        // anything else is a mistake worth saying, not something to ignore.
        let returned = lua_type(L, result)
        guard returned == LUA_TTABLE || returned == LUA_TNIL else {
            throw BridgeError("the configuration update handler of button '\(button.id)' returned a \(Value.typeName(L, result)); "
                + "return nothing (to keep the copy it was given, changed in place) or a configuration table")
        }
        let source = returned == LUA_TTABLE ? result : (lua_type(L, copy) == LUA_TTABLE ? copy : 0)
        guard source != 0 else { return }
        do {
            config = try Read.configuration(L, source)
        } catch {
            throw BridgeError("bad configuration from the configuration update handler of button '\(button.id)' (\(error.cause))")
        }
    }
}

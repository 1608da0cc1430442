import ButtonKit
import CLuaShim

/// Lua handlers registered on model objects.
///
/// The Lua function lives in the userdata's user value, keyed by a token,
/// where the collector sees it: a handler that captures its own button forms
/// a cycle entirely inside Lua and is collected with it. The Swift closure
/// the model holds captures only a weak context and the token.
enum HandlerBridge {
    /// The whole of `obj:on(events, fn)` once the arguments are checked: keeps
    /// `fn` (at `fnIndex`) in the user value of self, registers the model's
    /// side through `register`, pushes the token. `fire(object, eventName)`
    /// calls the Lua function.
    static func add(_ L: OpaquePointer, fnIndex: Int32,
                    register: (_ fire: @escaping (AnyObject, String?) throws -> Void) -> HandlerToken) -> Int32 {
        let ctx = LuaContext.of(L)
        let token = ctx.nextToken
        ctx.nextToken += 1
        _ = bk_getuservalue(L, 1)
        lua_pushvalue(L, fnIndex)
        lua_rawseti(L, -2, lua_Integer(token))
        let core = register { [weak ctx] obj, extra in
            guard let ctx else { return }
            try invoke(ctx, obj, token: token, extra: extra)
        }
        // The model's token, stored negated beside the function.
        lua_pushinteger(L, lua_Integer(core.rawValue))
        lua_rawseti(L, -2, lua_Integer(-token))
        bk_pop(L, 1)
        Footprint.recount(L, 1, LuaContext.objectAt(L, 1))
        lua_pushinteger(L, lua_Integer(token))
        return 1
    }

    /// `obj:off(token)` for every kind that keeps handlers.
    static func off(_ L: OpaquePointer) throws -> Int32 {
        let kinds: [Binding.Kind] = [.button, .sortButton, .radioGroup, .sortBar]
        let kind = Binding.kindAtSelf(L).flatMap { kinds.contains($0) ? $0 : nil } ?? .button
        let obj: AnyObject = try Binding.object(L, 1, [kind], "off")
        let token = try Args(L, "off", method: true).integer(1)
        guard let registry = obj as? HandlerRegistry else { throw BridgeError("'off' called on an object without handlers") }
        return drop(L, token: token) { registry.off($0) }
    }

    /// The whole of `obj:off(token)`: forgets the Lua function and removes the
    /// model's handler with `remove`; pushes whether it was registered.
    static func drop(_ L: OpaquePointer, token: Int, remove: (HandlerToken) -> Bool) -> Int32 {
        var removed = false
        // Tokens are positive counters; anything else was never handed out.
        if token > 0, token < Int(Int32.max) {
            _ = bk_getuservalue(L, 1)
            if lua_rawgeti(L, -1, lua_Integer(-token)) == LUA_TNUMBER {
                let core = HandlerToken(rawValue: Int(lua_tointegerx(L, -1, nil)))
                bk_pop(L, 1)
                lua_pushnil(L); lua_rawseti(L, -2, lua_Integer(token))
                lua_pushnil(L); lua_rawseti(L, -2, lua_Integer(-token))
                removed = remove(core)
            } else {
                bk_pop(L, 1)
            }
            bk_pop(L, 1)
        }
        Value.pushBool(L, removed)
        return 1
    }

    /// Calls the Lua handler `token` stored on `obj`'s userdata with the
    /// userdata and `extra` (an event name). Runs through the one protected
    /// call, under the running deadline; an error comes back as a thrown
    /// `LuaError` that keeps the value.
    static func invoke(_ ctx: LuaContext, _ obj: AnyObject, token: Int, extra: String?) throws {
        guard let L = bk_active(ctx.L) else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 8) != 0, Identity.pushExisting(L, obj) else { return }
        let ud = lua_gettop(L)
        _ = bk_getuservalue(L, ud)
        guard lua_rawgeti(L, -1, lua_Integer(token)) != LUA_TNIL else { return }
        lua_pushvalue(L, ud)
        var nargs: Int32 = 1
        if let e = extra { Value.pushString(L, e); nargs = 2 }
        try ctx.callback(on: L, nargs: nargs, nresults: 0)
    }
}

extension LuaContext {
    /// The object in the box at `idx` (self of a method), for footprint counts.
    static func objectAt(_ L: OpaquePointer, _ idx: Int32) -> AnyObject? {
        guard let b = bk_tobox(L, idx), let p = b.pointee.obj else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
    }
}

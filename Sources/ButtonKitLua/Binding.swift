import ButtonKit
import CLuaShim

/// Shared machinery for exposing Swift objects to Lua: one metatable per
/// kind, methods in an `__index` table, fields through a numbered fast path,
/// and an identity map so the same object is always the same Lua value.
enum Binding {
    /// The kinds of objects Lua can hold; stored in each userdata box.
    enum Kind: Int32, CaseIterable {
        case button = 1, sortButton, radioGroup, sortBar, screen, store, styleBuilder
    }

    /// A method; `tag` >= 0 becomes upvalue 2 (one function serving many names).
    typealias Method = (name: String, fn: bk_hostfn, tag: Int)

    static func kindName(_ k: Int32) -> String {
        switch Kind(rawValue: k) {
        case .button: return "button"
        case .sortButton: return "sortButton"
        case .radioGroup: return "radioGroup"
        case .sortBar: return "sortBar"
        case .screen: return "screen"
        case .store: return "store"
        case .styleBuilder: return "style builder"
        case nil: return "userdata"
        }
    }

    static func installAll(_ L: OpaquePointer, _ ctx: LuaContext) {
        // The identity map: object address -> userdata, with weak values so
        // it never keeps an object alive on its own.
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        Value.pushString(L, "__mode"); Value.pushString(L, "v"); lua_rawset(L, -3)
        _ = lua_setmetatable(L, -2)
        ctx.cacheRef = luaL_ref(L, bk_registryindex())

        ButtonBinding.install(L, ctx)
        RadioGroupBinding.install(L, ctx)
        SortBarBinding.install(L, ctx)
        ScreenBinding.install(L, ctx)
        StoreBinding.install(L, ctx)
        StyleBuilderBinding.install(L, ctx)
    }

    /// Builds a kind's metatable and remembers it in the registry.
    static func makeMetatable(_ L: OpaquePointer, _ ctx: LuaContext, kind: Kind, methods: [Method],
                              fields: [String], getter: bk_fieldfn, setter: bk_fieldfn, tostring: bk_hostfn) {
        lua_createtable(L, 0, 8)
        let mt = lua_gettop(L)
        func pushMethods() {
            lua_createtable(L, 0, Int32(methods.count))
            for m in methods {
                Value.pushString(L, m.name)
                if m.tag >= 0 { lua_pushinteger(L, lua_Integer(m.tag)); bk_pushhostfn(L, m.fn, 1) } else { bk_pushhostfn(L, m.fn, 0) }
                lua_rawset(L, -3)
            }
        }
        func pushFields() {
            lua_createtable(L, 0, Int32(fields.count))
            for (i, f) in fields.enumerated() { Value.pushString(L, f); lua_pushinteger(L, lua_Integer(i)); lua_rawset(L, -3) }
        }
        pushMethods()
        let methodsIdx = lua_gettop(L)
        Value.pushString(L, "__index")
        lua_pushvalue(L, methodsIdx)
        pushFields()
        bk_push_index(L, getter, kind.rawValue)
        lua_rawset(L, mt)
        Value.pushString(L, "__newindex")
        lua_pushvalue(L, methodsIdx)
        pushFields()
        bk_push_newindex(L, setter, kind.rawValue)
        lua_rawset(L, mt)
        lua_settop(L, mt)
        Value.pushString(L, "__gc"); lua_pushcclosure(L, bk_box_gc, 0); lua_rawset(L, mt)
        Value.pushString(L, "__tostring"); bk_pushhostfn(L, tostring, 0); lua_rawset(L, mt)
        Value.pushString(L, "__name"); Value.pushString(L, kindName(kind.rawValue)); lua_rawset(L, mt)
        // getmetatable(obj) returns a description instead of the real metatable,
        // which keeps the dispatch tables private and lets tools list names.
        Value.pushString(L, "__metatable")
        lua_createtable(L, 0, 3)
        Value.pushString(L, "__name"); Value.pushString(L, kindName(kind.rawValue)); lua_rawset(L, -3)
        Value.pushString(L, "methods"); pushList(L, methods.map(\.name).sorted()); lua_rawset(L, -3)
        Value.pushString(L, "fields"); pushList(L, fields.sorted()); lua_rawset(L, -3)
        lua_rawset(L, mt)
        ctx.metatableRefs[Int(kind.rawValue)] = luaL_ref(L, bk_registryindex())
    }

    static func pushList(_ L: OpaquePointer, _ items: [String]) {
        lua_createtable(L, Int32(items.count), 0)
        for (i, s) in items.enumerated() { Value.pushString(L, s); lua_rawseti(L, -2, lua_Integer(i + 1)) }
    }

    /// Pushes the Lua value for `obj`, creating it on first use. The same
    /// object always yields the same userdata while that userdata lives.
    static func push(_ L: OpaquePointer, _ obj: AnyObject, kind: Kind) {
        let ctx = LuaContext.of(L)
        let key = UnsafeMutableRawPointer(Unmanaged.passUnretained(obj).toOpaque())
        if pushCached(L, ctx, key) { return }
        // The identity map is left on the stack by pushCached's miss.
        if ctx.trackCreatedControls, kind == .button || kind == .sortButton, let b = obj as? Button {
            ctx.createdControls.append(b)
        }
        _ = bk_newbox(L, Unmanaged.passRetained(obj).toOpaque(), kind.rawValue)
        lua_rawgeti(L, bk_registryindex(), lua_Integer(ctx.metatableRefs[Int(kind.rawValue)]))
        _ = lua_setmetatable(L, -2)
        lua_createtable(L, 0, 0)  // user value: handlers and children
        _ = bk_setuservalue(L, -2)
        lua_pushvalue(L, -1)
        lua_rawsetp(L, -3, key)
        lua_rotate(L, -2, 1)
        lua_settop(L, -2)
    }

    /// Pushes a list of controls (a group's or bar's buttons).
    static func pushButtons(_ L: OpaquePointer, _ buttons: [Button]) {
        lua_createtable(L, Int32(buttons.count), 0)
        for (i, b) in buttons.enumerated() { pushControl(L, b); lua_rawseti(L, -2, lua_Integer(i + 1)) }
    }

    /// Pushes any control of the model with its right kind.
    static func pushControl(_ L: OpaquePointer, _ b: Button) {
        push(L, b, kind: b is SortButton ? .sortButton : .button)
    }

    /// Looks up the userdata of `obj` if it is alive; pushes it or nothing.
    static func pushExisting(_ L: OpaquePointer, _ obj: AnyObject) -> Bool {
        let key = UnsafeMutableRawPointer(Unmanaged.passUnretained(obj).toOpaque())
        if pushCached(L, LuaContext.of(L), key) { return true }
        lua_settop(L, -2)
        return false
    }

    /// Looks `key` up in the identity map. On a hit pushes the userdata and
    /// returns true; on a miss leaves the identity map on the stack.
    private static func pushCached(_ L: OpaquePointer, _ ctx: LuaContext, _ key: UnsafeMutableRawPointer) -> Bool {
        lua_rawgeti(L, bk_registryindex(), lua_Integer(ctx.cacheRef))
        if lua_rawgetp(L, -1, key) == LUA_TUSERDATA {
            lua_rotate(L, -2, 1)
            lua_settop(L, -2)
            return true
        }
        lua_settop(L, -2)
        return false
    }

    /// Keeps `child` (at stack index `childIdx`) reachable from the user value
    /// of the object at `ownerIdx`: a container's Lua value holds its members'
    /// Lua values, mirroring what the Swift container holds.
    static func adopt(_ L: OpaquePointer, owner ownerIdx: Int32, child childIdx: Int32) {
        let o = lua_absindex(L, ownerIdx), c = lua_absindex(L, childIdx)
        _ = bk_getuservalue(L, o)
        Value.pushString(L, "children")
        if lua_rawget(L, -2) != LUA_TTABLE {
            lua_settop(L, -2)
            lua_createtable(L, 4, 0)
            Value.pushString(L, "children"); lua_pushvalue(L, -2); lua_rawset(L, -4)
        }
        lua_pushvalue(L, c)
        lua_rawseti(L, -2, lua_Integer(lua_rawlen(L, -2) + 1))
        lua_settop(L, -3)
    }

    /// The object of `kind` at `idx` (self for methods), or a Lua-style error.
    @inline(__always)
    static func object<T: AnyObject>(_ L: OpaquePointer, _ idx: Int32, _ kinds: [Kind], _ fname: String, as: T.Type) throws(BridgeError) -> T {
        if let b = bk_tobox(L, idx), let k = Kind(rawValue: b.pointee.kind), kinds.contains(k), let p = b.pointee.obj {
            return Unmanaged<T>.fromOpaque(p).takeUnretainedValue()
        }
        let want = kindName(kinds[0].rawValue)
        if idx == 1 {
            throw BridgeError("bad self to '\(fname)' (\(want) expected, got \(Value.typeName(L, idx))); call it with ':' as in obj:\(fname)(...)")
        }
        throw BridgeError("bad argument #\(idx - 1) to '\(fname)' (\(want) expected, got \(Value.typeName(L, idx)))")
    }

    /// The error for an unknown field, with a suggestion.
    static func unknownField(_ L: OpaquePointer, kind: String, fields: [String], methods: [String]) -> BridgeError {
        let name = Value.describe(L, 2)
        var msg = "unknown field '\(name)' of \(kind)"
        if let s = Suggest.closest(to: name, in: fields + methods) { msg += "; did you mean '\(s)'?" }
        return BridgeError(msg)
    }

    static func readOnly(_ L: OpaquePointer, kind: String) -> BridgeError {
        BridgeError("field '\(Value.describe(L, 2))' of \(kind) is read-only")
    }

    static func assignMethod(_ L: OpaquePointer, kind: String) -> BridgeError {
        BridgeError("cannot assign to method '\(Value.describe(L, 2))' of \(kind)")
    }

    /// Registers a Lua handler on an object's user value and returns a
    /// token. Handlers live in the userdata's user value, where the collector
    /// sees them: a handler that captures its own button is collected with it.
    static func storeHandler(_ L: OpaquePointer, selfIdx: Int32, fnIdx: Int32) -> Int {
        let ctx = LuaContext.of(L)
        let token = ctx.nextToken
        ctx.nextToken += 1
        _ = bk_getuservalue(L, selfIdx)
        lua_pushvalue(L, fnIdx)
        lua_rawseti(L, -2, lua_Integer(token))
        lua_settop(L, -2)
        return token
    }

    /// Remembers the model's token for a Lua token (stored negated beside it).
    static func storeCoreToken(_ L: OpaquePointer, selfIdx: Int32, token: Int, core: HandlerToken) {
        _ = bk_getuservalue(L, selfIdx)
        lua_pushinteger(L, lua_Integer(core.rawValue))
        lua_rawseti(L, -2, lua_Integer(-token))
        lua_settop(L, -2)
    }

    /// Removes a Lua handler; returns the model's token when it existed.
    static func removeHandler(_ L: OpaquePointer, selfIdx: Int32, token: Int) -> HandlerToken? {
        // Tokens are positive counters; anything else was never handed out.
        guard token > 0, token < Int(Int32.max) else { return nil }
        _ = bk_getuservalue(L, selfIdx)
        defer { lua_settop(L, -2) }
        guard lua_rawgeti(L, -1, lua_Integer(-token)) == LUA_TNUMBER else { lua_settop(L, -2); return nil }
        let core = HandlerToken(rawValue: Int(lua_tointegerx(L, -1, nil)))
        lua_settop(L, -2)
        lua_pushnil(L); lua_rawseti(L, -2, lua_Integer(token))
        lua_pushnil(L); lua_rawseti(L, -2, lua_Integer(-token))
        return core
    }

    /// The whole of `obj:on(events, fn)` once the arguments are checked: keeps
    /// `fn` (at `fnIndex`) in the user value of self, registers the model's
    /// side through `register`, pushes the token. `fire(object, eventName)`
    /// calls the Lua function.
    static func addHandler(_ L: OpaquePointer, fnIndex: Int32,
                           register: (_ fire: @escaping (AnyObject, String?) throws -> Void) -> HandlerToken) -> Int32 {
        let token = storeHandler(L, selfIdx: 1, fnIdx: fnIndex)
        let ctx = LuaContext.of(L)
        let core = register { [weak ctx] obj, extra in
            guard let ctx else { return }
            try invokeHandler(ctx, obj, token: token, extra: extra)
        }
        storeCoreToken(L, selfIdx: 1, token: token, core: core)
        lua_pushinteger(L, lua_Integer(token))
        return 1
    }

    /// The whole of `obj:off(token)`: forgets the Lua function and removes the
    /// model's handler with `remove`; pushes whether it was registered.
    static func dropHandler(_ L: OpaquePointer, token: Int, remove: (HandlerToken) -> Bool) -> Int32 {
        if let core = removeHandler(L, selfIdx: 1, token: token) {
            lua_pushboolean(L, remove(core) ? 1 : 0)
        } else {
            lua_pushboolean(L, 0)
        }
        return 1
    }

    /// Calls the Lua handler `token` stored on `obj`'s userdata with the
    /// userdata and `extra` (an event name) as arguments. Runs protected;
    /// an error comes back as a thrown `LuaError` that keeps the value.
    static func invokeHandler(_ ctx: LuaContext, _ obj: AnyObject, token: Int, extra: String?) throws {
        guard let L = ctx.activeL ?? ctx.L else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 8) != 0, pushExisting(L, obj) else { return }
        let ud = lua_gettop(L)
        _ = bk_getuservalue(L, ud)
        guard lua_rawgeti(L, -1, lua_Integer(token)) == LUA_TFUNCTION else { return }
        lua_pushvalue(L, ud)
        var nargs: Int32 = 1
        if let e = extra { Value.pushString(L, e); nargs = 2 }
        // bk_pcall_traceback puts the handler's Lua code under the memory ceiling.
        let status = bk_pcall_traceback(L, nargs, 0)
        if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: ctx) }
    }
}

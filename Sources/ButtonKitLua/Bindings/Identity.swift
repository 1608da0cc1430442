import ButtonKit
import ButtonKitIB
import CLuaShim

/// The same Swift object is always the same Lua value while that value
/// lives: a weak-valued registry table maps object addresses to userdata.
/// Containers keep their members' Lua values alive (`adopt`), mirroring
/// what the Swift container holds.
enum Identity {
    static func install(_ L: OpaquePointer, _ ctx: LuaContext) {
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        Push.field(L, "__mode") { Value.pushString(L, "v") }
        _ = lua_setmetatable(L, -2)
        ctx.identityRef = luaL_ref(L, bk_registryindex())
    }

    /// Pushes the Lua value for `obj`, creating it on first use.
    static func push(_ L: OpaquePointer, _ obj: AnyObject, kind: Binding.Kind) {
        let ctx = LuaContext.of(L)
        let key = UnsafeMutableRawPointer(Unmanaged.passUnretained(obj).toOpaque())
        if pushCached(L, ctx, key) { return }
        // The identity map is left on the stack by pushCached's miss.
        if ctx.trackCreatedControls {
            if let b = obj as? Button { ctx.createdControls.append(b) }
            if let s = obj as? Screen { ctx.createdScreens.append(s) }
            if let c = obj as? any SelectionContainer { ctx.createdContainers.append(c) }
            if let d = obj as? IBDocument { ctx.createdDocuments.append(d) }
        }
        let box = bk_newbox(L, Unmanaged.passRetained(obj).toOpaque(), kind.rawValue)
        if let b = obj as? Button { box?.pointee.bits = b.stateAddress }
        lua_rawgeti(L, bk_registryindex(), lua_Integer(Binding.metatable(L, ctx, kind)))
        _ = lua_setmetatable(L, -2)
        lua_createtable(L, 0, 0)  // user value: handlers and children
        _ = bk_setuservalue(L, -2)
        Footprint.recount(L, -1, obj)
        lua_pushvalue(L, -1)
        lua_rawsetp(L, -3, key)
        lua_rotate(L, -2, 1)
        bk_pop(L, 1)
    }

    /// Pushes any control of the model with its right kind.
    static func pushControl(_ L: OpaquePointer, _ b: Button) {
        push(L, b, kind: b is SortButton ? .sortButton : .button)
    }

    /// Pushes a list of controls (a group's or bar's buttons).
    static func pushButtons(_ L: OpaquePointer, _ buttons: [Button]) {
        lua_createtable(L, Int32(buttons.count), 0)
        for (i, b) in buttons.enumerated() { pushControl(L, b); lua_rawseti(L, -2, lua_Integer(i + 1)) }
    }

    /// Looks up the userdata of `obj` if it is alive; pushes it or nothing.
    static func pushExisting(_ L: OpaquePointer, _ obj: AnyObject) -> Bool {
        let key = UnsafeMutableRawPointer(Unmanaged.passUnretained(obj).toOpaque())
        if pushCached(L, LuaContext.of(L), key) { return true }
        bk_pop(L, 1)
        return false
    }

    /// Looks `key` up in the identity map. On a hit pushes the userdata and
    /// returns true; on a miss leaves the identity map on the stack.
    ///
    /// The userdata found must still hold this very object: a box released
    /// early (a script can call `__gc` by hand) keeps its map entry until it
    /// is collected, and a new object may have been given the same address
    /// since. Such an entry is stale and counts as a miss.
    private static func pushCached(_ L: OpaquePointer, _ ctx: LuaContext, _ key: UnsafeMutableRawPointer) -> Bool {
        lua_rawgeti(L, bk_registryindex(), lua_Integer(ctx.identityRef))
        if lua_rawgetp(L, -1, key) == LUA_TUSERDATA, let box = bk_tobox(L, -1), box.pointee.obj == key {
            lua_rotate(L, -2, 1)
            bk_pop(L, 1)
            return true
        }
        bk_pop(L, 1)
        return false
    }

    /// Keeps `child` (at stack index `childIdx`) reachable from the user value
    /// of the object at `ownerIdx`.
    static func adopt(_ L: OpaquePointer, owner ownerIdx: Int32, child childIdx: Int32) {
        let o = lua_absindex(L, ownerIdx), c = lua_absindex(L, childIdx)
        _ = bk_getuservalue(L, o)
        Value.pushString(L, "children")
        if lua_rawget(L, -2) != LUA_TTABLE {
            bk_pop(L, 1)
            lua_createtable(L, 4, 0)
            Value.pushString(L, "children"); lua_pushvalue(L, -2); lua_rawset(L, -4)
        }
        lua_pushvalue(L, c)
        lua_rawseti(L, -2, lua_Integer(lua_rawlen(L, -2) + 1))
        bk_pop(L, 2)
    }
}

/// What the model holds for scripts counts against the memory ceiling:
/// each box remembers what it charged for its object, and gives it back
/// when it is collected (see `MemoryFootprint`).
enum Footprint {
    /// Charges the difference between `obj`'s footprint now and what its box
    /// (at `boxIdx`) charged before.
    static func recount(_ L: OpaquePointer, _ boxIdx: Int32, _ obj: AnyObject?) {
        guard let m = obj as? MemoryFootprint, let box = bk_tobox(L, boxIdx) else { return }
        let now = Int64(m.retainedBytes)
        let delta = now - box.pointee.charged
        if delta != 0 {
            bk_charge(L, Int(delta))
            box.pointee.charged = now
        }
    }
}

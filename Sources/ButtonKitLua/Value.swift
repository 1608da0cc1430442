import CLuaShim

/// Small readers over the Lua stack that never raise: they check types
/// first and only use API calls marked '-' or 'm' in the manual.
enum Value {
    static func type(_ L: OpaquePointer, _ i: Int32) -> Int32 { lua_type(L, i) }

    static func typeName(_ L: OpaquePointer, _ i: Int32) -> String {
        if let b = bk_tobox(L, i) { return Binding.kindName(b.pointee.kind) }
        return String(cString: lua_typename(L, lua_type(L, i)))
    }

    /// The string at `i` (only when it really is a string, not a number).
    static func string(_ L: OpaquePointer, _ i: Int32) -> String? {
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var len = 0
        guard let p = lua_tolstring(L, i, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    static func pushString(_ L: OpaquePointer, _ s: String) {
        var s = s
        s.withUTF8 { buf in _ = lua_pushlstring(L, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count) }
    }

    /// A readable form of any value for messages, without calling metamethods.
    static func describe(_ L: OpaquePointer, _ i: Int32) -> String {
        switch lua_type(L, i) {
        case LUA_TSTRING: return string(L, i) ?? ""
        case LUA_TNUMBER:
            if lua_isinteger(L, i) != 0 { return String(lua_tointegerx(L, i, nil)) }
            return numberText(lua_tonumberx(L, i, nil))
        case LUA_TBOOLEAN: return lua_toboolean(L, i) != 0 ? "true" : "false"
        case LUA_TNIL, LUA_TNONE: return "nil"
        case LUA_TTABLE:
            // An error object from an assertion library: use its message field.
            let t = lua_absindex(L, i)
            lua_pushstring(L, "message")
            defer { lua_settop(L, -2) }
            if lua_rawget(L, t) == LUA_TSTRING { return string(L, -1) ?? "(error object)" }
            return "(error object: table)"
        default: return typeName(L, i)
        }
    }

    /// Numbers print like Lua's `%.14g`: integral floats as `2.0`.
    static func numberText(_ d: Double) -> String {
        if d.isNaN { return d.sign == .minus ? "-nan" : "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) + ".0" }
        return String(d)
    }

    /// A short quoted form for messages: strings quoted, others as described.
    static func quoted(_ L: OpaquePointer, _ i: Int32) -> String {
        lua_type(L, i) == LUA_TSTRING ? "'\(string(L, i) ?? "")'" : describe(L, i)
    }
}

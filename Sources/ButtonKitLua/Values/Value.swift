import ButtonKit
import CLuaShim

/// Small readers and pushers over the Lua stack that never raise: they check
/// types first and only use API calls marked '-' or 'm' in the manual.
package enum Value {
    package static func typeName(_ L: OpaquePointer, _ i: Int32) -> String {
        if let b = bk_tobox(L, i) { return Binding.kindName(b.pointee.kind) }
        return String(cString: lua_typename(L, lua_type(L, i)))
    }

    /// The string at `i` (only when it really is a string, not a number).
    package static func string(_ L: OpaquePointer, _ i: Int32) -> String? {
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var len = 0
        guard let p = lua_tolstring(L, i, &len) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    /// The bytes of the string at `i`, when they are valid UTF-8 (a store
    /// refuses what it could not keep exactly).
    package static func exactString(_ L: OpaquePointer, _ i: Int32) -> String? {
        guard lua_type(L, i) == LUA_TSTRING else { return nil }
        var len = 0
        guard let p = lua_tolstring(L, i, &len) else { return nil }
        return String(validating: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
    }

    /// Why a name or key that is not valid UTF-8 is refused (see `Read.exactString`).
    package static let notUTF8 = "valid UTF-8 string expected, got other bytes (names and keys are compared exactly)"

    package static func pushString(_ L: OpaquePointer, _ s: String) {
        var s = s
        s.withUTF8 { buf in _ = lua_pushlstring(L, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count) }
    }

    /// Pushes a colour's `#RRGGBBAA` without making a Swift string first.
    package static func pushColor(_ L: OpaquePointer, _ c: Color) {
        c.withHexBytes { buf in
            _ = lua_pushlstring(L, buf.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) }, buf.count)
        }
    }

    /// Pushes a number, as an integer when it is integral (`11`, not `11.0`).
    package static func pushNumber(_ L: OpaquePointer, _ d: Double) {
        if d == d.rounded(), abs(d) < 1e15 { lua_pushinteger(L, lua_Integer(d)) } else { lua_pushnumber(L, d) }
    }

    package static func pushBool(_ L: OpaquePointer, _ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }

    /// Pushes a list of strings.
    package static func pushList(_ L: OpaquePointer, _ items: [String]) {
        lua_createtable(L, Int32(items.count), 0)
        for (i, s) in items.enumerated() { pushString(L, s); lua_rawseti(L, -2, lua_Integer(i + 1)) }
    }

    /// A readable form of any value for messages, without calling metamethods.
    package static func describe(_ L: OpaquePointer, _ i: Int32) -> String {
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
            Value.pushString(L, "message")
            defer { bk_pop(L, 1) }
            if lua_rawget(L, t) == LUA_TSTRING { return string(L, -1) ?? "(error object)" }
            return "(error object: table)"
        default: return typeName(L, i)
        }
    }

    /// What `tostring` gives (running `__tostring`, protected), for display.
    package static func display(_ L: OpaquePointer, _ i: Int32) -> String {
        let ok = bk_ptolstring(L, lua_absindex(L, i)) == LUA_OK
        defer { bk_pop(L, 1) }
        var len = 0
        if ok, let p = lua_tolstring(L, -1, &len) {
            return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
        }
        return "(error converting value)"
    }

    /// Numbers print like Lua's `%.14g`: integral floats as `2.0`.
    package static func numberText(_ d: Double) -> String {
        if d.isNaN { return d.sign == .minus ? "-nan" : "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) + ".0" }
        return String(d)
    }

    /// A short quoted form for messages: strings quoted, others as described.
    package static func quoted(_ L: OpaquePointer, _ i: Int32) -> String {
        lua_type(L, i) == LUA_TSTRING ? "'\(string(L, i) ?? "")'" : describe(L, i)
    }
}

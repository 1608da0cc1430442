import ButtonKit
import CLuaShim

/// Readers of Lua values into model values. Each checks the Lua type first
/// and says what it expected; model validation (ranges, names) comes back as
/// the model's message. Complaints have no position: `Args.conv`,
/// `LuaTable.read` or a field setter adds where the value came from.
///
/// Readers by concern live in extensions: states and events, styles,
/// geometry, JSON, radio values, appearances.
package enum Read {
    package static func model<T>(_ body: () throws(ButtonKitError) -> T) throws(BridgeError) -> T {
        do { return try body() } catch { throw .model(error) }
    }

    package static func bool(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> Bool {
        guard lua_type(L, i) == LUA_TBOOLEAN else { throw .value("boolean expected, got \(Value.typeName(L, i))") }
        return lua_toboolean(L, i) != 0
    }

    package static func number(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> Double {
        guard lua_type(L, i) == LUA_TNUMBER else { throw .value("number expected, got \(Value.typeName(L, i))") }
        return lua_tonumberx(L, i, nil)
    }

    package static func integer(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> Int {
        var ok: Int32 = 0
        let v = lua_tointegerx(L, i, &ok)
        guard lua_type(L, i) == LUA_TNUMBER else { throw .value("integer expected, got \(Value.typeName(L, i))") }
        guard ok != 0 else { throw .value("integer expected, got \(Value.describe(L, i))") }
        return Int(v)
    }

    package static func string(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> String {
        guard let s = Value.string(L, i) else { throw .value("string expected, got \(Value.typeName(L, i))") }
        return s
    }

    /// A string that names or keys something — a sort key, a radio value, a
    /// store's key or path, a name to find. The model compares it exactly,
    /// and a lossy copy (U+FFFD for each byte that is not UTF-8) would name
    /// something else: two different strings would become one, a path
    /// would be checked under one name and opened under another. So bytes
    /// that are not valid UTF-8 are refused, never replaced.
    package static func exactString(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> String {
        guard lua_type(L, i) == LUA_TSTRING else { throw .value("string expected, got \(Value.typeName(L, i))") }
        guard let s = Value.exactString(L, i) else { throw .value(Value.notUTF8) }
        return s
    }

    /// A non-empty exact string (ids).
    package static func name(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> String {
        guard lua_type(L, i) == LUA_TSTRING, let s = Value.string(L, i), !s.isEmpty else {
            throw .value("non-empty string expected, got \(Value.quoted(L, i))")
        }
        return try exactString(L, i)
    }

    /// A list of strings (`{ "selected", "highlighted" }`).
    package static func stringList(_ L: OpaquePointer, _ i: Int32, what: String) throws(BridgeError) -> [String] {
        let t = lua_absindex(L, i)
        let n = lua_rawlen(L, t)
        var out: [String] = []
        if n > 0 {
            for k in 1...n {
                lua_rawgeti(L, t, lua_Integer(k))
                defer { bk_pop(L, 1) }
                guard let s = Value.string(L, -1) else { throw .value("\(what) must be strings, item #\(k) is a \(Value.typeName(L, -1))") }
                out.append(s)
            }
        }
        // A list only: `{ style = "dark" }` given where states go (the
        // traits slot is the next argument) would otherwise read as {}.
        try LuaTable.checkKeys(L, t) { () -> BridgeError? in
            var isInt: Int32 = 0
            let k = lua_type(L, -1) == LUA_TNUMBER ? lua_tointegerx(L, -1, &isInt) : 0
            if isInt != 0, k >= 1, k <= lua_Integer(n) { return nil }
            let d = lua_type(L, -1) == LUA_TSTRING ? "'\(Value.string(L, -1) ?? "")'" : Value.describe(L, -1)
            return .value("a list of \(what) expected, got a table with the key \(d)")
        }
        return out
    }
}

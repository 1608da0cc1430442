import ButtonKit
import CLuaShim

/// Argument access for one host function call, producing errors in Lua's
/// own style: `bad argument #2 to 'style' (table expected, got nil)`.
///
/// For methods, argument numbers leave out `self`, the way Lua counts for
/// `obj:method(...)` calls.
struct Args {
    let L: OpaquePointer
    let name: String
    /// Stack index of argument #1 (2 for methods, after self).
    let base: Int32

    init(_ L: OpaquePointer, _ name: String, method: Bool) {
        self.L = L; self.name = name; self.base = method ? 2 : 1
    }

    /// Stack index of argument `n`.
    func index(_ n: Int32) -> Int32 { base + n - 1 }

    func bad(_ n: Int32, _ msg: String) -> BridgeError {
        BridgeError("bad argument #\(n) to '\(name)' (\(msg))")
    }

    func expected(_ n: Int32, _ what: String) -> BridgeError {
        bad(n, "\(what) expected, got \(Value.typeName(L, index(n)))")
    }

    func isNone(_ n: Int32) -> Bool { lua_type(L, index(n)) <= LUA_TNIL }

    func type(_ n: Int32) -> Int32 { lua_type(L, index(n)) }

    var count: Int32 { max(0, lua_gettop(L) - base + 1) }

    func string(_ n: Int32) throws(BridgeError) -> String {
        guard let s = Value.string(L, index(n)) else { throw expected(n, "string") }
        return s
    }

    func optString(_ n: Int32) throws(BridgeError) -> String? {
        isNone(n) ? nil : try string(n)
    }

    func number(_ n: Int32) throws(BridgeError) -> Double {
        guard lua_type(L, index(n)) == LUA_TNUMBER else { throw expected(n, "number") }
        return lua_tonumberx(L, index(n), nil)
    }

    func integer(_ n: Int32) throws(BridgeError) -> Int {
        guard lua_type(L, index(n)) == LUA_TNUMBER else { throw expected(n, "integer") }
        var ok: Int32 = 0
        let v = lua_tointegerx(L, index(n), &ok)
        guard ok != 0 else { throw bad(n, "number has no integer representation") }
        return Int(v)
    }

    func bool(_ n: Int32) throws(BridgeError) -> Bool {
        guard lua_type(L, index(n)) == LUA_TBOOLEAN else { throw expected(n, "boolean") }
        return lua_toboolean(L, index(n)) != 0
    }

    func table(_ n: Int32) throws(BridgeError) {
        guard lua_type(L, index(n)) == LUA_TTABLE else { throw expected(n, "table") }
    }

    func function(_ n: Int32) throws(BridgeError) {
        guard lua_type(L, index(n)) == LUA_TFUNCTION else { throw expected(n, "function") }
    }

    /// Converts a model error into this call's Lua-style message.
    func wrap<T>(_ n: Int32, _ body: () throws(ButtonKitError) -> T) throws(BridgeError) -> T {
        do { return try body() } catch { throw bad(n, error.message) }
    }
}

import ButtonKit
import CLuaShim

/// Argument access for one host function call, producing errors in Lua's
/// own style: `bad argument #2 to 'style' (table expected, got nil)`.
///
/// For methods, argument numbers leave out `self`, the way Lua counts for
/// `obj:method(...)` calls.
package struct Args {
    package let L: OpaquePointer
    package let name: String
    /// Stack index of argument #1 (2 for methods, after self).
    package let base: Int32

    package init(_ L: OpaquePointer, _ name: String, method: Bool) {
        self.L = L; self.name = name; self.base = method ? 2 : 1
    }

    /// Stack index of argument `n`.
    package func index(_ n: Int32) -> Int32 { base + n - 1 }

    package func bad(_ n: Int32, _ cause: String) -> BridgeError {
        BridgeError(cause, site: .argument(function: name, position: n))
    }

    package func expected(_ n: Int32, _ what: String) -> BridgeError {
        bad(n, "\(what) expected, got \(Value.typeName(L, index(n)))")
    }

    package func isNone(_ n: Int32) -> Bool { lua_type(L, index(n)) <= LUA_TNIL }

    package var count: Int32 { max(0, lua_gettop(L) - base + 1) }

    package func string(_ n: Int32) throws(BridgeError) -> String {
        guard let s = Value.string(L, index(n)) else { throw expected(n, "string") }
        return s
    }

    /// An argument that names or keys something, refused unless valid
    /// UTF-8 (see `Read.exactString`).
    package func exactString(_ n: Int32) throws(BridgeError) -> String {
        guard lua_type(L, index(n)) == LUA_TSTRING else { throw expected(n, "string") }
        return try conv(n, Read.exactString)
    }

    package func optString(_ n: Int32) throws(BridgeError) -> String? {
        isNone(n) ? nil : try string(n)
    }

    package func number(_ n: Int32) throws(BridgeError) -> Double {
        guard lua_type(L, index(n)) == LUA_TNUMBER else { throw expected(n, "number") }
        return lua_tonumberx(L, index(n), nil)
    }

    package func integer(_ n: Int32) throws(BridgeError) -> Int {
        guard lua_type(L, index(n)) == LUA_TNUMBER else { throw expected(n, "integer") }
        var ok: Int32 = 0
        let v = lua_tointegerx(L, index(n), &ok)
        guard ok != 0 else { throw bad(n, "number has no integer representation") }
        return Int(v)
    }

    package func table(_ n: Int32) throws(BridgeError) {
        guard lua_type(L, index(n)) == LUA_TTABLE else { throw expected(n, "table") }
    }

    /// A function, or a callable table (luassert's spies and stubs): what a
    /// handler may be.
    package func callable(_ n: Int32) throws(BridgeError) {
        guard Value.isCallable(L, index(n)) else { throw expected(n, "function") }
    }

    /// Runs a reader for argument `n`, placing its complaint at the argument.
    package func conv<T>(_ n: Int32, _ read: (OpaquePointer, Int32) throws(BridgeError) -> T) throws(BridgeError) -> T {
        do { return try read(L, index(n)) } catch { throw error.at(argument: n, of: name) }
    }

    /// Converts a model error into this call's Lua-style message.
    package func wrap<T>(_ n: Int32, _ body: () throws(ButtonKitError) -> T) throws(BridgeError) -> T {
        do { return try body() } catch { throw bad(n, error.message) }
    }
}

extension Value {
    /// A function, or a table or userdata whose metatable has `__call`.
    package static func isCallable(_ L: OpaquePointer, _ i: Int32) -> Bool {
        let t = lua_type(L, i)
        if t == LUA_TFUNCTION { return true }
        guard t == LUA_TTABLE || t == LUA_TUSERDATA, lua_getmetatable(L, i) != 0 else { return false }
        defer { bk_pop(L, 2) }
        Value.pushString(L, "__call")
        return lua_rawget(L, -2) != LUA_TNIL
    }
}

import ButtonKit
import CLuaShim

/// A Lua table of named options (`ui.button { ... }`), read key by key
/// without metamethods. Unknown keys are refused with a did-you-mean; a
/// bad value's complaint names its key (`frame: 'x' must be a number`).
package struct LuaTable {
    package let L: OpaquePointer
    /// Absolute stack index of the table.
    package let index: Int32
    /// What a key is, for messages: "button option".
    package let what: String

    package init(_ L: OpaquePointer, _ i: Int32, what: String) {
        self.L = L; self.index = lua_absindex(L, i); self.what = what
    }

    /// Checks that every string key is one of `allowed`; integer keys (an
    /// array part) are allowed only when asked.
    /// `elsewhere` may explain a key that belongs somewhere else (a style
    /// property given as a button option) when no allowed key is close.
    /// `belongsElsewhere` says a key is exactly one of those other names
    /// (`titleColor` as a button option): then its hint wins over a near
    /// miss among `allowed` (`tintColor`).
    package func onlyKeys(_ allowed: [String], allowArray: Bool = false,
                          elsewhere: (String) -> String? = { _ in nil },
                          belongsElsewhere: (String) -> Bool = { _ in false }) throws(BridgeError) {
        try Self.checkKeys(L, index) { () -> BridgeError? in
            if allowArray, lua_type(L, -1) == LUA_TNUMBER { return nil }
            guard let k = Value.string(L, -1) else { return .value("unexpected key \(Value.describe(L, -1)) (\(what)s are strings)") }
            guard !allowed.contains(k) else { return nil }
            var m = "unknown \(what) '\(k)'"
            if belongsElsewhere(k), let hint = elsewhere(k) { return .value(m + "; " + hint) }
            if let s = Suggest.closest(to: k, in: allowed) { m += "; did you mean '\(s)'?" } else if let hint = elsewhere(k) { m += "; \(hint)" }
            return .value(m)
        }
    }

    /// Visits every key of the table at `index` (raw order, a protected
    /// `next`): `check` sees the key on top of the stack and returns the
    /// error to stop with, or nil to go on. The stack is as before either way.
    package static func checkKeys(_ L: OpaquePointer, _ index: Int32, _ check: () -> BridgeError?) throws(BridgeError) {
        lua_pushnil(L)
        while true {
            let r = bk_pnext(L, index)
            if r < 0 { let m = Value.describe(L, -1); bk_pop(L, 1); throw .value(m) }
            if r == 0 { return }
            bk_pop(L, 1)
            if let e = check() { bk_pop(L, 1); throw e }
        }
    }

    /// Pushes `t[key]` without metamethods and returns its type.
    @discardableResult
    package func push(_ key: String) -> Int32 {
        Value.pushString(L, key)
        return lua_rawget(L, index)
    }

    /// Whether `t[key]` is not nil.
    package func has(_ key: String) -> Bool {
        defer { bk_pop(L, 1) }
        return push(key) != LUA_TNIL
    }

    /// Reads `t[key]` with `read` when it is not nil; a complaint names the key.
    package func read<T>(_ key: String, _ read: (OpaquePointer, Int32) throws(BridgeError) -> T) throws(BridgeError) -> T? {
        defer { bk_pop(L, 1) }
        if push(key) == LUA_TNIL { return nil }
        do { return try read(L, lua_gettop(L)) } catch { throw error.within(key) }
    }

    /// The length of the array part.
    package var count: Int { Int(lua_rawlen(L, index)) }

    /// Reads `t[i]` (1-based) with `read`.
    package func element<T>(_ i: Int, _ read: (OpaquePointer, Int32) throws(BridgeError) -> T) throws(BridgeError) -> T {
        lua_rawgeti(L, index, lua_Integer(i))
        defer { bk_pop(L, 1) }
        return try read(L, lua_gettop(L))
    }
}

import CLuaShim

/// The stack work the runner needs beyond reading arguments (`Args`) and
/// pushing values: tables it builds, fields it looks up, references it
/// keeps, a stack put back as it was. The runner (ButtonKitTesting) goes
/// through these instead of calling Lua's C API itself, as the bindings do,
/// so what it does to a state is written in terms the bridge checks once
/// (none of these raise: only calls marked '-' or 'm' in the manual).
extension Value {
    /// The stack's height (the index of its top value): what `setTop`
    /// puts the stack back to (`defer { Value.setTop(L, top) }`).
    package static func top(_ L: OpaquePointer) -> Int32 { lua_gettop(L) }

    /// Pops to height `top` (or fills up with nils).
    package static func setTop(_ L: OpaquePointer, _ top: Int32) { lua_settop(L, top) }

    package static func pushNil(_ L: OpaquePointer) { lua_pushnil(L) }

    /// Pushes an integer (always a Lua integer, unlike `pushNumber`).
    package static func pushInteger(_ L: OpaquePointer, _ n: Int) { lua_pushinteger(L, lua_Integer(n)) }

    /// Pushes a float as it is (a time, a duration).
    package static func pushFloat(_ L: OpaquePointer, _ d: Double) { lua_pushnumber(L, d) }

    /// Pushes the string, or nil.
    package static func pushOptional(_ L: OpaquePointer, _ s: String?) {
        if let s { pushString(L, s) } else { lua_pushnil(L) }
    }

    /// Pushes the bytes as a Lua string.
    package static func pushBytes(_ L: OpaquePointer, _ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// The bytes of the string (or number) at `i`; nil for other values.
    package static func bytes(_ L: OpaquePointer, _ i: Int32) -> [UInt8]? {
        let t = lua_type(L, i)
        guard t == LUA_TSTRING || t == LUA_TNUMBER else { return nil }
        var len = 0
        guard let p = lua_tolstring(L, i, &len) else { return nil }
        return Array(UnsafeRawBufferPointer(start: p, count: len))
    }

    /// Pushes a new table sized for `array` items and `fields` keys.
    package static func newTable(_ L: OpaquePointer, array: Int = 0, fields: Int = 0) {
        lua_createtable(L, Int32(clamping: array), Int32(clamping: fields))
    }

    /// Pushes a list of integers.
    package static func pushIntegers(_ L: OpaquePointer, _ items: [Int]) {
        lua_createtable(L, Int32(clamping: items.count), 0)
        for (i, n) in items.enumerated() { lua_pushinteger(L, lua_Integer(n)); lua_rawseti(L, -2, lua_Integer(i + 1)) }
    }

    /// Sets `t[k] = v` without metamethods, for `t` at `table`, `k` and `v`
    /// the two values on top (popped).
    package static func rawSet(_ L: OpaquePointer, in table: Int32 = -3) { lua_rawset(L, table) }

    /// `t[k]` without metamethods, the key on top replaced by the value
    /// (`table` is `t`'s index, counted before the key); returns its type.
    @discardableResult
    package static func rawGet(_ L: OpaquePointer, in table: Int32 = -2) -> Int32 { lua_rawget(L, table) }

    /// Sets `t[n] = v` without metamethods, for `t` at `table` and `v` on
    /// top (popped).
    package static func rawSet(_ L: OpaquePointer, in table: Int32 = -2, at n: Int) { lua_rawseti(L, table, lua_Integer(n)) }

    /// Pushes `t[key]` (without metamethods) of the table at `table`;
    /// returns its type.
    @discardableResult
    package static func rawField(_ L: OpaquePointer, _ table: Int32, _ key: String) -> Int32 {
        let t = table < 0 && table > bk_registryindex() ? table - 1 : table
        pushString(L, key)
        return lua_rawget(L, t)
    }

    /// Pushes the registry's value under `key`; returns its type.
    @discardableResult
    package static func registryField(_ L: OpaquePointer, _ key: String) -> Int32 { rawField(L, bk_registryindex(), key) }

    /// Keeps the value on top (popped) in the registry under `key`.
    package static func setRegistryField(_ L: OpaquePointer, _ key: String) {
        pushString(L, key)
        bk_insert(L, -2)
        lua_rawset(L, bk_registryindex())
    }

    /// Keeps the value on top (popped) in the registry; the reference.
    package static func reference(_ L: OpaquePointer) -> Int32 { luaL_ref(L, bk_registryindex()) }

    /// Pushes the value `reference` keeps; returns its type.
    @discardableResult
    package static func pushReference(_ L: OpaquePointer, _ reference: Int32) -> Int32 {
        lua_rawgeti(L, bk_registryindex(), lua_Integer(reference))
    }

    package static func isTable(_ L: OpaquePointer, _ i: Int32) -> Bool { lua_type(L, i) == LUA_TTABLE }
    package static func isFunction(_ L: OpaquePointer, _ i: Int32) -> Bool { lua_type(L, i) == LUA_TFUNCTION }
    package static func isString(_ L: OpaquePointer, _ i: Int32) -> Bool { lua_type(L, i) == LUA_TSTRING }
    /// Whether the value at `i` is nil or absent (past the top).
    package static func isNil(_ L: OpaquePointer, _ i: Int32) -> Bool { lua_type(L, i) <= LUA_TNIL }

    /// The string at `i` when it is one, else nil (no conversion).
    package static func stringIfAny(_ L: OpaquePointer, _ i: Int32) -> String? { isString(L, i) ? string(L, i) : nil }

    /// The number at `i` as an integer (clamped; floats truncated) when it
    /// is a number, else nil.
    package static func integer(_ L: OpaquePointer, _ i: Int32) -> Int? {
        lua_type(L, i) == LUA_TNUMBER ? Int(clamping: lua_tointegerx(L, i, nil)) : nil
    }

    /// The number at `i` when it is one, else nil.
    package static func number(_ L: OpaquePointer, _ i: Int32) -> Double? {
        lua_type(L, i) == LUA_TNUMBER ? lua_tonumberx(L, i, nil) : nil
    }

    /// Lua's truth of the value at `i` (all but nil and false).
    package static func truthy(_ L: OpaquePointer, _ i: Int32) -> Bool { lua_toboolean(L, i) != 0 }

    /// The strings of the list at `i` (a table's 1...#t, raw), skipping
    /// what is not a string.
    package static func strings(_ L: OpaquePointer, _ i: Int32) -> [String] {
        guard lua_type(L, i) == LUA_TTABLE else { return [] }
        var out: [String] = []
        for n in stride(from: 1, through: Int(lua_rawlen(L, i)), by: 1) {
            lua_rawgeti(L, i, lua_Integer(n))
            if let s = string(L, -1) { out.append(s) }
            bk_pop(L, 1)
        }
        return out
    }

    /// Makes the value on top (popped) the first upvalue of the function at
    /// `function` (a main chunk's `_ENV`); false, with nothing popped, when
    /// it has none.
    package static func setFirstUpvalue(_ L: OpaquePointer, of function: Int32) -> Bool {
        lua_setupvalue(L, function, 1) != nil
    }
}

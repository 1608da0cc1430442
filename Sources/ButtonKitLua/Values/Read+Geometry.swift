import ButtonKit
import CLuaShim

extension Read {
    /// A number stored under `name` or at position `pos` of the table at `t`.
    package static func coordinate(_ L: OpaquePointer, _ t: Int32, _ name: String, _ pos: Int) throws(BridgeError) -> Double {
        Value.pushString(L, name)
        var ty = lua_rawget(L, t)
        if ty == LUA_TNIL { bk_pop(L, 1); ty = lua_rawgeti(L, t, lua_Integer(pos)) }
        defer { bk_pop(L, 1) }
        guard ty == LUA_TNUMBER else { throw .value("'\(name)' must be a number, got \(Value.typeName(L, -1))") }
        return lua_tonumberx(L, -1, nil)
    }

    /// `{ x = 10, y = 5 }` or `{ 10, 5 }`.
    package static func point(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> Point {
        guard lua_type(L, i) == LUA_TTABLE else { throw .value("point expected ({ x = 10, y = 5 } or { 10, 5 }), got \(Value.typeName(L, i))") }
        let t = lua_absindex(L, i)
        let x = try coordinate(L, t, "x", 1), y = try coordinate(L, t, "y", 2)
        return try model { () throws(ButtonKitError) in try Point.make(x: x, y: y) }
    }

    /// A point given as `(x, y)` numbers at `i` and `i + 1`, or as one table at `i`.
    package static func pointArguments(_ a: Args, _ n: Int32) throws(BridgeError) -> Point {
        if lua_type(a.L, a.index(n)) == LUA_TTABLE { return try a.conv(n, point) }
        let x = try a.number(n), y = try a.number(n + 1)
        do { return try Point.make(x: x, y: y) } catch { throw a.bad(x.isFinite && abs(x) <= Rect.maxMagnitude ? n + 1 : n, error.message) }
    }

    /// `{ x =, y =, width =, height = }` or `{ 0, 0, 200, 44 }`.
    package static func frame(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> Rect {
        guard lua_type(L, i) == LUA_TTABLE else { throw .value("frame expected ({ x =, y =, width =, height = } or { 0, 0, 200, 44 }), got \(Value.typeName(L, i))") }
        let t = lua_absindex(L, i)
        let x = try coordinate(L, t, "x", 1), y = try coordinate(L, t, "y", 2)
        let w = try coordinate(L, t, "width", 3), h = try coordinate(L, t, "height", 4)
        return try model { () throws(ButtonKitError) in try Rect.make(x: x, y: y, width: w, height: h) }
    }
}

extension Push {
    package static func frame(_ L: OpaquePointer, _ r: Rect) {
        lua_createtable(L, 0, 4)
        field(L, "x") { Value.pushNumber(L, r.x) }
        field(L, "y") { Value.pushNumber(L, r.y) }
        field(L, "width") { Value.pushNumber(L, r.width) }
        field(L, "height") { Value.pushNumber(L, r.height) }
    }
}

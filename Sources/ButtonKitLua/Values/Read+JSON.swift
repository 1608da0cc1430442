import ButtonKit
import CLuaShim

extension Read {
    /// nil, booleans, numbers, strings and tables of those, as a store keeps
    /// them. A table whose keys are exactly 1...n is an array; otherwise keys
    /// must be strings. Strings must be valid UTF-8 and numbers finite: a
    /// store refuses what it could not give back exactly.
    package static func json(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> JSONValue {
        try json(L, i, depth: 0)
    }

    private static func json(_ L: OpaquePointer, _ i: Int32, depth: Int) throws(BridgeError) -> JSONValue {
        switch lua_type(L, i) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, i) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, i) != 0 { return .int(Int(lua_tointegerx(L, i, nil))) }
            let d = lua_tonumberx(L, i, nil)
            guard d.isFinite else { throw .value("cannot store \(Value.describe(L, i)) (not a finite number)") }
            return .double(d)
        case LUA_TSTRING:
            guard let s = Value.exactString(L, i) else { throw .value("cannot store a string that is not valid UTF-8 (it could not be kept exactly)") }
            return .string(s)
        case LUA_TTABLE:
            guard depth < 64 else { throw .value("table nested too deeply (or a cycle)") }
            guard lua_checkstack(L, 4) != 0 else { throw .value("stack overflow converting a table") }
            let t = lua_absindex(L, i)
            let n = Int(lua_rawlen(L, t))
            var count = 0
            var object: [String: JSONValue] = [:]
            var array: [JSONValue?] = Array(repeating: nil, count: n)
            var allArray = true
            lua_pushnil(L)
            while true {
                let r = bk_pnext(L, t)
                if r < 0 { let m = Value.describe(L, -1); bk_pop(L, 1); throw .value(m) }
                if r == 0 { break }
                count += 1
                let v: JSONValue
                do { v = try json(L, -1, depth: depth + 1) } catch { bk_pop(L, 2); throw error }
                if lua_type(L, -2) == LUA_TNUMBER, lua_isinteger(L, -2) != 0 {
                    let k = Int(lua_tointegerx(L, -2, nil))
                    if k >= 1 && k <= n { array[k - 1] = v } else {
                        allArray = false
                        do { try put(String(k), v, into: &object) } catch { bk_pop(L, 2); throw error }
                    }
                } else if let k = Value.exactString(L, -2) {
                    allArray = false
                    do { try put(k, v, into: &object) } catch { bk_pop(L, 2); throw error }
                } else {
                    let d = lua_type(L, -2) == LUA_TSTRING ? "a key that is not valid UTF-8" : "a \(Value.typeName(L, -2))"
                    bk_pop(L, 2)
                    throw .value("table keys must be strings or array indices, got \(d)")
                }
                bk_pop(L, 1)
            }
            if allArray && count == n { return .array(array.map { $0 ?? .null }) }
            for (k, v) in array.enumerated() { if let v { try put(String(k + 1), v, into: &object) } }
            return .object(object)
        default:
            throw .value("cannot store a \(Value.typeName(L, i)) (only nil, booleans, numbers, strings and tables of those)")
        }
    }

    /// One key of a table becoming a JSON object's key. JSON keys are
    /// strings, so `[5]` and `["5"]` would land on one key, and so would two
    /// spellings of the same accented text (see `Spelling`): the second is
    /// refused rather than silently dropped.
    private static func put(_ k: String, _ v: JSONValue, into object: inout [String: JSONValue]) throws(BridgeError) {
        if let i = object.index(forKey: k) {
            let held = object.keys[i]
            if Spelling.differ(held, k) {
                throw .value("cannot store a table with the keys '\(held)' and '\(k)': \(Spelling.explanation) key")
            }
            throw .value("cannot store a table with both the key \(k) and the key '\(k)': a JSON object's keys are strings, so the two would be one")
        }
        object[k] = v
    }

    /// A radio value: a string, an integer or a boolean.
    package static func radioValue(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> RadioValue {
        switch lua_type(L, i) {
        case LUA_TSTRING: return .string(try exactString(L, i))
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, i) != 0)
        case LUA_TNUMBER:
            var ok: Int32 = 0
            let v = lua_tointegerx(L, i, &ok)
            guard ok != 0 else { throw .value("radio value must be an integer, got \(Value.describe(L, i))") }
            return .int(Int(v))
        default: throw .value("radio value expected (string, integer or boolean), got \(Value.typeName(L, i))")
        }
    }
}

extension Push {
    package static func json(_ L: OpaquePointer, _ v: JSONValue) {
        _ = lua_checkstack(L, 4)
        switch v {
        case .null: lua_pushnil(L)
        case .bool(let b): Value.pushBool(L, b)
        case .int(let i): lua_pushinteger(L, lua_Integer(i))
        case .double(let d): lua_pushnumber(L, d)
        case .number(let t):
            // Lua's own reading of the text (a float when it is too large).
            if lua_stringtonumber(L, t) == 0 { lua_pushnil(L) }
        case .string(let s): Value.pushString(L, s)
        case .array(let a):
            lua_createtable(L, Int32(a.count), 0)
            for (i, e) in a.enumerated() { json(L, e); lua_rawseti(L, -2, lua_Integer(i + 1)) }
        case .object(let o):
            lua_createtable(L, 0, Int32(o.count))
            for k in o.keys.sorted() { if let e = o[k] { field(L, k) { json(L, e) } } }
        }
    }

    package static func radioValue(_ L: OpaquePointer, _ v: RadioValue?) {
        switch v {
        case nil: lua_pushnil(L)
        case .string(let s)?: Value.pushString(L, s)
        case .int(let i)?: lua_pushinteger(L, lua_Integer(i))
        case .bool(let b)?: Value.pushBool(L, b)
        }
    }
}

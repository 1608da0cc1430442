import ButtonKit
import CLuaShim

extension Read {
    /// A state: name or combination string, integer bitmask, or list of names.
    package static func state(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> ControlState {
        switch lua_type(L, i) {
        case LUA_TSTRING:
            let s = Value.string(L, i) ?? ""
            return try model { () throws(ButtonKitError) in try ControlState(parsing: s) }
        case LUA_TNUMBER:
            var ok: Int32 = 0
            let v = lua_tointegerx(L, i, &ok)
            guard ok != 0 else { throw .value("state must be an integer bitmask, got \(Value.describe(L, i))") }
            return try model { () throws(ButtonKitError) in try ControlState(bits: Int(v)) }
        case LUA_TTABLE:
            let names: [String]
            do { names = try stringList(L, i, what: "state names") } catch {
                guard error.message.hasSuffix("'style'") || error.message.hasSuffix("'tintColor'") else { throw error }
                throw .value(error.message + "; traits such as { style = 'dark' } go in the next argument")
            }
            return try model { () throws(ButtonKitError) in try ControlState(parsingList: names) }
        default:
            throw .value("state expected (a name like 'selected', a list or a bitmask), got \(Value.typeName(L, i))")
        }
    }

    /// Events: a name, a list of names, or a positive bitmask.
    package static func events(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> ControlEvent {
        switch lua_type(L, i) {
        case LUA_TSTRING:
            let s = Value.string(L, i) ?? ""
            return try model { () throws(ButtonKitError) in try ControlEvent(parsing: s) }
        case LUA_TNUMBER:
            var ok: Int32 = 0
            let v = lua_tointegerx(L, i, &ok)
            guard ok != 0, v > 0, v <= 0xFFFF_FFFF else { throw .value("events must be a positive bitmask, got \(Value.describe(L, i))") }
            return ControlEvent(rawValue: UInt32(v))
        case LUA_TTABLE:
            let names = try stringList(L, i, what: "event names")
            return try model { () throws(ButtonKitError) in try ControlEvent(parsingList: names) }
        default:
            throw .value("event name expected (e.g. 'touchUpInside'), got \(Value.typeName(L, i))")
        }
    }
}

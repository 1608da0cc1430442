import ButtonKit
import ButtonKitIB
import CLuaShim

/// The fields a control loaded from a storyboard or XIB has beyond a
/// button's (`ibID`, `customClass`, `actions`, `segues`, `property`,
/// `origin`, `source`, `runtimeAttributes`): nil for a control a script made. Read-only, since
/// they say what the file holds.
enum FileFields {
    static let fields: [ButtonBinding.Field] = [
        ButtonBinding.Field("ibID", get: { L, b in
            if let i = info(L, b), i.origin == .storyboard || i.origin == .xib { Value.pushString(L, i.ibID) } else { lua_pushnil(L) }
        }),
        ButtonBinding.Field("customClass", get: { L, b in
            if let c = info(L, b)?.customClass { Value.pushString(L, c) } else { lua_pushnil(L) }
        }),
        ButtonBinding.Field("actions", get: { L, b in
            guard let i = info(L, b) else { lua_pushnil(L); return }
            pushActions(L, i.actions)
        }),
        ButtonBinding.Field("segues", get: { L, b in
            guard let i = info(L, b) else { lua_pushnil(L); return }
            lua_createtable(L, Int32(i.segues.count), 0)
            for (n, s) in i.segues.enumerated() {
                lua_createtable(L, 0, 3)
                Push.field(L, "kind") { Value.pushString(L, s.kind) }
                Push.field(L, "destination") { Value.pushString(L, s.destination) }
                if let id = s.identifier { Push.field(L, "identifier") { Value.pushString(L, id) } }
                lua_rawseti(L, -2, lua_Integer(n + 1))
            }
        }),
        ButtonBinding.Field("property", get: { L, b in
            if let p = info(L, b)?.property { Value.pushString(L, p) } else { lua_pushnil(L) }
        }),
        ButtonBinding.Field("origin", get: { L, b in
            if let i = info(L, b) { Value.pushString(L, i.origin.rawValue) } else { lua_pushnil(L) }
        }),
        ButtonBinding.Field("source", get: { L, b in
            guard let s = info(L, b)?.source else { lua_pushnil(L); return }
            lua_createtable(L, 0, 3)
            Push.field(L, "path") { Value.pushString(L, s.path) }
            Push.field(L, "line") { lua_pushinteger(L, lua_Integer(s.line)) }
            Push.field(L, "column") { lua_pushinteger(L, lua_Integer(s.column)) }
        }),
        ButtonBinding.Field("cell", get: { L, b in
            if let c = info(L, b)?.cell { Value.pushString(L, c) } else { lua_pushnil(L) }
        }),
        ButtonBinding.Field("runtimeAttributes", get: { L, b in
            guard let i = info(L, b) else { lua_pushnil(L); return }
            lua_createtable(L, 0, Int32(i.runtimeAttributes.count))
            for (key, value) in i.runtimeAttributes {
                if case .nil_ = value { continue }  // a key set to nil is a key Lua cannot hold
                Push.field(L, key) { pushRuntimeValue(L, value, traits: b.traits) }
            }
        }),
    ]

    static func info(_ L: OpaquePointer, _ b: Button) -> IBControlInfo? { LuaContext.of(L).fileInfo(of: b) }

    /// `{ { selector = "pay:", event = "touchUpInside" }, ... }`.
    static func pushActions(_ L: OpaquePointer, _ actions: [IBAction]) {
        lua_createtable(L, Int32(actions.count), 0)
        for (n, a) in actions.enumerated() {
            lua_createtable(L, 0, 3)
            Push.field(L, "selector") { Value.pushString(L, a.selector) }
            Push.field(L, "event") { Value.pushString(L, a.event.name ?? a.event.description) }
            if let d = a.destination { Push.field(L, "destination") { Value.pushString(L, d) } }
            lua_rawseti(L, -2, lua_Integer(n + 1))
        }
    }

    /// A runtime attribute as plain Lua: numbers, booleans and strings as
    /// they are, a colour resolved for the control (`"#RRGGBBAA"`), points,
    /// sizes and rects as tables.
    static func pushRuntimeValue(_ L: OpaquePointer, _ v: IBRuntimeValue, traits: Traits) {
        switch v {
        case .number(let d): Value.pushNumber(L, d)
        case .bool(let b): Value.pushBool(L, b)
        case .string(let s): Value.pushString(L, s)
        case .color(let c): Value.pushString(L, c.resolve(traits).hex)
        case .point(let x, let y):
            lua_createtable(L, 0, 2)
            Push.field(L, "x") { Value.pushNumber(L, x) }
            Push.field(L, "y") { Value.pushNumber(L, y) }
        case .size(let w, let h):
            lua_createtable(L, 0, 2)
            Push.field(L, "width") { Value.pushNumber(L, w) }
            Push.field(L, "height") { Value.pushNumber(L, h) }
        case .rect(let r): Push.frame(L, r)
        case .nil_: lua_pushnil(L)
        }
    }
}

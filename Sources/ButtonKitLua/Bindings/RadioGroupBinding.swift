import ButtonKit
import CLuaShim

/// Radio groups in Lua (seed 004).
enum RadioGroupBinding {
    static let binding = ObjectBinding<RadioGroup>(
        kind: .radioGroup,
        fields: ContainerBridge.fields(kind: "radioGroup") + [
            FieldSpec("value", get: { L, g in Push.radioValue(L, g.value) }, hint: "use group:select(value)"),
            FieldSpec("selected", get: { L, g in if let b = g.selected { Identity.pushControl(L, b) } else { lua_pushnil(L) } },
                      hint: "use group:select(value)"),
            FieldSpec("allowsEmpty", get: { L, g in Value.pushBool(L, g.allowsEmpty) },
                      set: { L, g, i in g.allowsEmpty = try Read.bool(L, i) }),
        ],
        methods: ContainerBridge.methods + [
            MethodSpec("add") { L in Host.run(L, RadioGroupBinding.add) },
            MethodSpec("button") { L in Host.run(L, RadioGroupBinding.button) },
            MethodSpec("select") { L in Host.run(L, RadioGroupBinding.select) },
            MethodSpec("save") { L in Host.run(L, RadioGroupBinding.save) },
            MethodSpec("restore") { L in Host.run(L, RadioGroupBinding.restore) },
        ],
        summary: { g in "<radioGroup \(g.id) value=\(g.value?.description ?? "nil") \(g.buttons.count) options>" })

    static func this(_ L: OpaquePointer, _ n: String) throws(BridgeError) -> RadioGroup {
        try Binding.object(L, 1, [.radioGroup], n)
    }

    /// `ui.radioGroup { id =, options = { ... }, style =, allowsEmpty =, value = }`:
    /// options as a list under `options` and/or in the array part.
    /// `ui.radioGroup`'s options beyond every container's.
    static let ownKeys = ["options", "allowsEmpty", "value"]

    static func make(_ L: OpaquePointer, _ t: LuaTable) throws -> Int32 {
        let (g, gIdx) = try ContainerBridge.open(L, t, kind: .radioGroup, keys: ownKeys) { RadioGroup(id: $0) }
        if let on = try t.read("allowsEmpty", Read.bool) { g.allowsEmpty = on }
        var lists: [Int32] = []
        if t.push("options") != LUA_TNIL {
            guard lua_type(L, -1) == LUA_TTABLE else { throw BridgeError.value("options must be a list of option tables") }
            lists.append(lua_gettop(L))
        } else { bk_pop(L, 1) }
        lists.append(t.index)
        for list in lists {
            let n = Int(lua_rawlen(L, list))
            for i in stride(from: 1, through: n, by: 1) {
                lua_rawgeti(L, list, lua_Integer(i))
                do { try addMember(L, g, gIdx: gIdx, itemIdx: -1, value: nil) } catch let e as BridgeError { throw e.within("option #\(i)") }
                bk_pop(L, 2)
            }
        }
        if let v = try t.read("value", Read.radioValue) {
            do { try Host.firing(L) { try g.select(v) } } catch let e as ButtonKitError { throw BridgeError.model(e).within("value") }
        }
        Footprint.recount(L, gIdx, g)
        lua_settop(L, gIdx)
        return 1
    }

    /// Adds a member to the group (at stack index `gIdx`): an existing button
    /// at `itemIdx`, or an options table that makes a new one; leaves the
    /// member on the stack. `value` (if not nil) overrides the option's
    /// `value` or the button's `info`.
    static func addMember(_ L: OpaquePointer, _ g: RadioGroup, gIdx: Int32, itemIdx: Int32, value: RadioValue?) throws {
        var v = value
        try ContainerBridge.addMember(L, ownerIdx: gIdx, itemIdx: itemIdx, kinds: [.button, .sortButton],
                                      expected: "button or table of button options", make: { t in
            let b = try ButtonBinding.make(L, t, sort: false, extraKeys: ["value"])
            if v == nil { v = try t.read("value", Read.radioValue) }
            return b
        }, attach: { b in try g.add(b, value: v) })
    }

    static func add(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "add")
        let a = Args(L, "add", method: true)
        let v: RadioValue? = a.isNone(2) ? nil : try a.conv(2, Read.radioValue)
        do { try addMember(L, g, gIdx: 1, itemIdx: a.index(1), value: v) } catch let e as BridgeError { throw e.at(argument: 1, of: "add") }
        Footprint.recount(L, 1, g)
        return 1
    }

    static func button(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "button")
        let v = try Args(L, "button", method: true).conv(1, Read.radioValue)
        if let b = g.button(for: v) { Identity.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    static func select(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "select")
        let a = Args(L, "select", method: true)
        if a.isNone(1) {
            try Host.firing(L) { try g.clear() }
        } else {
            let v = try a.conv(1, Read.radioValue)
            do { try Host.firing(L) { try g.select(v) } } catch let e as ButtonKitError { throw a.bad(1, e.message) }
        }
        lua_settop(L, 1)
        return 1
    }


    static func save(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "save")
        let a = Args(L, "save", method: true)
        let s: Store = try Binding.object(L, a.index(1), [.store], "save")
        try g.save(to: s, key: a.isNone(2) ? nil : try a.exactString(2))
        lua_settop(L, 1)
        return 1
    }

    static func restore(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "restore")
        let a = Args(L, "restore", method: true)
        let s: Store = try Binding.object(L, a.index(1), [.store], "restore")
        let key = a.isNone(2) ? nil : try a.exactString(2)
        let r = try Host.firing(L) { try g.restore(from: s, key: key) }
        Value.pushBool(L, r.ok)
        if let why = r.reason { Value.pushString(L, why); return 2 }
        return 1
    }
}

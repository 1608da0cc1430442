import ButtonKit
import CLuaShim

/// Radio groups in Lua (seed 004).
enum RadioGroupBinding {
    static let fields = ["id", "buttons", "value", "selected", "allowsEmpty", "kind"]
    static let methods: [Binding.Method] = [
        ("add", { L in Host.run(L, RadioGroupBinding.add) }, -1),
        ("button", { L in Host.run(L, RadioGroupBinding.button) }, -1),
        ("select", { L in Host.run(L, RadioGroupBinding.select) }, -1),
        ("clear", { L in Host.run(L, RadioGroupBinding.clear) }, -1),
        ("on", { L in Host.run(L, RadioGroupBinding.on) }, -1),
        ("off", { L in Host.run(L, RadioGroupBinding.off) }, -1),
        ("save", { L in Host.run(L, RadioGroupBinding.save) }, -1),
        ("restore", { L in Host.run(L, RadioGroupBinding.restore) }, -1),
    ]

    static func install(_ L: OpaquePointer, _ ctx: LuaContext) {
        Binding.makeMetatable(L, ctx, kind: .radioGroup, methods: RadioGroupBinding.methods, fields: RadioGroupBinding.fields,
                              getter: { L, obj, f in Host.field(L, obj) { L, obj in try RadioGroupBinding.get(L, obj, f) } },
                              setter: { L, obj, f in Host.field(L, obj) { L, obj in try RadioGroupBinding.set(L, obj, f) } },
                              tostring: { L in Host.run(L) { L in
                                  let g = try RadioGroupBinding.this(L, "__tostring")
                                  Value.pushString(L, "<radioGroup \(g.id) value=\(g.value?.description ?? "nil") \(g.buttons.count) options>")
                                  return 1
                              } })
    }

    static func this(_ L: OpaquePointer, _ n: String) throws(BridgeError) -> RadioGroup {
        try Binding.object(L, 1, [.radioGroup], n, as: RadioGroup.self)
    }

    static func get(_ L: OpaquePointer, _ obj: UnsafeMutableRawPointer, _ f: Int32) throws -> Int32 {
        let g = Unmanaged<RadioGroup>.fromOpaque(obj).takeUnretainedValue()
        switch f {
        case 0: Value.pushString(L, g.id)
        case 1: Binding.pushButtons(L, g.buttons)
        case 2: Convert.pushRadioValue(L, g.value)
        case 3: if let b = g.selected { Binding.pushControl(L, b) } else { lua_pushnil(L) }
        case 4: lua_pushboolean(L, g.allowsEmpty ? 1 : 0)
        case 5: Value.pushString(L, "radioGroup")
        default: throw Binding.unknownField(L, kind: "radioGroup", fields: fields, methods: methods.map(\.name))
        }
        return 1
    }

    static func set(_ L: OpaquePointer, _ obj: UnsafeMutableRawPointer, _ f: Int32) throws -> Int32 {
        let g = Unmanaged<RadioGroup>.fromOpaque(obj).takeUnretainedValue()
        if f == -2 { throw Binding.assignMethod(L, kind: "radioGroup") }
        guard f >= 0 else { throw Binding.unknownField(L, kind: "radioGroup", fields: fields, methods: methods.map(\.name)) }
        switch f {
        case 4:
            guard lua_type(L, 3) == LUA_TBOOLEAN else { throw BridgeError("bad value for field 'allowsEmpty' of radioGroup (boolean expected, got \(Value.typeName(L, 3)))") }
            g.allowsEmpty = lua_toboolean(L, 3) != 0
        case 2:
            throw BridgeError("field 'value' of radioGroup is read-only; use group:select(value)")
        default: throw Binding.readOnly(L, kind: "radioGroup")
        }
        return 0
    }

    /// Adds a member to the group (at stack index `gIdx`): an existing button
    /// at `itemIdx`, or an options table that makes a new one. `value` (if
    /// not nil) overrides the option's value or the button's info.
    static func addMember(_ L: OpaquePointer, _ g: RadioGroup, gIdx: Int32, itemIdx: Int32, value: RadioValue?, fail: (String) -> BridgeError) throws {
        let item = lua_absindex(L, itemIdx)
        var v = value
        let b: Button
        if lua_type(L, item) == LUA_TTABLE {
            b = try UIModule.makeButton(L, item, sort: false, extraKeys: ["value"], fail: fail)
            if v == nil, Convert.rawField(L, item, "value") != LUA_TNIL {
                do { v = try Convert.radioValue(L, -1) } catch { throw fail(error.message) }
            }
            lua_settop(L, -2)
        } else if let x = try? Binding.object(L, item, [.button, .sortButton], "add", as: Button.self) {
            b = x
        } else {
            throw fail("button or table of button options expected, got \(Value.typeName(L, item))")
        }
        do { try Host.firing(L) { try g.add(b, value: v) } } catch let e as ButtonKitError { throw fail(e.message) }
        Binding.pushControl(L, b)
        Binding.adopt(L, owner: gIdx, child: -1)
    }

    static func add(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "add")
        let a = Args(L, "add", method: true)
        let v: RadioValue? = a.isNone(2) ? nil : try a.conv(2, Convert.radioValue)
        try addMember(L, g, gIdx: 1, itemIdx: a.index(1), value: v) { a.bad(1, $0) }
        return 1
    }

    static func button(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "button")
        let v = try Args(L, "button", method: true).conv(1, Convert.radioValue)
        if let b = g.button(for: v) { Binding.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    static func select(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "select")
        let a = Args(L, "select", method: true)
        if a.isNone(1) {
            try Host.firing(L) { try g.clear() }
        } else {
            let v = try a.conv(1, Convert.radioValue)
            do { try Host.firing(L) { try g.select(v) } } catch let e as ButtonKitError { throw a.bad(1, e.message) }
        }
        lua_settop(L, 1)
        return 1
    }

    static func clear(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "clear")
        try Host.firing(L) { try g.clear() }
        lua_settop(L, 1)
        return 1
    }

    /// `on("valueChanged", fn)` for containers: the only event they send.
    static func checkValueChanged(_ a: Args) throws(BridgeError) {
        let ev = try a.conv(1, Convert.events)
        guard ev == .valueChanged else {
            throw a.bad(1, "only 'valueChanged' is sent by this control, got '\(ev.description)'")
        }
        try a.function(2)
    }

    static func on(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "on")
        let a = Args(L, "on", method: true)
        try checkValueChanged(a)
        return Binding.addHandler(L, fnIndex: a.index(2)) { fire in
            g.on { group in try fire(group, nil) }
        }
    }

    static func off(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "off")
        let token = try Args(L, "off", method: true).integer(1)
        return Binding.dropHandler(L, token: token) { g.off($0) }
    }

    static func save(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "save")
        let a = Args(L, "save", method: true)
        let s = try Binding.object(L, a.index(1), [.store], "save", as: Store.self)
        let key = try a.optString(2)
        try g.save(to: s, key: key)
        lua_settop(L, 1)
        return 1
    }

    static func restore(_ L: OpaquePointer) throws -> Int32 {
        let g = try this(L, "restore")
        let a = Args(L, "restore", method: true)
        let s = try Binding.object(L, a.index(1), [.store], "restore", as: Store.self)
        let key = try a.optString(2)
        let r = try Host.firing(L) { try g.restore(from: s, key: key) }
        lua_pushboolean(L, r.ok ? 1 : 0)
        if let why = r.reason { Value.pushString(L, why); return 2 }
        return 1
    }
}

import ButtonKit
import CLuaShim

/// Sort bars in Lua (seed 001), including the stable sort of records.
enum SortBarBinding {
    static let fields = ["id", "buttons", "selected", "key", "direction", "kind"]
    static let methods: [Binding.Method] = [
        ("add", { L in Host.run(L, SortBarBinding.add) }, -1),
        ("button", { L in Host.run(L, SortBarBinding.button) }, -1),
        ("select", { L in Host.run(L, SortBarBinding.select) }, -1),
        ("clear", { L in Host.run(L, SortBarBinding.clear) }, -1),
        ("sort", { L in Host.run(L, SortBarBinding.sort) }, -1),
        ("comparator", { L in Host.run(L, SortBarBinding.comparator) }, -1),
        ("on", { L in Host.run(L, SortBarBinding.on) }, -1),
        ("off", { L in Host.run(L, SortBarBinding.off) }, -1),
    ]

    static func install(_ L: OpaquePointer, _ ctx: LuaContext) {
        Binding.makeMetatable(L, ctx, kind: .sortBar, methods: SortBarBinding.methods, fields: SortBarBinding.fields,
                              getter: { L, obj, f in Host.field(L, obj) { L, obj in try SortBarBinding.get(L, obj, f) } },
                              setter: { L, _, f in Host.run(L) { L in
                                  if f == -2 { throw Binding.assignMethod(L, kind: "sortBar") }
                                  if f < 0 { throw Binding.unknownField(L, kind: "sortBar", fields: SortBarBinding.fields, methods: SortBarBinding.methods.map(\.name)) }
                                  throw Binding.readOnly(L, kind: "sortBar")
                              } },
                              tostring: { L in Host.run(L) { L in
                                  let b = try SortBarBinding.this(L, "__tostring")
                                  Value.pushString(L, "<sortBar \(b.id) \(b.key ?? "none") \(b.direction.rawValue)>")
                                  return 1
                              } })
    }

    static func this(_ L: OpaquePointer, _ n: String) throws(BridgeError) -> SortBar {
        try Binding.object(L, 1, [.sortBar], n, as: SortBar.self)
    }

    static func get(_ L: OpaquePointer, _ obj: UnsafeMutableRawPointer, _ f: Int32) throws -> Int32 {
        let bar = Unmanaged<SortBar>.fromOpaque(obj).takeUnretainedValue()
        switch f {
        case 0: Value.pushString(L, bar.id)
        case 1: Binding.pushButtons(L, bar.buttons)
        case 2: if let s = bar.selected { Binding.pushControl(L, s) } else { lua_pushnil(L) }
        case 3: if let k = bar.key { Value.pushString(L, k) } else { lua_pushnil(L) }
        case 4: Value.pushString(L, bar.direction.rawValue)
        case 5: Value.pushString(L, "sortBar")
        default: throw Binding.unknownField(L, kind: "sortBar", fields: fields, methods: methods.map(\.name))
        }
        return 1
    }

    /// Adds an item (an existing sort button or a table of its options) to
    /// the bar at `barIdx`, leaving the button on the stack.
    static func addItem(_ L: OpaquePointer, _ bar: SortBar, barIdx: Int32, itemIdx: Int32, fail: (String) -> BridgeError) throws {
        let item = lua_absindex(L, itemIdx)
        let s: SortButton
        if lua_type(L, item) == LUA_TTABLE {
            s = unsafeDowncast(try UIModule.makeButton(L, item, sort: true, extraKeys: [], fail: fail), to: SortButton.self)
        } else if let x = try? Binding.object(L, item, [.sortButton], "add", as: SortButton.self) {
            s = x
        } else {
            throw fail("sort button or table of its options expected, got \(Value.typeName(L, item))")
        }
        do { try bar.add(s) } catch { throw fail(error.message) }
        Binding.pushControl(L, s)
        Binding.adopt(L, owner: barIdx, child: -1)
    }

    static func add(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "add")
        let a = Args(L, "add", method: true)
        try addItem(L, bar, barIdx: 1, itemIdx: a.index(1)) { a.bad(1, $0) }
        return 1
    }

    static func button(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "button")
        let key = try Args(L, "button", method: true).string(1)
        if let b = bar.button(forKey: key) { Binding.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    static func select(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "select")
        let a = Args(L, "select", method: true)
        let key = try a.string(1)
        var d: SortDirection?
        if !a.isNone(2) {
            let name = try a.string(2)
            d = try a.wrap(2) { () throws(ButtonKitError) in try SortDirection(parsing: name) }
        }
        do { try Host.firing(L) { try bar.select(key, direction: d) } } catch let e as ButtonKitError { throw a.bad(1, e.message) }
        lua_settop(L, 1)
        return 1
    }

    static func clear(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "clear")
        try Host.firing(L) { try bar.clear() }
        lua_settop(L, 1)
        return 1
    }

    /// The sort key of the record at stack index `r` under `key`.
    static func sortKey(_ L: OpaquePointer, _ r: Int32, _ key: String, index: Int) throws(ConvertError) -> SortKey? {
        guard lua_type(L, r) == LUA_TTABLE else { throw ConvertError("record #\(index) is a \(Value.typeName(L, r)), not a table") }
        defer { lua_settop(L, -2) }
        switch Convert.rawField(L, r, key) {
        case LUA_TNIL: return nil
        case LUA_TNUMBER: return .number(lua_tonumberx(L, -1, nil))
        case LUA_TSTRING: return .string(Value.string(L, -1)!)
        default: throw ConvertError("cannot sort record #\(index): its '\(key)' is a \(Value.typeName(L, -1)), not a number or string")
        }
    }

    static func sort(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "sort")
        let a = Args(L, "sort", method: true)
        try a.table(1)
        let t = a.index(1)
        let n = Int(lua_rawlen(L, t))
        var keys: [SortKey?] = []
        keys.reserveCapacity(n)
        if let key = bar.key, n > 0 {
            for i in 1...n {
                lua_rawgeti(L, t, lua_Integer(i))
                let k = try a.conv(1) { L, _ throws(ConvertError) in try sortKey(L, lua_gettop(L), key, index: i) }
                lua_settop(L, -2)
                keys.append(k)
            }
        } else {
            keys = Array(repeating: nil, count: n)
        }
        let order = try a.wrap(1) { () throws(ButtonKitError) in try bar.sortedIndices(keys) }
        lua_createtable(L, Int32(n), 0)
        for (pos, i) in order.enumerated() {
            lua_rawgeti(L, t, lua_Integer(i + 1))
            lua_rawseti(L, -2, lua_Integer(pos + 1))
        }
        return 1
    }

    /// Returns `function(a, b)` for `table.sort` (not stable; `bar:sort` is).
    static func comparator(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "comparator")
        if let k = bar.key { Value.pushString(L, k) } else { lua_pushnil(L) }
        lua_pushboolean(L, bar.direction == .descending ? 1 : 0)
        bk_pushhostfn(L, { L in Host.run(L, SortBarBinding.compare) }, 2)
        return 1
    }

    static func compare(_ L: OpaquePointer) throws -> Int32 {
        guard let key = Value.string(L, bk_upvalueindex(2)) else { lua_pushboolean(L, 0); return 1 }
        let descending = lua_toboolean(L, bk_upvalueindex(3)) != 0
        let a = Args(L, "comparator", method: false)
        let x = try a.conv(1) { L, i throws(ConvertError) in lua_pushvalue(L, i); let k = try sortKey(L, lua_gettop(L), key, index: 1); lua_settop(L, -2); return k }
        let y = try a.conv(2) { L, i throws(ConvertError) in lua_pushvalue(L, i); let k = try sortKey(L, lua_gettop(L), key, index: 2); lua_settop(L, -2); return k }
        var r = false
        switch (x, y) {
        case (nil, _): r = false
        case (_, nil): r = true
        case let (p?, q?):
            r = try a.wrap(1) { () throws(ButtonKitError) in descending ? try q.less(than: p) : try p.less(than: q) }
        }
        lua_pushboolean(L, r ? 1 : 0)
        return 1
    }

    static func on(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "on")
        let a = Args(L, "on", method: true)
        try RadioGroupBinding.checkValueChanged(a)
        return Binding.addHandler(L, fnIndex: a.index(2)) { fire in
            bar.on { b in try fire(b, nil) }
        }
    }

    static func off(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "off")
        let token = try Args(L, "off", method: true).integer(1)
        return Binding.dropHandler(L, token: token) { bar.off($0) }
    }
}

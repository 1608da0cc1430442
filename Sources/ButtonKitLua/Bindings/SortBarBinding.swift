import ButtonKit
import CLuaShim

/// Sort bars in Lua (seed 001), including the stable sort of records.
enum SortBarBinding {
    static let binding = ObjectBinding<SortBar>(
        kind: .sortBar,
        fields: ContainerBridge.fields(kind: "sortBar") + [
            FieldSpec("selected", get: { L, b in if let s = b.selected { Identity.pushControl(L, s) } else { lua_pushnil(L) } },
                      hint: "use bar:select(key)"),
            FieldSpec("key", get: { L, b in if let k = b.key { Value.pushString(L, k) } else { lua_pushnil(L) } }, hint: "use bar:select(key)"),
            FieldSpec("direction", get: { L, b in Value.pushString(L, b.direction.rawValue) }, hint: "use bar:select(key, direction)"),
        ],
        methods: ContainerBridge.methods + [
            MethodSpec("add") { L in Host.run(L, SortBarBinding.add) },
            MethodSpec("button") { L in Host.run(L, SortBarBinding.button) },
            MethodSpec("select") { L in Host.run(L, SortBarBinding.select) },
            MethodSpec("sort") { L in Host.run(L, SortBarBinding.sort) },
            MethodSpec("comparator") { L in Host.run(L, SortBarBinding.comparator) },
        ],
        summary: { b in "<sortBar \(b.id) key=\(b.key ?? "nil") direction=\(b.direction.rawValue)>" })

    static func this(_ L: OpaquePointer, _ n: String) throws(BridgeError) -> SortBar {
        try Binding.object(L, 1, [.sortBar], n)
    }

    /// `ui.sortBar { id =, style =, { key = "price" }, ... }`.
    static func make(_ L: OpaquePointer, _ t: LuaTable) throws -> Int32 {
        let (bar, barIdx) = try ContainerBridge.open(L, t, kind: .sortBar, keys: []) { SortBar(id: $0) }
        for i in stride(from: 1, through: t.count, by: 1) {
            lua_rawgeti(L, t.index, lua_Integer(i))
            do { try addItem(L, bar, barIdx: barIdx, itemIdx: -1) } catch let e as BridgeError { throw e.within("item #\(i)") }
            bk_pop(L, 2)
        }
        Footprint.recount(L, barIdx, bar)
        lua_settop(L, barIdx)
        return 1
    }

    /// Adds an item (an existing sort button or a table of its options) to
    /// the bar at `barIdx`, leaving the button on the stack.
    static func addItem(_ L: OpaquePointer, _ bar: SortBar, barIdx: Int32, itemIdx: Int32) throws {
        try ContainerBridge.addMember(L, ownerIdx: barIdx, itemIdx: itemIdx, kinds: [.sortButton],
                                      expected: "sort button or table of its options", make: { t in
            unsafeDowncast(try ButtonBinding.make(L, t, sort: true), to: SortButton.self)
        }, attach: { s in try bar.add(s) })
    }

    static func add(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "add")
        do { try addItem(L, bar, barIdx: 1, itemIdx: 2) } catch let e as BridgeError { throw e.at(argument: 1, of: "add") }
        return 1
    }

    static func button(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "button")
        let a = Args(L, "button", method: true)
        _ = try a.string(1)
        // Keys are valid UTF-8, so other bytes find nothing.
        if let key = Value.exactString(L, a.index(1)), let b = bar.button(forKey: key) { Identity.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    static func select(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "select")
        let a = Args(L, "select", method: true)
        let key = try a.exactString(1)
        let d: SortDirection? = a.isNone(2) ? nil : try a.conv(2, ButtonBinding.direction)
        do { try Host.firing(L) { try bar.select(key, direction: d) } } catch let e as ButtonKitError { throw a.bad(1, e.message) }
        lua_settop(L, 1)
        return 1
    }


    /// The sort key of the record at stack index `r` under `key`.
    static func sortKey(_ L: OpaquePointer, _ r: Int32, _ key: String, index: Int) throws(BridgeError) -> SortKey? {
        guard lua_type(L, r) == LUA_TTABLE else { throw .value("record #\(index) is a \(Value.typeName(L, r)), not a table") }
        Value.pushString(L, key)
        defer { bk_pop(L, 1) }
        switch lua_rawget(L, r) {
        case LUA_TNIL: return nil
        case LUA_TNUMBER: return .number(lua_tonumberx(L, -1, nil))
        case LUA_TSTRING: return .string(Value.string(L, -1) ?? "")
        default: throw .value("cannot sort record #\(index): its '\(key)' is a \(Value.typeName(L, -1)), not a number or string")
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
        for i in stride(from: 1, through: n, by: 1) {
            if let key = bar.key {
                lua_rawgeti(L, t, lua_Integer(i))
                keys.append(try a.conv(1) { L, _ throws(BridgeError) in try sortKey(L, lua_gettop(L), key, index: i) })
                bk_pop(L, 1)
            } else {
                keys.append(nil)
            }
        }
        let order = try a.wrap(1) { () throws(ButtonKitError) in try bar.sortedIndices(keys) }
        lua_createtable(L, Int32(n), 0)
        for (pos, i) in order.enumerated() {
            lua_rawgeti(L, t, lua_Integer(i + 1))
            lua_rawseti(L, -2, lua_Integer(pos + 1))
        }
        return 1
    }

    /// Returns `function(a, b)` for `table.sort`, frozen at the bar's current
    /// key and direction (not stable; `bar:sort` is).
    static func comparator(_ L: OpaquePointer) throws -> Int32 {
        let bar = try this(L, "comparator")
        if let k = bar.key { Value.pushString(L, k) } else { lua_pushnil(L) }
        Value.pushString(L, bar.direction.rawValue)
        bk_pushhostfn(L, { L in Host.run(L, SortBarBinding.compare) }, 2)
        return 1
    }

    static func compare(_ L: OpaquePointer) throws -> Int32 {
        guard let key = Value.string(L, bk_upvalueindex(2)) else { Value.pushBool(L, false); return 1 }
        let direction = SortDirection(rawValue: Value.string(L, bk_upvalueindex(3)) ?? "") ?? .ascending
        let a = Args(L, "comparator", method: false)
        let x = try a.conv(1) { L, i throws(BridgeError) in try sortKey(L, i, key, index: 1) }
        let y = try a.conv(2) { L, i throws(BridgeError) in try sortKey(L, i, key, index: 2) }
        Value.pushBool(L, try a.wrap(1) { () throws(ButtonKitError) in try SortBar.before(x, y, direction: direction) })
        return 1
    }
}

import ButtonKit
import CLuaShim

/// `ui.store(path)`: get/set/delete/keys over an atomic JSON file.
enum StoreBinding {
    static func install(_ L: OpaquePointer, _ ctx: LuaContext) {
        let methods: [Binding.Method] = [
            ("get", { L in Host.run(L, StoreBinding.get) }, -1),
            ("set", { L in Host.run(L, StoreBinding.set) }, -1),
            ("delete", { L in Host.run(L, StoreBinding.delete) }, -1),
            ("keys", { L in Host.run(L, StoreBinding.keys) }, -1),
        ]
        Binding.makeMetatable(L, ctx, kind: .store, methods: methods, fields: ["path"],
                              getter: { L, obj, f in Host.field(L, obj) { L, obj in
                                  let s = Unmanaged<Store>.fromOpaque(obj).takeUnretainedValue()
                                  guard f == 0 else { throw Binding.unknownField(L, kind: "store", fields: ["path"], methods: ["get", "set", "delete", "keys"]) }
                                  Value.pushString(L, s.path)
                                  return 1
                              } },
                              setter: { L, _, _ in Host.run(L) { L in throw Binding.readOnly(L, kind: "store") } },
                              tostring: { L in Host.run(L) { L in
                                  let s = try Binding.object(L, 1, [.store], "__tostring", as: Store.self)
                                  Value.pushString(L, "<store \(s.path)>")
                                  return 1
                              } })
    }

    static func this(_ L: OpaquePointer, _ n: String) throws(BridgeError) -> Store {
        try Binding.object(L, 1, [.store], n, as: Store.self)
    }

    static func get(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "get")
        let key = try Args(L, "get", method: true).string(1)
        if let v = s.get(key) { Convert.pushJSON(L, v) } else { lua_pushnil(L) }
        return 1
    }

    static func set(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "set")
        let a = Args(L, "set", method: true)
        let key = try a.string(1)
        let v: JSONValue? = a.isNone(2) ? nil : try a.conv(2) { L, i throws(ConvertError) in try Convert.json(L, i) }
        try s.set(key, v)
        lua_settop(L, 1)
        return 1
    }

    static func delete(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "delete")
        try s.delete(try Args(L, "delete", method: true).string(1))
        lua_settop(L, 1)
        return 1
    }

    static func keys(_ L: OpaquePointer) throws -> Int32 {
        Binding.pushList(L, try this(L, "keys").keys)
        return 1
    }
}

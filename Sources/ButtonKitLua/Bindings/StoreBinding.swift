import ButtonKit
import CLuaShim

/// `ui.store(path)`: get/set/delete/keys over an atomic JSON file.
enum StoreBinding {
    static let binding = ObjectBinding<Store>(
        kind: .store,
        fields: [FieldSpec("path", get: { L, s in Value.pushString(L, s.path) })],
        methods: [
            MethodSpec("get") { L in Host.run(L, StoreBinding.get) },
            MethodSpec("set") { L in Host.run(L, StoreBinding.set) },
            MethodSpec("delete") { L in Host.run(L, StoreBinding.delete) },
            MethodSpec("keys") { L in Host.run(L, StoreBinding.keys) },
        ],
        summary: { s in "<store \(s.path)>" })


    static func this(_ L: OpaquePointer, _ n: String) throws(BridgeError) -> Store {
        try confined(L, try Binding.object(L, 1, [.store], n), n)
    }

    /// `store`, after its path is checked again. The check at `ui.store`
    /// is not enough: the script may rename folders afterwards, and a
    /// relative link moved elsewhere in the tree can then lead the same
    /// path outside. Every access reads or writes the file, so every access
    /// is checked.
    static func confined(_ L: OpaquePointer, _ store: Store, _ n: String) throws(BridgeError) -> Store {
        _ = try LuaContext.of(L).allowedPath(store.path, "store:" + n)
        return store
    }

    /// `ui.store(path)`: inside the working tree when sandboxed.
    static func make(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "store", method: false)
        let path = try a.exactString(1)
        do { _ = try LuaContext.of(L).allowedPath(path, "ui.store") } catch { throw error.at(argument: 1, of: "store") }
        let s = try a.wrap(1) { () throws(ButtonKitError) in try Store(path: path) }
        Identity.push(L, s, kind: .store)
        return 1
    }

    static func get(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "get")
        let a = Args(L, "get", method: true)
        _ = try a.string(1)
        // A key that is not UTF-8 cannot have been stored: nothing is under it.
        if let key = Value.exactString(L, a.index(1)), let v = try s.get(key) { Push.json(L, v) } else { lua_pushnil(L) }
        return 1
    }

    static func set(_ L: OpaquePointer) throws -> Int32 {
        // The value is read before the path is checked: reading a table
        // can run a hook or a finalizer, which could move a folder between
        // the check and the write. From the check on, no Lua runs.
        let store: Store = try Binding.object(L, 1, [.store], "set")
        let a = Args(L, "set", method: true)
        let key = try a.exactString(1)
        let v: JSONValue? = a.isNone(2) ? nil : try a.conv(2, Read.json)
        let s = try confined(L, store, "set")
        try s.set(key, v)
        Footprint.recount(L, 1, s)
        lua_settop(L, 1)
        return 1
    }

    static func delete(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "delete")
        try s.delete(try Args(L, "delete", method: true).exactString(1))
        Footprint.recount(L, 1, s)
        lua_settop(L, 1)
        return 1
    }

    static func keys(_ L: OpaquePointer) throws -> Int32 {
        Value.pushList(L, try this(L, "keys").keys())
        return 1
    }
}

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
        try Binding.object(L, 1, [.store], n)
    }

    /// `ui.store(path)`: inside the working tree when sandboxed. The
    /// store's folder is opened again for every access, beneath the tree
    /// (`LuaContext.keptFile`): the script may rename folders after
    /// `ui.store`, and a relative link moved elsewhere in the tree could
    /// then lead the same path outside.
    static func make(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "store", method: false)
        let path = try a.exactString(1)
        let ctx = LuaContext.of(L)
        if path.isEmpty {
            throw a.bad(1, "a file name expected, got an empty string (or \"\(Store.memoryPath)\" for a store in memory)")
        }
        if path == Store.memoryPath {
            // In memory only: no file, so nothing for the sandbox to check.
            Identity.push(L, Store(memory: ()), kind: .store)
            return 1
        }
        let s = try a.wrap(1) { () throws(ButtonKitError) in
            // Opening makes the folders the path names when they are missing
            // (inside the tree when sandboxed), as a user of
            // `ui.store("data/prefs.json")` in a fresh clone expects; not
            // through `..` (`made/../x.json` fails as open(2) would), and
            // later accesses find them or fail.
            let folder = PathText.directory(of: path)
            let makes = !path.split(separator: "/").contains("..") && !Files.exists(folder)
            return try Store(path: path) { [unowned ctx] operation throws(ButtonKitError) in
                try ctx.keptFile(path, operation.map { "store:" + $0 } ?? "ui.store", makingFolders: makes && operation == nil).0
            }
        }
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
        // The value is read before the store's folder is opened: reading a
        // table can run a hook or a finalizer. From the opening on, no Lua
        // runs.
        let s = try this(L, "set")
        let a = Args(L, "set", method: true)
        let key = try a.exactString(1)
        let v: JSONValue? = a.isNone(2) ? nil : try a.conv(2, Read.json)
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

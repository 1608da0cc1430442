import ButtonKit
import ButtonKitCode
import ButtonKitIB
import CLuaShim

/// `ui.load(path [, { assets =, classes = }])` and `ui.assets(path)`: the
/// app's own storyboards, XIBs and asset catalogs, read through the run's
/// confinement, become screens, controls and colour names.
enum LoadBinding {
    /// `ui.load`: the document, with every screen, control and group given
    /// its Lua value now, each keeping the others alive (a script holding
    /// one control keeps its screen and document, so its traits, handlers
    /// and file details stay). Its catalogs' colours become colour names.
    static func load(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "load", method: false)
        let path = try a.exactString(1)
        let ctx = LuaContext.of(L)
        var o = ctx.fileOptions("ui.load")
        var exclude: [String] = []
        if !a.isNone(2) {
            try a.table(2)
            do { try readOptions(L, a.index(2), into: &o, exclude: &exclude) } catch let e as BridgeError { throw e.at(argument: 2, of: "load") }
        }
        // The file and its parsed elements fit in what the ceiling has left,
        // or the load is refused before the kernel's floor refuses Swift.
        let limit = bk_memory_limit(L), used = bk_memory_used(L)
        if limit > 0 { o.memoryBudget = limit > used ? Int(limit - used) : 0 }
        let doc: IBDocument
        if path.hasSuffix(".swift") || o.isDirectory(path) {
            // The app's own code (and, for a folder, its storyboards and XIBs joined).
            var co = ctx.codeOptions("ui.load", ib: o)
            if !exclude.isEmpty {
                let matcher = try ExcludeMatcher(exclude)
                co.exclude = { p in matcher.excludes(p) }
            }
            do { (doc, _) = try CodeDocument.load(path: path, options: co) } catch {
                throw BridgeError("ui.load: \(error.description)")
            }
        } else {
            if !exclude.isEmpty { throw a.bad(2, "exclude applies to a folder load, not to a storyboard or XIB") }
            do { doc = try IBDocument.load(path: path, options: o) } catch {
                throw BridgeError("ui.load: \(error.description)")
            }
        }
        ctx.remember(doc)
        ctx.assetColors.merge(doc.colors)
        push(L, doc)
        return 1
    }

    /// `{ assets = PATH or { PATH, ... }, classes = { Name = "sortButton" },
    /// exclude = PATTERN or { PATTERN, ... } }`.
    static func readOptions(_ L: OpaquePointer, _ i: Int32, into o: inout IBLoadOptions, exclude: inout [String]) throws {
        let t = LuaTable(L, i, what: "load option")
        try t.onlyKeys(["assets", "classes", "exclude"])
        if let list = try t.read("exclude", { L, j throws(BridgeError) -> [String] in
            if let s = Value.exactString(L, j) { return [s] }
            guard lua_type(L, j) == LUA_TTABLE else {
                throw .value("exclude: a Lua pattern or a list of them expected, got \(Value.typeName(L, j))")
            }
            return try Read.stringList(L, j, what: "exclude patterns")
        }) {
            exclude = list
        }
        if let list = try t.read("assets", { L, j throws(BridgeError) -> [String] in
            if let s = Value.exactString(L, j) { return [s] }
            guard lua_type(L, j) == LUA_TTABLE else {
                throw .value("a catalog path or a list of them expected, got \(Value.typeName(L, j))")
            }
            return try Read.stringList(L, j, what: "catalog paths")
        }) {
            o.assetCatalogs = list
        }
        if t.push("classes") != LUA_TNIL {
            defer { bk_pop(L, 1) }
            let c = lua_gettop(L)
            guard lua_type(L, c) == LUA_TTABLE else {
                throw BridgeError.value("classes: a table like { CQSortButton = 'sortButton' } expected, got \(Value.typeName(L, c))")
            }
            var classes = IBLoadOptions.defaultClasses
            lua_pushnil(L)
            while true {
                let r = bk_pnext(L, c)
                if r < 0 { let m = Value.describe(L, -1); bk_pop(L, 1); throw BridgeError.value(m) }
                if r == 0 { break }
                guard lua_type(L, -2) == LUA_TSTRING, let name = Value.exactString(L, -2) else {
                    let k = Value.describe(L, -2); bk_pop(L, 2)
                    throw BridgeError.value("classes: keys are class names (strings), got \(k)")
                }
                let kinds = IBLoadOptions.ClassKind.allCases.map(\.rawValue)
                guard let v = Value.exactString(L, -1), let kind = IBLoadOptions.ClassKind(rawValue: v) else {
                    let got = lua_type(L, -1) == LUA_TSTRING ? "'\(Value.describe(L, -1))'" : Value.typeName(L, -1)
                    bk_pop(L, 2)
                    throw BridgeError.value("classes.\(name): one of \(kinds.map { "'\($0)'" }.joined(separator: ", ")) expected, got \(got)")
                }
                classes[name] = kind
                bk_pop(L, 1)
            }
            o.classes = classes
        }
    }

    /// Pushes the document and ties the Lua values together: the document
    /// keeps its screens and groups, each screen its controls and the
    /// document, each control its screen (one cycle, collected as one).
    static func push(_ L: OpaquePointer, _ doc: IBDocument) {
        Identity.push(L, doc, kind: .document)
        let d = lua_gettop(L)
        for scene in doc.scenes {
            Identity.push(L, scene.screen, kind: .screen)
            let s = lua_gettop(L)
            Identity.adopt(L, owner: d, child: s)
            Identity.adopt(L, owner: s, child: d)
            for b in scene.controls {
                Identity.pushControl(L, b)
                Identity.adopt(L, owner: s, child: -1)
                Identity.adopt(L, owner: -1, child: s)
                bk_pop(L, 1)
            }
            bk_pop(L, 1)
        }
        for g in doc.groups {
            Identity.push(L, g, kind: .radioGroup)
            Identity.adopt(L, owner: d, child: -1)
            Identity.adopt(L, owner: -1, child: d)
            bk_pop(L, 1)
        }
    }

    /// `ui.assets(path)`: every colour set of the catalog becomes a colour
    /// name (`ui.color("BrandPrimary")`, styles, configurations), resolved
    /// against the traits it is used under. Returns `{ path =, colors =,
    /// images = }` (names, sorted).
    static func assets(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "assets", method: false)
        let path = try a.exactString(1)
        let ctx = LuaContext.of(L)
        let colors: AssetColors, images: Set<String>
        do { (colors, images) = try AssetColors.load(catalog: path, options: ctx.fileOptions("ui.assets")) } catch {
            throw BridgeError("ui.assets: \(error.description)")
        }
        ctx.assetColors.merge(colors)
        lua_createtable(L, 0, 3)
        Push.field(L, "path") { Value.pushString(L, path) }
        Push.field(L, "colors") { Value.pushList(L, colors.names) }
        Push.field(L, "images") { Value.pushList(L, images.sorted()) }
        return 1
    }
}

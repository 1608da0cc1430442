import ButtonKit
import ButtonKitSVG
import CLuaShim

/// Loads the embedded Lua test framework (busted, luassert, say and the
/// ButtonKit assertions) into a context, and runs a spec file with it.
enum TestFramework {
    /// Module name → embedded source. `require "luassert.spy"` and friends
    /// return the same objects as the globals.
    static let modules: [(String, String)] = [
        ("say", EmbeddedLua.say),
        ("luassert", EmbeddedLua.luassert),
        ("busted", EmbeddedLua.busted),
        ("buttonkit.assertions", EmbeddedLua.assertions),
    ]

    static func install(in ctx: LuaContext) throws {
        guard let L = ctx.L else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        // The bootstrap receives the compiled modules and installs a searcher
        // for them after the file searchers, so a suite that ships its own
        // `say` or `luassert` (in ./src) tests its own copy, as with busted.
        let boot = EmbeddedLua.testing
        guard luaL_loadbufferx(L, boot, boot.utf8.count, "=[buttonkit testing]", "t") == LUA_OK else {
            throw LuaError.fromTop(L, status: LUA_ERRSYNTAX, context: ctx)
        }
        lua_createtable(L, 0, Int32(modules.count))
        for (name, source) in modules {
            Value.pushString(L, name)
            let status = luaL_loadbufferx(L, source, source.utf8.count, "=[buttonkit \(name)]", "t")
            if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: ctx) }
            lua_rawset(L, -3)
        }
        let status = bk_pcall_traceback(L, 1, 0)
        if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: ctx) }
    }

    /// Calls `require("busted").run(file, opts, host)`.
    static func runSpec(in ctx: LuaContext, file: String, options: TestOptions) throws {
        guard let L = ctx.L else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        // Fetch busted.run through package.loaded (set by the bootstrap).
        lua_rawgeti(L, bk_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        Value.pushString(L, "package"); lua_rawget(L, -2)
        Value.pushString(L, "loaded"); lua_rawget(L, -2)
        Value.pushString(L, "busted"); lua_rawget(L, -2)
        guard lua_type(L, -1) == LUA_TTABLE else { throw LuaError(kind: .runtime, message: "the test framework did not load") }
        Value.pushString(L, "run"); lua_rawget(L, -2)
        Value.pushString(L, file)
        if luaL_loadfilex(L, file, options.sandbox ? "t" : "bt") == LUA_OK {
            lua_pushnil(L)
        } else {
            lua_pushnil(L)
            lua_rotate(L, -2, 1)  // nil chunk, then the message
        }
        pushOptions(L, file: file, options)
        pushHost(L)
        ctx.limits.pointee.mem_exceeded = 0
        let status = bk_pcall_traceback(L, 5, 0)
        bk_set_timeout(L, 0)
        if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: ctx) }
    }

    static func pushOptions(_ L: OpaquePointer, file: String, _ o: TestOptions) {
        lua_createtable(L, 0, 16)
        func str(_ k: String, _ v: String) { Value.pushString(L, k); Value.pushString(L, v); lua_rawset(L, -3) }
        func num(_ k: String, _ v: Double) { Value.pushString(L, k); lua_pushnumber(L, v); lua_rawset(L, -3) }
        func int(_ k: String, _ v: Int) { Value.pushString(L, k); lua_pushinteger(L, lua_Integer(v)); lua_rawset(L, -3) }
        func bool(_ k: String, _ v: Bool) { Value.pushString(L, k); lua_pushboolean(L, v ? 1 : 0); lua_rawset(L, -3) }
        func list(_ k: String, _ v: [String]) { Value.pushString(L, k); Binding.pushList(L, v); lua_rawset(L, -3) }
        str("file", file)
        list("filter", o.filters); list("filter_out", o.filtersOut)
        list("tags", o.tags); list("exclude_tags", o.excludeTags)
        bool("shuffle", o.shuffle); int("seed", o.seed)
        bool("list", o.list); bool("fail_fast", o.failFast)
        int("shard_index", o.shard.index); int("shard_count", o.shard.count)
        num("timeout", o.timeout); int("max_memory", o.maxMemoryMB)
        bool("echo", o.echoOutput); bool("update_snapshots", o.updateSnapshots)
    }

    static func pushHost(_ L: OpaquePointer) {
        lua_createtable(L, 0, 8)
        let fns: [(String, bk_hostfn)] = [
            ("report", { L in Host.run(L, TestFramework.report) }),
            ("timeout", { L in Host.run(L) { L in
                bk_set_timeout(L, lua_type(L, 1) == LUA_TNUMBER ? lua_tonumberx(L, 1, nil) : 0)
                return 0
            } }),
            ("clock", { L in Host.run(L) { L in lua_pushnumber(L, bk_now()); return 1 } }),
            ("memory_exceeded", { L in Host.run(L) { L in lua_pushboolean(L, bk_memory_exceeded(L)); return 1 } }),
            ("read_file", { L in Host.run(L, TestFramework.readFile) }),
            ("write_file", { L in Host.run(L, TestFramework.writeFile) }),
            ("json_encode", { L in Host.run(L, TestFramework.jsonEncode) }),
            ("json_decode", { L in Host.run(L, TestFramework.jsonDecode) }),
            ("picture", { L in Host.run(L, TestFramework.picture) }),
            ("note", { L in Host.run(L) { L in
                if let text = Value.string(L, 1) { LuaContext.of(L).testNote?(text) }
                return 0
            } }),
        ]
        for (name, fn) in fns { Value.pushString(L, name); bk_pushhostfn(L, fn, 0); lua_rawset(L, -3) }
    }

    /// `report(status, name, line, duration, message, traceback, output)`
    /// from the framework, converted and passed on. Positional arguments
    /// keep the per-test cost down (no table per result).
    static func report(_ L: OpaquePointer) throws -> Int32 {
        func str(_ i: Int32) -> String? {
            lua_type(L, i) <= LUA_TNIL ? nil : Value.describe(L, i)
        }
        let status: TestResult.Status
        switch Value.string(L, 1) ?? "error" {
        case "success": status = .passed
        case "failure": status = .failed
        case "pending": status = .pending
        case "listed": status = .listed
        default: status = .error
        }
        let line = lua_type(L, 3) == LUA_TNUMBER ? Int(clamping: lua_tointegerx(L, 3, nil)) : 0
        let duration = lua_type(L, 4) == LUA_TNUMBER ? lua_tonumberx(L, 4, nil) : 0
        var r = TestResult(file: "", name: str(2) ?? "?", status: status, line: line,
                           message: str(5), traceback: str(6).flatMap { $0.isEmpty ? nil : $0 },
                           duration: duration, output: str(7) ?? "")
        if lua_type(L, 8) == LUA_TTABLE { r.picture = pictureDetails(L, 8) }
        LuaContext.of(L).testReporter?(r)
        return 0
    }

    /// `{ expected = svg, actual = svg, diffs = { ... }, caption = text }` from
    /// ButtonKit's assertions.
    static func pictureDetails(_ L: OpaquePointer, _ i: Int32) -> TestResult.Picture? {
        func str(_ k: String) -> String? {
            defer { lua_settop(L, -2) }
            return Convert.rawField(L, i, k) == LUA_TSTRING ? Value.string(L, -1) : nil
        }
        guard let e = str("expected"), let a = str("actual") else { return nil }
        var diffs: [String] = []
        if Convert.rawField(L, i, "diffs") == LUA_TTABLE, let list = try? Convert.stringList(L, -1, what: "differences") { diffs = list }
        lua_settop(L, -2)
        return TestResult.Picture(expected: e, actual: a, differences: diffs, caption: str("caption") ?? "")
    }

    /// `picture(appearance, width, height, label)`: an SVG of a resolved
    /// appearance table, for failure reports.
    static func picture(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "picture", method: false)
        let appearance = try a.conv(1) { L, i throws(ConvertError) in try Convert.appearance(L, i) }
        let w = a.isNone(2) ? 100 : try a.number(2)
        let h = a.isNone(3) ? 44 : try a.number(3)
        let label = try a.optString(4)
        Value.pushString(L, Pictures.svg(appearance, width: max(1, min(w, 2000)), height: max(1, min(h, 2000)), label: label))
        return 1
    }

    static func readFile(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "read_file", method: false)
        let path = try a.string(1)
        if let text = try? Files.read(path) { Value.pushString(L, text) } else { lua_pushnil(L) }
        return 1
    }

    static func writeFile(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "write_file", method: false)
        let path = try a.string(1), text = try a.string(2)
        try Files.makeDirectories(Files.directory(of: path))
        try Files.writeAtomically(text, to: path)
        return 0
    }

    static func jsonEncode(_ L: OpaquePointer) throws -> Int32 {
        let v = try Args(L, "json_encode", method: false).conv(1) { L, i throws(ConvertError) in try Convert.json(L, i) }
        Value.pushString(L, JSON.serialize(v, pretty: true) + "\n")
        return 1
    }

    static func jsonDecode(_ L: OpaquePointer) throws -> Int32 {
        let text = try Args(L, "json_decode", method: false).string(1)
        do {
            Convert.pushJSON(L, try JSON.parse(text))
            return 1
        } catch {
            lua_pushnil(L)
            Value.pushString(L, "line \(error.line), column \(error.column): \(error.reason)")
            return 2
        }
    }
}

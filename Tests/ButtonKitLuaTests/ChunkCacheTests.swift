import CLuaRunner
import CLuaShim
import Foundation
import Testing
@testable import ButtonKitLua
import ButtonKitTestSupport

/// Modules compiled once for a run (chunkcache.c): bytecode that loads as
/// the source would, never for a file that changed, and a run whose later
/// spec files load a module the first compiled behave exactly as before.
@Suite("Modules compiled once for a run", .serialized)
struct ChunkCacheTests {
    /// Calls cached_chunk(path) in `ctx`'s state and returns the loaded
    /// module's result as display text, or nil on a miss.
    static func load(_ ctx: LuaContext, _ path: String) throws -> String? {
        let L = ctx.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        bk_push_chunkcache_load(L)
        Value.pushString(L, path)
        lua_callk(L, 1, 1, 0, nil)
        guard lua_type(L, -1) == LUA_TFUNCTION else { return nil }
        try ctx.call(nargs: 0, nresults: 1)
        return Value.string(L, -1)
    }

    @Test func bytecodeLoadsAsTheSourceWouldAndNeverForAChangedFile() throws {
        let dir = try CLI.scratch()
        let path = dir.appendingPathComponent("mod.lua").path
        try "local info = debug.getinfo(1, 'S')\nreturn info.source .. ' ' .. info.short_src\n"
            .write(toFile: path, atomically: false, encoding: .utf8)
        let ctx = try LuaContext(options: { var o = LuaContext.Options(); o.sandbox = false; return o }())
        #expect(try Self.load(ctx, path) == nil, "nothing cached yet")
        #expect(bk_chunkcache_compile(path) == 1)
        let cached = try #require(try Self.load(ctx, path))
        #expect(cached.hasPrefix("@\(path) "), "the source name is the file's, as loadfile gives: \(cached)")
        // A file edited since is a miss: it loads from source as usual.
        try "return 'edited'\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try Self.load(ctx, path) == nil)
        #expect(bk_chunkcache_compile(path) == 1)
        #expect(try Self.load(ctx, path) == "edited")
        // What does not compile is not cached.
        let bad = dir.appendingPathComponent("bad.lua").path
        try "return (".write(toFile: bad, atomically: false, encoding: .utf8)
        #expect(bk_chunkcache_compile(bad) == 0)
        #expect(try Self.load(ctx, bad) == nil)
        #expect(bk_chunkcache_compile(dir.appendingPathComponent("missing.lua").path) == 0)
    }

    @Test func laterSpecFilesSeeTheModuleAsTheFirstDidAndEditsAsMade() throws {
        // The first file compiles the module from source; the next ones get
        // it from the runner. Errors in it name its lines either way, and an
        // edit made by a spec file is seen by the files after it.
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try "local M = {}\nfunction M.fail()\n  error('from the module')\nend\nM.version = 1\nreturn M\n"
            .write(to: dir.appendingPathComponent("mod.lua"), atomically: true, encoding: .utf8)
        for i in 1...3 {
            try """
            local mod = require "mod"
            it("sees version \(i == 3 ? 2 : 1)", function() assert.are.equal(\(i == 3 ? 2 : 1), mod.version) end)
            it("names the module's line", function()
              local ok, e = pcall(mod.fail)
              assert.matches("mod.lua:3: from the module", e)
              assert.are.equal("@./mod.lua", debug.getinfo(mod.fail, "S").source)
            end)
            \(i == 2 ? "it('edits the module', function() local f = assert(io.open('mod.lua', 'w')) f:write('return { version = 2, fail = function() error(\"x\") end }') f:close() end)" : "")
            """.write(to: dir.appendingPathComponent("spec/f\(i)_spec.lua"), atomically: true, encoding: .utf8)
        }
        // The third file's second test fails: the edited module's fail()
        // raises "x" at line 1, seen fresh.
        let r = try CLI.run(["test", "-o", "plainTerminal", "--sort-files"], in: dir)
        #expect(r.stdout.contains("6 successes / 1 failure"), "\(r.stdout)")
        #expect(r.stdout.contains("spec/f3_spec.lua"), "\(r.stdout)")
    }
}

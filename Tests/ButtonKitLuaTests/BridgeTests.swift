import ButtonKit
import CLuaShim
import Foundation
import Testing
@testable import ButtonKitLua

/// Pushes global `name` and returns the Swift object inside its userdata.
func swiftObject(_ ctx: LuaContext, global name: String) -> AnyObject? {
    let L = ctx.L
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    lua_rawgeti(L, bk_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
    Value.pushString(L, name)
    lua_rawget(L, -2)
    guard let box = bk_tobox(L, -1), let p = box.pointee.obj else { return nil }
    return Unmanaged<AnyObject>.fromOpaque(p).takeUnretainedValue()
}

@Suite("Bridge internals")
struct BridgeTests {
    @Test func uiIsGlobalAndRequireable() throws {
        let ctx = try LuaContext()
        #expect(try ctx.evaluate("type(ui)") == ["table"])
        #expect(try ctx.evaluate("ui == require 'buttonkit'") == ["true"])
    }

    @Test func evaluateReturnsEveryResult() throws {
        let ctx = try LuaContext()
        #expect(try ctx.evaluate("1, 'two', nil, true") == ["1", "two", "nil", "true"])
    }

    @Test func sameSwiftObjectIsTheSameLuaValue() throws {
        let ctx = try LuaContext()
        try ctx.run("g = ui.radioGroup { id = 'g', options = { { title = 'a', value = 1 } } }; b = g.buttons[1]")
        #expect(try ctx.evaluate("b == g:button(1), rawequal(b, g.buttons[1])") == ["true", "true"])
    }

    @Test func collectingTheUserdataReleasesTheSwiftObject() throws {
        let ctx = try LuaContext()
        try ctx.run("b = ui.button { id = 'tmp' }; b:on('touchDown', function() return b end)")
        weak let button = swiftObject(ctx, global: "b") as? Button
        #expect(button?.id == "tmp")
        try ctx.run("b = nil")
        ctx.collectGarbage()
        ctx.collectGarbage()
        #expect(button == nil)
    }

    @Test func closingTheStateReleasesEverything() throws {
        weak var kept: Button?
        do {
            let ctx = try LuaContext()
            try ctx.run("keep = ui.button { id = 'k' }")
            kept = swiftObject(ctx, global: "keep") as? Button
            #expect(kept != nil)
        }
        #expect(kept == nil)
    }

    @Test func handlerErrorsKeepTheirValue() throws {
        let ctx = try LuaContext()
        try ctx.run("""
        marker = {}
        b = ui.button()
        b:on('touchUpInside', function() error(marker) end)
        ok, err = pcall(b.tap, b)
        """)
        #expect(try ctx.evaluate("ok, err == marker, b.highlighted") == ["false", "true", "false"])
    }

    @Test func errorsUseLuasArgumentStyle() throws {
        let ctx = try LuaContext()
        do {
            try ctx.run("ui.button():style('normal', { titel = 1 })", name: "=t")
            Issue.record("no error")
        } catch {
            let e = error
            #expect(e.message.hasPrefix("t:1: bad argument #2 to 'style' (unknown style property 'titel'; did you mean 'title'?)"))
            #expect(e.kind == .runtime)
        }
    }

    @Test func timeLimitStopsRunawayCode() throws {
        var o = LuaContext.Options()
        o.timeout = 0.2
        let ctx = try LuaContext(options: o)
        do {
            try ctx.run("while true do end")
            Issue.record("no timeout")
        } catch {
            let e = error
            #expect(e.kind == .timeout)
        }
        // The state stays usable.
        #expect(try ctx.evaluate("1 + 1") == ["2"])
    }

    @Test func memoryLimitIsAnErrorNotACrash() throws {
        var o = LuaContext.Options()
        o.maxMemoryMB = 16
        let ctx = try LuaContext(options: o)
        do {
            try ctx.run("local t = {} for i = 1, 1e8 do t[i] = {} end")
            Issue.record("no memory error")
        } catch {
            let e = error
            #expect(e.kind == .memory)
        }
        ctx.collectGarbage()
        #expect(ctx.memoryUsed < 16 << 20)
        #expect(try ctx.evaluate("'still ' .. 'alive'") == ["still alive"])
    }

    @Test func memoryBeyondTheLimitInsideHostCodeIsCaughtAfterwards() throws {
        var o = LuaContext.Options()
        o.maxMemoryMB = 8
        let ctx = try LuaContext(options: o)
        // Huge results built by Swift (a sort of many records) cannot exceed the limit unnoticed.
        do {
            try ctx.run("""
            local bar = ui.sortBar { id = 's', { key = 'k' } }
            bar:select('k')
            local recs = {}
            for i = 1, 1e7 do recs[i] = { k = i } end
            """)
            Issue.record("no memory error")
        } catch {
            let e = error
            #expect(e.kind == .memory)
        }
    }

    @Test func interruptStopsRunningCode() throws {
        var o = LuaContext.Options()
        o.timeout = 5
        let ctx = try LuaContext(options: o)
        ctx.interrupt()
        #expect(throws: LuaError.self) { try ctx.run("while true do end") }
    }

    @Test func jsonConversionRoundTrips() throws {
        let ctx = try LuaContext(options: { var o = LuaContext.Options(); o.sandbox = false; return o }())
        try ctx.run("s = ui.store(os.tmpname() .. '.json'); s:set('v', { 1, 2.5, 'x', true, { a = { b = false } } })")
        #expect(try ctx.evaluate("s:get('v')[5].a.b, math.type(s:get('v')[1]), s:get('v')[2]") == ["false", "integer", "2.5"])
    }

    @Test func sandboxConfinesPaths() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bk-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("in"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("in/link").path, withDestinationPath: "/etc")
        let sb = Confinement(root: dir.appendingPathComponent("in").path)
        #expect(sb.resolve(dir.appendingPathComponent("in/new.txt").path) != nil)
        #expect(sb.resolve(dir.appendingPathComponent("in/../x").path) == nil)
        #expect(sb.resolve(dir.appendingPathComponent("in/link/passwd").path) == nil)
        #expect(sb.resolve("/etc/passwd") == nil)
    }

    @Test func luaPatternsMatchLikeLua() throws {
        let p = try LuaPattern()
        #expect(try p.find("_spec$", in: "math_spec"))
        #expect(try !p.find("^%d+$", in: "12a"))
        #expect(throws: LuaError.self) { try p.find("[", in: "x") }
    }
}

import ButtonKit
import ButtonKitLua
import CLuaRunner
import CLuaShim

/// The runner's private Lua state for coverage (`lua/coverage/host.lua`):
/// reads `.luacov` (Lua code), and answers with Lua patterns and luacov's
/// line rules which files and lines a report shows.
final class CoverageLua {
    let ctx: LuaContext
    private var api: Int32 = LUA_NOREF

    /// A state of the command's run `confined` (the user's `.luacov` runs
    /// confined under `--sandbox`); nil: the runner's own, for the report.
    init(in confined: ConfinedRun?) throws(LuaError) {
        var o = LuaContext.Options()
        o.sandbox = confined?.isConfined ?? false
        o.timeout = 30
        if let confined { ctx = try confined.context(o) } else { ctx = try LuaContext(options: o) }
        let L = ctx.L
        try EmbeddedFamily.push(ctx, "coverage", shortNames: false, what: "the coverage modules")
        bk_push_coverage_lib(L)
        try ctx.call(nargs: 2, nresults: 1, timeout: 5)
        api = Value.reference(L)
    }

    /// Pushes api[name]; then the caller pushes arguments and calls.
    private func function(_ name: String) {
        let L = ctx.L
        Value.pushReference(L, api)
        Value.rawField(L, -1, name)
        bk_remove(L, -2)
    }

    /// The first line of an error (without the traceback bk_call adds).
    static func firstPart(_ e: LuaError) -> String {
        let m = e.message
        var lines: [Substring] = []
        for line in m.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("stack traceback:") { break }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Reads the settings (`path` nil: LUACOV_CONFIG or .luacov, missing
    /// means the defaults); returns them as text.
    func load(path: String?, cwd: String, busted: Bool) throws(LuaError) -> String {
        let L = ctx.L
        let top = Value.top(L)
        defer { Value.setTop(L, top) }
        function("load")
        Value.pushOptional(L, path)
        Value.pushString(L, cwd)
        Value.pushBool(L, busted)
        try ctx.call(nargs: 3, nresults: 1, timeout: 10)
        return Value.string(L, -1) ?? ""
    }

    /// Reports with these settings from now on.
    func use(_ settings: String) throws(LuaError) {
        let L = ctx.L
        let top = Value.top(L)
        defer { Value.setTop(L, top) }
        function("use")
        Value.pushString(L, settings)
        try ctx.call(nargs: 1, nresults: 0, timeout: 5)
    }

    /// Calls api[name](arg), leaving one result.
    private func call1(_ name: String, _ arg: String) throws(LuaError) {
        function(name)
        Value.pushString(ctx.L, arg)
        try ctx.call(nargs: 1, nresults: 1, timeout: 5)
    }

    /// luacov's file_included for a name in the stats.
    func included(_ name: String) throws(LuaError) -> Bool {
        try ask("included", name) { Value.truthy($0, -1) }
    }

    /// Whether the user's include patterns (or modules) name the file.
    func named(_ name: String) throws(LuaError) -> Bool {
        try ask("named", name) { Value.truthy($0, -1) }
    }

    /// luacov's real_name: the file a report shows for a name in the stats.
    func realName(_ name: String) throws(LuaError) -> String {
        try ask("real_name", name) { Value.string($0, -1) ?? name }
    }

    /// Calls `function(name)` and reads its one result, leaving the stack as it was.
    private func ask<T>(_ function: String, _ name: String, _ read: (OpaquePointer) -> T) throws(LuaError) -> T {
        let L = ctx.L
        let top = Value.top(L)
        defer { Value.setTop(L, top) }
        try call1(function, name)
        return read(L)
    }

    /// One code per line of `source`: "-" never counted, "?" counted only
    /// when hit, "+" counted.
    func classify(_ source: [UInt8]) throws(LuaError) -> [UInt8] {
        let L = ctx.L
        let top = Value.top(L)
        defer { Value.setTop(L, top) }
        function("classify")
        Value.pushBytes(L, source)
        try ctx.call(nargs: 1, nresults: 1, timeout: 30)
        return Value.bytes(L, -1) ?? []
    }
}

import Foundation
import Testing
import ButtonKitTestSupport

/// The bugs lua.org lists for Lua 5.4.4 (Debian's liblua5.4, not patched for
/// these) that a script reaches, through every command that runs Lua
/// (issue 27). docs/scripting.md lists them all and what is done for each.
@Suite("Lua 5.4.4's known bugs, guarded")
struct UpstreamLuaBugTests {
    /// "C-stack overflow with deep nesting of coroutine.close": each
    /// coroutine's __close closes the previous one; 5.4.4 does not count the
    /// nesting and ended the process by SIGSEGV.
    static let closeChain = """
    local coro = false
    for i = 1, 20000 do local previous = coro; coro = coroutine.create(function() local cc <close> = setmetatable({}, {__close = function() if previous then assert(coroutine.close(previous)) end end}); coroutine.yield() end); assert(coroutine.resume(coro)) end
    local ok, message = coroutine.close(coro)
    print(ok, tostring(message):sub(-16))

    """

    @Test(arguments: [["run", "chain.lua"], ["lua", "chain.lua"], ["render", "chain.lua", "-o", "out"]])
    func aChainOfClosesIsAnErrorNotACrash(_ args: [String]) throws {
        let dir = try CLI.scratch()
        try Self.closeChain.write(to: dir.appendingPathComponent("chain.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(args, in: dir, limit: 120)
        #expect(r.signal == nil && r.exitCode == 0, "\(r.summary.prefix(600))")
        #expect(r.stdout.hasPrefix("false\tC stack overflow\n"), "\(r.summary.prefix(600))")
    }

    @Test func aChainOfClosesInTheReplIsAnErrorNotACrash() throws {
        // One line: the REPL runs each line as a chunk of its own.
        let line = Self.closeChain.split(separator: "\n").joined(separator: " ").replacingOccurrences(of: "local coro", with: "coro")
            .replacingOccurrences(of: "local ok, message", with: "ok, message")
        let r = try CLI.run(["repl"], in: try CLI.scratch(), stdin: line + "\n")
        #expect(r.status == 0, "\(r.stderr.suffix(600))")
        #expect(r.stdout.contains("false\tC stack overflow"), "\(r.stdout.suffix(300)) \(r.stderr.suffix(300))")
    }

    @Test func aChainOfClosesInASpecFailsThatTestOnly() throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        describe("closes", function()
          it("nests too deeply", function()
        \(Self.closeChain)
            error("reached the end")
          end)
          it("still runs", function() assert.is_true(true) end)
        end)
        """.write(to: dir.appendingPathComponent("spec/chain_spec.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["test", "-o", "plainTerminal"], in: dir, limit: 120)
        #expect(r.signal == nil && r.exitCode == 1, "\(r.summary.prefix(800))")
        #expect(r.stdout.contains("reached the end") && r.stdout.contains("1 success"), "\(r.summary.prefix(800))")
    }

    /// The guard is on the C stack, not a count: ordinary nesting of closes
    /// and resumes still works, and a close still closes.
    @Test func ordinaryClosesStillWork() throws {
        let r = try Spawned.run(["run", "-e", """
        local closed = 0
        local coro = false
        for i = 1, 100 do local previous = coro; coro = coroutine.create(function() local cc <close> = setmetatable({}, {__close = function() closed = closed + 1; if previous then assert(coroutine.close(previous)) end end}); coroutine.yield() end); assert(coroutine.resume(coro)) end
        assert(coroutine.close(coro))
        print(closed, coroutine.status(coro), pcall(coroutine.close, 1))
        """], in: try CLI.scratch(), limit: 60)
        #expect(r.exitCode == 0, "\(r.summary)")
        #expect(r.stdout.hasPrefix("100\tdead\tfalse\tbad argument #1 to 'coroutine.close' (coroutine expected"), "\(r.summary)")
    }

    /// A __close method looping inside coroutine.close is stopped at the
    /// deadline like any Lua code (before, only the out-of-band second look
    /// ended it, after the grace).
    @Test func aLoopingCloseMethodStopsAtTheDeadline() throws {
        let r = try Spawned.run(["run", "--timeout", "1", "-e", """
        local co = coroutine.create(function() local x <close> = setmetatable({}, {__close = function() while true do end end}); coroutine.yield() end)
        coroutine.resume(co)
        print(pcall(coroutine.close, co))
        """], in: try CLI.scratch(), limit: 60)
        #expect(r.exitCode == 1, "\(r.summary)")
        #expect(r.stderr.contains("time limit exceeded (1 s)") && !r.stderr.contains("cannot be interrupted"), "\(r.summary)")
    }

    /// "'utf8.codes' does not raise an error on spurious continuation bytes".
    @Test func utf8CodesRefusesSpuriousContinuationBytes() throws {
        let r = try Spawned.run(["run", "-e", """
        for _, s in ipairs { "in\\x80valid", "\\xbfinvalid", "αλφ\\xBFα", "ab\\xff" } do
          print((pcall(function() for _ in utf8.codes(s) do end end)))
        end
        local n = 0
        for p, c in utf8.codes("aé汉") do n = n + 1 end
        print(n)
        """], in: try CLI.scratch(), limit: 60)
        #expect(r.exitCode == 0 && r.stdout == "false\nfalse\nfalse\nfalse\n3\n", "\(r.summary)")
    }
}

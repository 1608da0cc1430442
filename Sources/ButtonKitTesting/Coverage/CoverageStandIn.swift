import ButtonKit
import ButtonKitLua
import CLuaRunner
import CLuaShim

/// luacov in `buttonkit lua` (`lua/coverage/standalone.lua`): under `-c` a
/// test run's specs see luacov's runner loaded, as under `busted -c`, and
/// suites then start child processes with `-lluacov` (depgraph's through
/// arg[-1], which is `buttonkit`). There, without luacov installed, the
/// stand-in modules count what the child runs and add it to the stats file
/// when it ends, as luacov's own runner does.
public enum CoverageStandIn {
    /// Installs the searcher for luacov's modules in `ctx` (after the file
    /// searchers, so a real luacov is found first). Returns the registry
    /// reference of the function that saves the counts, for `finish`.
    public static func install(in ctx: LuaContext) throws(LuaError) -> Int32 {
        let L = ctx.L
        guard let chunk = EmbeddedLua.modules["coverage.standalone"] else {
            throw LuaError(kind: .runtime, message: "coverage's stand-in is missing from this build")
        }
        try ctx.load(embedded: chunk)
        Value.newTable(L, fields: 4)
        for (name, c) in EmbeddedLua.modules where name.hasPrefix("coverage.") && name != "coverage.host" && name != "coverage.standalone" {
            Value.pushString(L, name)
            try ctx.load(embedded: c)
            Value.rawSet(L)
        }
        bk_push_coverage_lib(L)
        bk_pushhostfn(L, { L in Host.run(L) { L in CoverageStandIn.save(L); return 0 } }, 0)
        try ctx.call(nargs: 3, nresults: 1)
        return Value.reference(L)
    }

    /// Saves what was counted (once; os.exit saves first).
    public static func finish(_ ctx: LuaContext, _ ref: Int32) {
        let L = ctx.L
        Value.pushReference(L, ref)
        try? ctx.call(nargs: 0, nresults: 0)
    }

    /// Adds the counts to the stats file the settings name, if luacov ran.
    static func save(_ L: OpaquePointer) {
        var settings: CoverageSettings?
        var stats = CoverageStats()
        for r in CoverageRun.records(L) {
            switch r {
            case .coverageConfig(let text): settings = CoverageSettings(text: text)
            case let .coverage(file, counts): stats.add(file, counts: counts)
            default: break
            }
        }
        guard let s = settings else { return }
        var all = CoverageStats.load(s.statsfile) ?? CoverageStats()
        all.merge(stats)
        _ = CoverageFiles(tree: nil).write(all.serialized, to: s.statsfile)
    }
}

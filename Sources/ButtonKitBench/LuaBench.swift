/// Lua code inside ButtonKit against stock `lua5.4` and busted: the VM's
/// speed with the default limits on (they must cost nothing until they
/// fire), start-up, and a CPU-bound test suite.
enum LuaBench {
    static func run(_ t: Tools) {
        Table.section("Lua inside ButtonKit (best of interleaved runs)")
        let (cpu, cpuLua) = Timing.interleaved([t.buttonkit, "run", t.fixture("cpu.lua")], [t.lua, t.fixture("cpu.lua")], rounds: 5)
        Table.row("CPU-bound loop, run (limits on)", Table.ms(cpu), baseline: "lua5.4 " + Table.ms(cpuLua),
                  ratio: Table.x(cpu / cpuLua), target: "<= 1.05x", was: "1.7-1.8x", ok: cpu / cpuLua <= 1.05)
        let (alloc, allocLua) = Timing.interleaved([t.buttonkit, "run", t.fixture("alloc.lua")], [t.lua, t.fixture("alloc.lua")], rounds: 3)
        Table.row("tables + strings loop, run", Table.ms(alloc), baseline: "lua5.4 " + Table.ms(allocLua),
                  ratio: Table.x(alloc / allocLua), target: "<= 1.10x", was: "", ok: alloc / allocLua <= 1.10)
        let hashDir = t.fixture("hash")
        let (hash, hashBusted) = Timing.interleaved([t.buttonkit, "test", "spec"], [t.busted, "spec"], rounds: 5, in: hashDir)
        Table.row("pure-Lua hash suite (4 MB), test", Table.ms(hash), baseline: "busted " + Table.ms(hashBusted),
                  ratio: Table.x(hash / hashBusted), target: "<= 1.0x", was: "1.4-1.5x", ok: hash / hashBusted <= 1.0)
        let empty = t.fixture("empty.lua")
        let (bk, lua) = Timing.interleavedMeans([t.buttonkit, "run", empty], [t.lua, empty], rounds: 300)
        Table.row("start-up: run empty.lua (mean of 300)", Table.ms(bk), baseline: "lua5.4 " + Table.ms(lua),
                  ratio: Table.x(bk / lua), target: "<= 2.0x", was: "2.4-3.0x", ok: bk / lua <= 2.0)
    }
}

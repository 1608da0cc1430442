#if canImport(Glibc)
import Glibc
#endif

/// `buttonkit test` against busted 2.1.1 on the same generated spec: the
/// runner's fixed cost and its cost per test.
enum RunnerBench {
    static func run(_ t: Tools) {
        Table.section("test runner: buttonkit test vs busted, same generated spec")
        let d2k = generate(2000)
        let (bk2k, bu2k) = Timing.interleaved([t.buttonkit, "test", "spec"], [t.busted, "spec"], rounds: 3, in: d2k)
        Table.row("2,000 tests + before_each", Table.ms(bk2k), baseline: "busted " + Table.ms(bu2k),
                  ratio: Table.fmt(bu2k / bk2k, 1) + "x", target: ">= 50x", was: "21-28x", ok: bu2k / bk2k >= 50)
        let d10k = generate(10_000)
        var bk10k = Double.infinity
        for _ in 0..<5 { bk10k = min(bk10k, Timing.spawn([t.buttonkit, "test", "spec"], in: d10k)) }
        var best2k = bk2k
        for _ in 0..<5 { best2k = min(best2k, Timing.spawn([t.buttonkit, "test", "spec"], in: d2k)) }
        let perTest = (bk10k - best2k) / 8000 * 1e6
        Table.row("10,000 tests", Table.ms(bk10k))
        Table.row("per-test overhead (10k - 2k) / 8k", Table.fmt(perTest, 2) + " us", target: "<= 5 us", was: "11-13 us", ok: perTest <= 5)
        let d1 = generate(1)
        var one = Double.infinity
        for _ in 0..<20 { one = min(one, Timing.spawn([t.buttonkit, "test", "spec"], in: d1)) }
        Table.row("a one-test file (start-up + framework)", Table.ms(one))
        for d in [d1, d2k, d10k] { remove(d) }
    }

    /// Writes a spec of `n` small tests sharing a before_each, in a folder
    /// of its own; returns the folder.
    static func generate(_ n: Int) -> String {
        let dir = "/tmp/buttonkit-bench-\(getpid())-\(n)"
        mkdir(dir, 0o755)
        mkdir(dir + "/spec", 0o755)
        var lines = ["describe(\"generated\", function()", "  local n", "  before_each(function() n = 1 end)"]
        for i in 0..<n { lines.append("  it(\"test \(i)\", function() assert.are.equal(\(i) + 1, n + \(i)) end)") }
        lines.append("end)")
        let f = fopen(dir + "/spec/gen_spec.lua", "w")
        fputs(lines.joined(separator: "\n") + "\n", f)
        fclose(f)
        return dir
    }

    static func remove(_ dir: String) {
        unlink(dir + "/spec/gen_spec.lua")
        rmdir(dir + "/spec")
        rmdir(dir)
    }
}

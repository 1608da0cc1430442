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
        coverage(t)
    }

    /// `buttonkit test -c` against the same run without coverage: a suite
    /// shaped like the public ones (a library, tests that call it), and the
    /// VM-bound hash suite, where Lua's own line-hook dispatch is the floor
    /// (an empty C line hook already costs stock Lua several times on tight
    /// loops). luacov's own cost beside it when a luacov checkout is given.
    static func coverage(_ t: Tools) {
        Table.section("coverage: buttonkit test -c vs the same run without -c")
        let lib = generateLibrarySuite()
        let (cov, plain) = Timing.interleaved([t.buttonkit, "test", "-c", "spec"], [t.buttonkit, "test", "spec"], rounds: 15, in: lib)
        Table.row("library + 400 tests, -c", Table.ms(cov), baseline: "plain " + Table.ms(plain),
                  ratio: Table.x(cov / plain), target: "<= 2.0x", was: "n/a", ok: cov / plain <= 2.0)
        let hash = "/tmp/buttonkit-bench-\(getpid())-hash"
        mkdir(hash, 0o755)
        mkdir(hash + "/spec", 0o755)
        copy(t.fixture("hash/spec/hash_spec.lua"), to: hash + "/spec/hash_spec.lua")
        let (hcov, hplain) = Timing.interleaved([t.buttonkit, "test", "-c", "spec"], [t.buttonkit, "test", "spec"], rounds: 3, in: hash)
        Table.row("VM-bound hash suite (4 MB), -c", Table.ms(hcov), baseline: "plain " + Table.ms(hplain),
                  ratio: Table.x(hcov / hplain))
        if !t.luacov.isEmpty {
            let saved = getenv("LUA_PATH").map { String(cString: $0) }
            setenv("LUA_PATH", t.luacov + "/src/?.lua;;", 1)
            let (lc, bplain) = Timing.interleaved([t.busted, "-c", "spec"], [t.busted, "spec"], rounds: 3, in: lib)
            if let saved { setenv("LUA_PATH", saved, 1) } else { unsetenv("LUA_PATH") }
            Table.row("  luacov: busted -c, same library suite", Table.ms(lc), baseline: "busted " + Table.ms(bplain),
                      ratio: Table.x(lc / bplain))
        } else {
            Table.row("  luacov's own cost: not measured (set LUACOV_SRC to a luacov checkout)", "")
        }
        for d in [lib, hash] {
            for f in ["luacov.stats.out", "luacov.report.out"] { unlink(d + "/" + f) }
        }
        unlink(lib + "/src/lib.lua"); rmdir(lib + "/src")
        remove(lib)
        unlink(hash + "/spec/hash_spec.lua"); rmdir(hash + "/spec"); rmdir(hash)
    }

    static func copy(_ from: String, to: String) {
        guard let i = fopen(from, "r"), let o = fopen(to, "w") else { return }
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buf, 1, buf.count, i)
            if n == 0 { break }
            fwrite(buf, 1, n, o)
        }
        fclose(i); fclose(o)
    }

    /// A library of 40 small functions (branches, loops, strings, tables)
    /// in src/, and a spec of 400 tests calling them (spec/gen_spec.lua).
    static func generateLibrarySuite() -> String {
        let dir = "/tmp/buttonkit-bench-\(getpid())-library"
        mkdir(dir, 0o755)
        mkdir(dir + "/spec", 0o755)
        mkdir(dir + "/src", 0o755)
        var lib = ["local M = {}", ""]
        for i in 0..<40 {
            lib += [
                "function M.f\(i)(items, n)",
                "  local out = {}",
                "  for k = 1, #items do",
                "    local v = items[k]",
                "    if type(v) == \"number\" then",
                "      out[#out + 1] = v * n + \(i)",
                "    elseif type(v) == \"string\" then",
                "      out[#out + 1] = (\"%s-%d\"):format(v, n)",
                "    else",
                "      out[#out + 1] = tostring(v)",
                "    end",
                "  end",
                "  return table.concat(out, \",\")",
                "end",
                "",
            ]
        }
        lib.append("return M")
        write(lib.joined(separator: "\n") + "\n", to: dir + "/src/lib.lua")
        var spec = ["local lib = require \"lib\"", "describe(\"library\", function()"]
        for i in 0..<400 {
            let f = i % 40
            spec.append("  it(\"f\(f) case \(i)\", function() assert.is_string(lib.f\(f)({ 1, \"a\", true, \(i), \"b\" }, \(i % 7 + 1))) end)")
        }
        spec.append("end)")
        write(spec.joined(separator: "\n") + "\n", to: dir + "/spec/gen_spec.lua")
        return dir
    }

    static func write(_ text: String, to path: String) {
        let f = fopen(path, "w")
        fputs(text, f)
        fclose(f)
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

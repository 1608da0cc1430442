import Foundation
import Testing
@testable import ButtonKitTesting
import ButtonKitTestSupport

/// `buttonkit test -c`, through the built binary, on fixture suites whose
/// expected files were written by luacov 0.17 itself (Tests/Fixtures/coverage,
/// from the same sample sources: `lua5.4 -lluacov driver.lua`, then `luacov`,
/// in a copy assembled as `fixture(_:)` does).
@Suite("coverage", .serialized)
struct CoverageTests {
    /// A scratch copy of a coverage fixture (runs write files into it).
    /// Most fixtures run the same sample library: their `sample.txt` says
    /// which files of `coverage/sample` go where, so the library is kept
    /// once in the tree.
    static func fixture(_ name: String) throws -> URL {
        let fm = FileManager.default
        let dir = try CLI.scratch().appendingPathComponent(name)
        let coverage = CLI.fixtures.appendingPathComponent("coverage")
        try fm.copyItem(at: coverage.appendingPathComponent(name), to: dir)
        let manifest = dir.appendingPathComponent("sample.txt")
        if let text = try? String(contentsOf: manifest, encoding: .utf8) {
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let parts = line.split(separator: " ").map(String.init)
                try #require(parts.count == 2, "sample.txt of \(name): \(line)")
                let to = dir.appendingPathComponent(parts[1])
                try fm.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(at: coverage.appendingPathComponent("sample/" + parts[0]), to: to)
            }
            try fm.removeItem(at: manifest)
        }
        return dir
    }

    /// Asks luacov for its report (`runreport = true` in `.luacov`), as the
    /// scenarios whose report is compared do: like luacov's own runner,
    /// `-c` writes only the stats unless asked.
    static func askForReport(_ dir: URL) throws {
        let luacov = dir.appendingPathComponent(".luacov")
        let settings = (try? String(contentsOf: luacov, encoding: .utf8)) ?? ""
        try ("runreport = true\n" + settings).write(to: luacov, atomically: true, encoding: .utf8)
    }

    static func read(_ dir: URL, _ name: String) -> String? {
        try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
    }

    static func exists(_ dir: URL, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path)
    }

    /// Expects `name` in `dir` to equal `expected/<expected>` byte for byte.
    static func expectSame(_ dir: URL, _ name: String, _ expected: String? = nil,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let got = read(dir, name)
        let want = read(dir, "expected/" + (expected ?? name))
        #expect(want != nil, "no expected/\(expected ?? name)", sourceLocation: sourceLocation)
        #expect(got == want, "\(name) differs from luacov's:\n\(got ?? "(missing)")", sourceLocation: sourceLocation)
    }

    /// Runs an external tool; its exit status and what it printed.
    static func tool(_ path: String, _ args: [String], in dir: URL) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: path)
        p.arguments = args
        p.currentDirectoryURL = dir
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    // MARK: luacov's own numbers

    @Test func statsReportAndLcovEqualLuacovsOnItsSample() throws {
        let dir = try Self.fixture("basic")
        try Self.askForReport(dir)
        let r = try CLI.run(["test", "-c", "--coverage-format", "lcov"], in: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        Self.expectSame(dir, "luacov.stats.out")
        Self.expectSame(dir, "luacov.report.out")
        Self.expectSame(dir, "lcov.info")
        // The spec file itself is not counted.
        #expect(Self.read(dir, "luacov.stats.out")?.contains("driver_spec") == false)
    }

    @Test func statsAddUpOverRunsAsLuacovs() throws {
        let dir = try Self.fixture("basic")
        _ = try CLI.run(["test", "-c"], in: dir)
        _ = try CLI.run(["test", "--coverage"], in: dir)
        Self.expectSame(dir, "luacov.stats.out", "luacov.stats.after-two-runs.out")
    }

    @Test func luacovSettingsFileIsHonoured() throws {
        // statsfile, reportfile, include, exclude, runreport, codefromstrings.
        let dir = try Self.fixture("config")
        let r = try CLI.run(["test", "-c"], in: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        Self.expectSame(dir, "cov.stats")
        Self.expectSame(dir, "cov.report")
        #expect(!Self.exists(dir, "luacov.stats.out") && !Self.exists(dir, "luacov.report.out"))
    }

    @Test func modulesReportInstalledFilesUnderTheirSources() throws {
        let dir = try Self.fixture("modules")
        try Self.askForReport(dir)
        let r = try CLI.run(["test", "-c", "--lpath", "installed/?.lua;installed/?/init.lua"], in: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        Self.expectSame(dir, "luacov.stats.out")
        Self.expectSame(dir, "luacov.report.out")
    }

    @Test func includeUntestedFilesListsFilesNeverLoaded() throws {
        let dir = try Self.fixture("untested")
        try Self.askForReport(dir)
        _ = try CLI.run(["test", "-c"], in: dir)
        Self.expectSame(dir, "luacov.stats.out")
        Self.expectSame(dir, "luacov.report.out")
        #expect(Self.read(dir, "luacov.report.out")?.contains("spec/driver_spec.lua") == false)
    }

    @Test func nothingIncludedGivesAnEmptyStatsFileAndOnlyTheTotal() throws {
        let dir = try Self.fixture("empty")
        try Self.askForReport(dir)
        _ = try CLI.run(["test", "-c"], in: dir)
        Self.expectSame(dir, "luacov.stats.out")
        Self.expectSame(dir, "luacov.report.out")
        #expect(Self.read(dir, "luacov.stats.out") == "")
    }

    @Test func codeFromStringsNamesChunksByTheirText() throws {
        let dir = try Self.fixture("strings")
        try Self.askForReport(dir)
        let r = try CLI.run(["test", "-c", "--lpath="], in: dir)
        Self.expectSame(dir, "luacov.stats.out")
        Self.expectSame(dir, "luacov.report.out")
        #expect(r.stderr.contains("Couldn't open =stringchunk: No such file or directory"))
    }

    @Test func countsUnderTheRunnerAreBustedPlusLuacovsAndSpecsAreLeftOut() throws {
        // expected/: the src/ records of a real `busted -c` run with luacov.
        let dir = try Self.fixture("busted")
        let r = try CLI.run(["test", "-o", "plain", "-c"], in: dir)
        #expect(r.stdout.hasSuffix("3 passed, 0 failed, 0 pending\n"))
        // As `busted -c`: the stats only, no report unless .luacov asks.
        #expect(!Self.exists(dir, "luacov.report.out"))
        Self.expectSame(dir, "luacov.stats.out")
        // A spec file is counted when the settings name it.
        try "include = { \"^spec/\", \"^src/\" }\n".write(to: dir.appendingPathComponent(".luacov"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("luacov.stats.out"))
        _ = try CLI.run(["test", "-c"], in: dir)
        Self.expectSame(dir, "luacov.stats.out", "with-spec.stats.out")
    }

    // MARK: settings

    @Test func runreportFalseWritesStatsOnlyAndDeletestatsRemovesThem() throws {
        let dir = try Self.fixture("busted")
        let luacov = dir.appendingPathComponent(".luacov")
        try "runreport = false\n".write(to: luacov, atomically: true, encoding: .utf8)
        _ = try CLI.run(["test", "-c"], in: dir)
        #expect(Self.exists(dir, "luacov.stats.out") && !Self.exists(dir, "luacov.report.out"))
        try "return { runreport = true, deletestats = true, reportfile = 'out/../report.txt' }\n".write(to: luacov, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        _ = try CLI.run(["test", "-c"], in: dir)
        #expect(!Self.exists(dir, "luacov.stats.out"))
        #expect(Self.read(dir, "report.txt")?.contains("src/mylib.lua") == true)
    }

    @Test func aConfigFileNamedOnTheCommandLineAndItsErrors() throws {
        let dir = try Self.fixture("busted")
        try "statsfile = 'other.stats'\n".write(to: dir.appendingPathComponent("cov.lua"), atomically: true, encoding: .utf8)
        let ok = try CLI.run(["test", "-c", "--coverage-config-file", "cov.lua"], in: dir)
        #expect(ok.status == 0)
        #expect(Self.exists(dir, "other.stats") && !Self.exists(dir, "luacov.stats.out"))
        // As luacov: a named file must be readable; errors stop the run (exit 1).
        let missing = try CLI.run(["test", "-c", "--coverage-config-file", "nope.lua"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("couldn't read config file nope.lua: No such file or directory"))
        #expect(!missing.stdout.contains("passed"))
        try "include = {\n".write(to: dir.appendingPathComponent(".luacov"), atomically: true, encoding: .utf8)
        let syntax = try CLI.run(["test", "-c"], in: dir)
        #expect(syntax.status == 1)
        #expect(syntax.stderr.contains("couldn't load config file .luacov: line 2:"), "\(syntax.stderr)")
        try "include = { '[' }\n".write(to: dir.appendingPathComponent(".luacov"), atomically: true, encoding: .utf8)
        let pattern = try CLI.run(["test", "-c"], in: dir)
        #expect(pattern.status == 1)
        #expect(pattern.stderr.contains(".luacov: include[1] is not a valid Lua pattern"), "\(pattern.stderr)")
        try "statsfile = 3\n".write(to: dir.appendingPathComponent(".luacov"), atomically: true, encoding: .utf8)
        let type = try CLI.run(["test", "-c"], in: dir)
        #expect(type.stderr.contains(".luacov: 'statsfile' must be a string (got number)"), "\(type.stderr)")
    }

    @Test func coverageFromBustedFileAndFormatsImplyIt() throws {
        let dir = try Self.fixture("busted")
        try "return { default = { coverage = true } }\n".write(to: dir.appendingPathComponent(".busted"), atomically: true, encoding: .utf8)
        _ = try CLI.run(["test"], in: dir)
        #expect(Self.exists(dir, "luacov.stats.out"))
        _ = try CLI.run(["test", "--no-coverage", "--coverage-format", "lcov"], in: dir)
        #expect(!Self.exists(dir, "lcov.info"))
        try FileManager.default.removeItem(at: dir.appendingPathComponent(".busted"))
        _ = try CLI.run(["test", "--coverage-format", "html,lcov"], in: dir)
        #expect(Self.exists(dir, "lcov.info") && Self.exists(dir, "luacov.report.html"))
        let bad = try CLI.run(["test", "--coverage-format", "xml"], in: dir)
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--coverage-format expects lcov, cobertura or html, got 'xml'"))
    }

    @Test func filesOutsideTheWorkingTreeAreNotCountedUnlessIncluded() throws {
        let root = try CLI.scratch()
        let outside = root.appendingPathComponent("outside")
        let suite = root.appendingPathComponent("suite")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: suite.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try "return { x = 1 }\n".write(to: outside.appendingPathComponent("far.lua"), atomically: true, encoding: .utf8)
        try "return { y = 2 }\n".write(to: suite.appendingPathComponent("near.lua"), atomically: true, encoding: .utf8)
        try "it('loads', function() assert.equal(1, require('far').x); assert.equal(2, require('near').y) end)\n"
            .write(to: suite.appendingPathComponent("spec/a_spec.lua"), atomically: true, encoding: .utf8)
        let lpath = ["--lpath", "../outside/?.lua;" + outside.path + "/?.lua;./?.lua"]
        _ = try CLI.run(["test", "-c"] + lpath, in: suite)
        #expect(Self.read(suite, "luacov.stats.out") == "1:near.lua\n1 \n")
        try "include = { 'far$', 'near$' }\n".write(to: suite.appendingPathComponent(".luacov"), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: suite.appendingPathComponent("luacov.stats.out"))
        _ = try CLI.run(["test", "-c"] + lpath, in: suite)
        #expect(Self.read(suite, "luacov.stats.out") == "1:../outside/far.lua\n1 \n1:near.lua\n1 \n")
    }

    // MARK: workers, shards, hooks

    @Test func jobsAddUpToTheCountsOfOneWorker() throws {
        let one = try Self.fixture("jobs"), two = try Self.fixture("jobs")
        _ = try CLI.run(["test", "-c"], in: one)
        let r = try CLI.run(["test", "-o", "plain", "-c", "--jobs", "3"], in: two)
        #expect(r.stdout.hasSuffix("7 passed, 0 failed, 0 pending\n"))
        let stats = Self.read(one, "luacov.stats.out")
        #expect(stats != nil && stats == Self.read(two, "luacov.stats.out"))
        // Three files each load the library: its top level runs three times.
        #expect(stats == "29:src/calc.lua\n0 3 0 3 5 3 0 3 2 5 3 2 2 3 0 3 3 1 2 1 0 1 3 0 3 0 3 0 3 \n")
    }

    @Test func shardsAddUpInOneStatsFile() throws {
        let dir = try Self.fixture("jobs")
        let a = try CLI.run(["test", "-c", "--shard", "1/2"], in: dir)
        let b = try CLI.run(["test", "-c", "--shard", "2/2"], in: dir)
        #expect(a.status == 0 && b.status == 0)
        let stats = try #require(Self.read(dir, "luacov.stats.out"))
        let counts = stats.split(separator: "\n")[1].split(separator: " ").compactMap { Int($0) }
        // Each test ran in one of the shards (add: twice from its spec,
        // three times from sum's; each branch of sign once); each file's top
        // level ran in both shards (six loads of the library).
        #expect(counts[4] == 5 && counts[17] == 1 && counts[19] == 1 && counts[21] == 1)
        #expect(counts[1] == 6)
    }

    @Test func countingGoesOnBesideTimeLimitsUserHooksAndCoroutines() throws {
        let dir = try Self.fixture("hooks")
        let r = try CLI.run(["test", "-o", "plain", "-c", "--timeout", "0.3"], in: dir)
        #expect(r.stdout.hasSuffix("4 passed, 1 failed, 0 pending\n"), "\(r.stdout)")
        #expect(r.stdout.contains("time limit exceeded (0.3 s)"))
        let stats = try #require(Self.read(dir, "luacov.stats.out"))
        let counts = stats.split(separator: "\n")[1].split(separator: " ").compactMap { Int($0) }
        // add: after the limit fired and under a call hook; loop: under a
        // user's line hook (3 iterations) and in a coroutine (2).
        #expect(counts[5] == 2)
        #expect(counts[9] == 7 && counts[10] == 5)
    }

    // MARK: formats

    @Test func lcovHasOneRecordPerReportedFile() throws {
        let dir = try Self.fixture("jobs")
        _ = try CLI.run(["test", "-c", "--coverage-format", "lcov"], in: dir)
        let lcov = try #require(Self.read(dir, "lcov.info"))
        let lines = lcov.split(separator: "\n").map(String.init)
        #expect(lines.first == "TN:")
        #expect(lines.filter { $0.hasPrefix("SF:") } == ["SF:src/calc.lua"])
        let da = lines.filter { $0.hasPrefix("DA:") }
        #expect(lines.contains("LF:\(da.count)"))
        #expect(lines.contains("LH:\(da.filter { !$0.hasSuffix(",0") }.count)"))
        #expect(da.contains("DA:26,0") && da.contains("DA:5,5"))
        #expect(lines.last == "end_of_record")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/genhtml"),
                   "genhtml (Debian's lcov package) is not installed; skipped"))
    func lcovIsAcceptedByGenhtml() throws {
        let dir = try Self.fixture("basic")
        _ = try CLI.run(["test", "-c", "--coverage-format", "lcov"], in: dir)
        let (status, out) = try Self.tool("/usr/bin/genhtml", ["-o", "html-out", "lcov.info"], in: dir)
        #expect(status == 0, "\(out)")
        #expect(out.contains("lines......: 91.9% (79 of 86 lines)"), "\(out)")
        #expect(Self.exists(dir, "html-out/index.html"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint"),
                   "xmllint (libxml2-utils) is not installed; skipped"))
    func coberturaValidatesAgainstItsDTD() throws {
        let dir = try Self.fixture("basic")
        _ = try CLI.run(["test", "-c", "--coverage-format", "cobertura"], in: dir)
        let dtd = CLI.fixtures.appendingPathComponent("coverage/coverage-04.dtd").path
        let (status, out) = try Self.tool("/usr/bin/xmllint", ["--nonet", "--noout", "--dtdvalid", dtd, "cobertura.xml"], in: dir)
        #expect(status == 0, "\(out)")
        let xml = try #require(Self.read(dir, "cobertura.xml"))
        #expect(xml.contains("lines-covered=\"79\" lines-valid=\"86\""))
        #expect(xml.contains("<class name=\"src/pkg/sub.lua\" filename=\"src/pkg/sub.lua\""))
    }

    @Test func htmlIsOnePageWithEveryLineAnnotated() throws {
        let dir = try Self.fixture("jobs")
        _ = try CLI.run(["test", "-c", "--coverage-format", "html"], in: dir)
        let html = try #require(Self.read(dir, "luacov.report.html"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script") && !html.contains("http"))
        #expect(html.contains("<tr class=\"hit\"><td class=\"n\">5</td><td class=\"c\">5</td><td class=\"code\">  return a + b</td></tr>"))
        #expect(html.contains("<tr class=\"missed\"><td class=\"n\">26</td><td class=\"c\">0</td><td class=\"code\">  return &quot;not called&quot;</td></tr>"))
        #expect(html.contains("<tr><td class=\"n\">1</td><td class=\"c\"></td><td class=\"code\">-- A library"))
        #expect(html.components(separatedBy: "<td class=\"n\">").count - 1 == 29)
    }

    // MARK: specs that require luacov

    @Test func specsRequiringLuacovGetItsAPIWithoutLuacovInstalled() throws {
        let dir = try Self.fixture("shim")
        let r = try CLI.run(["test", "-o", "plain"], in: dir)
        #expect(r.stdout.hasSuffix("5 passed, 0 failed, 0 pending\n"), "\(r.stdout)")
        // No -c: the spec's require started counting; the run saved it, and
        // wrote no report, as luacov's runner writes none unless asked.
        #expect(Self.read(dir, "luacov.stats.out") == "11:src/greet.lua\n1 0 1 1 1 0 1 0 1 0 1 \n")
        #expect(!Self.exists(dir, "luacov.report.out"))
        try Self.askForReport(dir)
        try FileManager.default.removeItem(at: dir.appendingPathComponent("luacov.stats.out"))
        _ = try CLI.run(["test"], in: dir)
        #expect(Self.read(dir, "luacov.report.out")?.contains("*0   return \"bye, \" .. name") == true)
    }
}

/// The stats file format on its own.
@Suite("coverage stats file")
struct CoverageStatsTests {
    @Test func writesLuacovsLayout() {
        var s = CoverageStats()
        s.add("b.lua", counts: [1: 2, 3: 1])
        s.add("a.lua", counts: [2: 5])
        #expect(String(decoding: s.serialized, as: UTF8.self) == "2:a.lua\n0 5 \n3:b.lua\n2 0 1 \n")
        #expect(CoverageStats().serialized.isEmpty)
    }

    @Test func readsWhatItWritesAndAddsUp() {
        var s = CoverageStats()
        s.add("x.lua", counts: [1: 1, 4: 2])
        var t = CoverageStats.parse(s.serialized)
        #expect(t == s)
        t.merge(s)
        #expect(String(decoding: t.serialized, as: UTF8.self) == "4:x.lua\n2 0 0 4 \n")
    }

    @Test func workersSendCountsAndSettingsAsRecords() throws {
        let counts = Record.coverage(file: "src/a b\tc.lua", counts: [1: 3, 10: 1, 7: 12])
        #expect(counts.line == "C\tsrc/a b\\tc.lua\t1:3,7:12,10:1\n")
        #expect(Record.parse(Substring(counts.line.dropLast()), file: "x") == counts)
        let settings = Record.coverageConfig("statsfile\t/tmp/s\ninclude\tsrc/\\t")
        #expect(Record.parse(Substring(settings.line.dropLast()), file: "x") == settings)
    }

    @Test func readsAsTolerantlyAsLuacovAndStopsWhereItStops() {
        // Any whitespace between numbers; a name with a newline ends the file.
        let s = CoverageStats.parse(Array("2:a.lua\n1 \n  2 \n2:local y = 2\nreturn y\n1 1 \n1:z.lua\n1 \n".utf8))
        #expect(s.sortedNames == ["a.lua", "local y = 2"])
        #expect(s.files["a.lua"]?.hits == [0, 1, 2])
        #expect(s.files["local y = 2"]?.max == 2)
    }
}

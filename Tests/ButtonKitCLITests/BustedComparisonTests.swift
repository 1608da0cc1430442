import Foundation
import Glibc
import Testing
import ButtonKitTestSupport

/// Debian's busted 2.1.1 (`lua-busted`, which scripts/bootstrap installs),
/// run on the same files as `buttonkit test`, for the comparisons below.
enum Busted {
    static let executable = URL(fileURLWithPath: "/usr/bin/busted")
    static var installed: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }
    static let missing: Comment = "Debian's busted is not installed: scripts/bootstrap installs lua-busted for these comparisons"

    static let fixtures = CLI.fixtures.appendingPathComponent("busted-compare")

    /// A scratch copy of `busted-compare/<name>` (runs write files there).
    static func copy(_ name: String) throws -> URL {
        let dir = try CLI.scratch().appendingPathComponent(name)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: dir)
        return dir
    }

    /// What both runners did with the same files.
    struct Pair {
        let busted: CLI.Result, ours: CLI.Result
        /// The copies each ran in (to read what the runs wrote).
        let bustedDir: URL, oursDir: URL
    }

    /// `busted ARGS` and `buttonkit test ARGS`, at once, each in its own copy
    /// of the fixture.
    static func both(_ args: [String], fixture: String, env: [String: String] = [:]) throws -> Pair {
        let dirs = [try copy(fixture), try copy(fixture)]
        final class Slots: @unchecked Sendable { var results: [Result<CLI.Result, Error>?] = [nil, nil] }
        let slots = Slots()
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            let r = Result {
                try CLI.run(i == 0 ? args : ["test"] + args, in: dirs[i], env: env, executable: i == 0 ? executable : nil)
            }
            lock.lock(); slots.results[i] = r; lock.unlock()
        }
        return Pair(busted: try slots.results[0]!.get(), ours: try slots.results[1]!.get(), bustedDir: dirs[0], oursDir: dirs[1])
    }

    /// busted's XML with its attributes in one order and its times masked:
    /// Penlight writes attributes in hash order, which changes from run to
    /// run (so two busted runs differ in their bytes).
    static func xml(_ s: String) -> String {
        var out = ""
        var rest = Substring(BustedOutputTests.normalized(s))
        while let open = rest.range(of: #"<[A-Za-z]+( [a-z]+='[^']*')*/?>"#, options: .regularExpression) {
            out += rest[..<open.lowerBound]
            let tag = String(rest[open])
            let name = tag.dropFirst().prefix { $0.isLetter }
            var attrs: [String] = []
            var a = Substring(tag)
            while let m = a.range(of: #"[a-z]+='[^']*'"#, options: .regularExpression) {
                var attr = String(a[m])
                if attr.hasPrefix("time='") || attr.hasPrefix("timestamp='") { attr = String(attr.prefix { $0 != "=" }) + "='T'" }
                attrs.append(attr)
                a = a[m.upperBound...]
            }
            out += "<" + name + attrs.sorted().map { " " + $0 }.joined() + (tag.hasSuffix("/>") ? "/>" : ">")
            rest = rest[open.upperBound...]
        }
        return out + rest
    }

    /// Each JSON document on its own line, parsed, with the clocks masked
    /// and written with sorted keys: busted's dkjson writes keys in hash
    /// order, which changes from run to run.
    static func json(_ s: String) throws -> [String] {
        func mask(_ v: Any) -> Any {
            if let d = v as? [String: Any] {
                var o: [String: Any] = [:]
                for (k, x) in d {
                    o[k] = ["starttick", "endtick", "starttime", "endtime", "duration"].contains(k) ? "T" : mask(x)
                }
                return o
            }
            if let a = v as? [Any] { return a.map(mask) }
            if let t = v as? String { return BustedOutputTests.normalized(t) }
            return v
        }
        return try s.split(separator: "\n").filter { $0.hasPrefix("{") }.map { line in
            let v = try JSONSerialization.jsonObject(with: Data(line.utf8))
            let data = try JSONSerialization.data(withJSONObject: mask(v), options: [.sortedKeys, .prettyPrinted])
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// The counts busted's plainTerminal closes with.
    static func counts(_ s: String) -> String? {
        s.split(separator: "\n").first { $0.contains(" success") && $0.contains(" pending : ") }
            .map { String($0.prefix { $0 != ":" }) }
    }
}

/// Each point of issue 20, as a test that runs the same files under Debian's
/// busted and under `buttonkit test` and compares: exit codes, counts and
/// the bytes of busted's outputs (times and addresses masked; JUnit's
/// attributes and JSON's keys in one order, since busted's own order
/// changes from run to run). Where busted cannot run the files (coverage
/// needs luacov, which Debian lacks; `--lua` names a Lua that is not
/// there) the test says what ButtonKit does instead.
@Suite("the same files under busted and buttonkit test", .enabled(if: Busted.installed, Busted.missing))
struct BustedComparisonTests {
    /// Point 1: no time or memory limit unless asked for, as busted: a test
    /// that waits 12 s and one that holds 1.1 GB pass under both; asked
    /// for, the limits fail them.
    @Test func noTimeOrMemoryLimitUnlessAsked() throws {
        let r = try Busted.both(["spec"], fixture: "limits")
        #expect(r.busted.status == 0, "\(r.busted.stdout)\(r.busted.stderr)")
        #expect(r.ours.status == 0, "\(r.ours.stdout)\(r.ours.stderr)")
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout))
        #expect(Busted.counts(r.ours.stdout) == "2 successes / 0 failures / 0 errors / 0 pending ")
        // 5 s: the other test waits in sleeps, and the big one must reach
        // the ceiling first even on a busy machine.
        let limited = try CLI.run(["test", "--timeout", "5", "--max-memory", "512", "spec"], in: try Busted.copy("limits"))
        #expect(limited.status == 1)
        #expect(limited.stdout.contains("time limit exceeded (5 s)"), "\(limited.stdout)")
        #expect(limited.stdout.contains("memory limit exceeded (512 MB per spec file)"), "\(limited.stdout)")
    }

    /// Point 2: busted's events reach subscribers in a --helper and in the
    /// spec itself, with busted's elements, order and propagation (a
    /// subscriber that returns no `true` stops the event). One spec file
    /// with the suite's events; two files without (each file's state sees
    /// its own suite here, busted's one state the run's).
    @Test(arguments: [["--helper=helper.lua", "-Xhelper", "suite", "spec/a_spec.lua"], ["--helper=helper.lua", "--sort-files", "spec"]])
    func eventsReachSubscribersInHelpersAndSpecs(_ args: [String]) throws {
        let r = try Busted.both(args, fixture: "events")
        #expect(r.ours.status == r.busted.status)
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout))
        let heard = try String(contentsOf: r.oursDir.appendingPathComponent("events.log"), encoding: .utf8)
        let want = try String(contentsOf: r.bustedDir.appendingPathComponent("events.log"), encoding: .utf8)
        #expect(heard == want)
        #expect(heard.contains("failure.it it:fails in describe:lifecycle"))
        #expect(!heard.contains("not stopped!"))
    }

    /// Point 3: an output handler on busted's base handler hears each test
    /// once, with busted's elements (names, parents, traces), through a
    /// pipe too: the runner's unwritten output no longer went into every
    /// worker it forked, to be written again when each ended.
    @Test func aHandlerSeesEachTestOnceWithBustedsElements() throws {
        let handler = Busted.fixtures.appendingPathComponent("handlers/dump.lua").path
        let r = try Busted.both(["--sort-files", "-o", handler, "spec"], fixture: "formats")
        #expect(r.ours.status == r.busted.status)
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout))
        #expect(r.ours.stdout.components(separatedBy: "test.end it \"passes deeper\"").count == 2)
    }

    /// The runner batches its standard output through a pipe
    /// (`StandardOutput`): what tests print, the progress marks and an
    /// output handler's own `io.write` (past C's 4 KB buffer now and then)
    /// still come out in busted's order, byte for byte.
    @Test func batchedOutputKeepsBustedsOrderThroughAPipe() throws {
        let plain = try Busted.both(["spec"], fixture: "batched")
        #expect(plain.ours.status == 0 && plain.ours.status == plain.busted.status)
        #expect(BustedOutputTests.normalized(plain.ours.stdout) == BustedOutputTests.normalized(plain.busted.stdout))
        let handler = Busted.fixtures.appendingPathComponent("handlers/loud.lua").path
        let loud = try Busted.both(["-o", handler, "spec"], fixture: "batched")
        #expect(loud.ours.status == loud.busted.status)
        #expect(loud.ours.stdout == loud.busted.stdout)
        #expect(loud.ours.stdout.contains("printed by test 39\nhandler: test 39 success\n"))
    }

    /// Point 4: `-o junit` is busted's document (a testsuite per run,
    /// classnames `file:line`, `skipped` for pending, errors outside tests
    /// as errors of the suite), and `-Xoutput FILE` writes it to FILE.
    @Test func junitIsBustedsAndXoutputNamesItsFile() throws {
        let r = try Busted.both(["--sort-files", "-o", "junit", "spec"], fixture: "formats")
        #expect(r.ours.status == r.busted.status)
        // busted prints what tests print into the document; ButtonKit keeps
        // the document whole and prints it on standard error.
        func document(_ s: String) -> String { s.range(of: "\n<testsuites").map { String(s[$0.lowerBound...]) } ?? s }
        #expect(Busted.xml(r.ours.stdout) == Busted.xml(document(r.busted.stdout)))
        #expect(r.ours.stderr.contains("hello from a test"))
        let f = try Busted.both(["--sort-files", "-o", "junit", "-Xoutput", "out/report.xml", "spec"], fixture: "formats")
        #expect(f.ours.status == f.busted.status)
        // busted cannot make the folder: it writes to standard output then.
        #expect(f.ours.stdout == "hello from a test\n")  // what the tests printed, nothing else
        let ours = try String(contentsOf: f.oursDir.appendingPathComponent("out/report.xml"), encoding: .utf8)
        #expect(Busted.xml(ours) == Busted.xml(document(r.busted.stdout)))
        let flat = try Busted.both(["--sort-files", "-o", "junit", "-Xoutput", "report.xml", "spec"], fixture: "formats")
        let a = try String(contentsOf: flat.bustedDir.appendingPathComponent("report.xml"), encoding: .utf8)
        let b = try String(contentsOf: flat.oursDir.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(Busted.xml(b) == Busted.xml(a))
        #expect(flat.ours.stdout == flat.busted.stdout)
    }

    /// Point 5: without -o the output is busted's: plainTerminal through a
    /// pipe, utfTerminal on a terminal (colours too: NO_COLOR is empty).
    @Test func theDefaultOutputIsBustedsThroughAPipeAndOnATerminal() throws {
        let r = try Busted.both(["--sort-files", "spec"], fixture: "formats")
        #expect(r.ours.status == r.busted.status)
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout))
        #expect(r.ours.stdout.contains("9 successes / 3 failures / 8 errors / 2 pending : "))
        func onTerminal(_ argv: [String]) throws -> String {
            let dir = try Busted.copy("formats")
            let pty = try PTY(["/usr/bin/env", "-C", dir.path] + argv + ["--sort-files", "spec"], env: ["NO_COLOR": ""])
            let text = pty.read(timeout: 60)  // to the end of its output
            _ = pty.wait(timeout: 10)
            return BustedOutputTests.normalized(text)
        }
        let busted = try onTerminal([Busted.executable.path])
        let ours = try onTerminal([CLI.binary.path, "test"])
        #expect(ours == busted)
        #expect(ours.contains("\u{1B}[32m●"), "\(ours.debugDescription)")
    }

    /// busted's looks on the same files (every kind of result, errors in
    /// describes and every hook), with and without -v: after_each's error
    /// now follows its test, as busted reports the test first.
    @Test(arguments: ["utfTerminal", "plainTerminal", "gtest"], ["", "-v"])
    func bustedsLooksMatchBustedOnTheSameFiles(_ format: String, _ verbose: String) throws {
        let r = try Busted.both(["--sort-files", "-o", format] + (verbose.isEmpty ? [] : [verbose]) + ["spec"], fixture: "formats")
        #expect(r.ours.status == r.busted.status)
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout))
    }

    /// Point 6: `-o TAP` is busted's TAP (`# SKIP` and `# ` lines where
    /// busted puts them, names as they are), with and without -v.
    @Test(arguments: ["", "-v"])
    func tapIsBustedsTAP(_ verbose: String) throws {
        let r = try Busted.both(["--sort-files", "-o", "TAP"] + (verbose.isEmpty ? [] : [verbose]) + ["spec"], fixture: "formats")
        #expect(r.ours.status == r.busted.status)
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout))
        #expect(r.ours.stdout.contains("ok 8 - # SKIP spec/a_spec.lua:28: not yet\n"))
    }

    /// Point 7: `-o json` is busted's document: elements with the test's own
    /// name and where it was registered, an error table kept as a table,
    /// busted's traces. (busted's handler cannot write a document once a
    /// `pending("...")` block ran, so those files are left out of the
    /// comparison; ButtonKit writes one, as the last check shows.)
    @Test func jsonIsBustedsDocument() throws {
        let r = try Busted.both(["--sort-files", "-o", "json", "spec/a_spec.lua", "spec/b_spec.lua"], fixture: "formats")
        #expect(r.ours.status == r.busted.status)
        let ours = try Busted.json(r.ours.stdout), theirs = try Busted.json(r.busted.stdout)
        #expect(ours.count == 1)
        #expect(ours == theirs)
        #expect(r.ours.stdout.split(separator: "\n").count == 1)
        let pending = try CLI.run(["test", "-o", "json", "spec/c_spec.lua"], in: try Busted.copy("formats"))
        let doc = try JSONSerialization.jsonObject(with: Data(pending.stdout.utf8)) as? [String: Any]
        #expect((doc?["pendings"] as? [Any])?.count == 1)
    }

    /// Point 8: an expose directly in a file carries what it set (globals,
    /// package.loaded) into the files after it, as busted's does; what the
    /// file set outside it and an insulate block's stay behind.
    @Test func exposeCarriesIntoLaterFiles() throws {
        let r = try Busted.both(["--sort-files", "spec"], fixture: "expose")
        #expect(r.ours.status == r.busted.status)
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout))
        #expect(Busted.counts(r.ours.stdout) == Busted.counts(r.busted.stdout))
    }

    /// Point 9: `-C feat -f feat/alt.busted` reads feat/alt.busted from the
    /// folder the command started in, as busted does (feat/feat/alt.busted,
    /// which reading it inside -C would find, names other specs).
    @Test func configFileIsReadFromTheStartingFolder() throws {
        let r = try Busted.both(["-C", "feat", "-f", "feat/alt.busted"], fixture: "config")
        #expect(r.ours.status == 0 && r.busted.status == 0)
        #expect(r.ours.stdout == r.busted.stdout)
        #expect(r.ours.stdout == "ok 1 - the spec alt.busted names runs\n1..1\n")
    }

    /// Point 9, further: the config file runs where specs run, as busted
    /// runs it in its one state: an assertion it registers and a global it
    /// defines (BlueLua/mods' .busted does both) reach every spec file.
    @Test func configFileRunsWhereSpecsRun() throws {
        let r = try Busted.both([], fixture: "dotbusted")
        #expect(r.ours.status == r.busted.status)
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout))
        #expect(Busted.counts(r.ours.stdout) == "3 successes / 1 failure / 0 errors / 0 pending ")
    }

    /// busted's errors of the run itself, in its output: a path that does
    /// not exist, no spec file found; a spec in another language (a
    /// MoonScript `_spec.moon`) is found and skipped, so a suite of those
    /// passes with no test, as under busted without moonscript.
    @Test(arguments: [["nothing"], ["spec"], ["moon"], ["nothing", "moon"], ["-o", "TAP", "moon"]])
    func missingPathsAndFoldersWithoutSpecsAreBustedsErrors(_ args: [String]) throws {
        let r = try Busted.both(args, fixture: "roots")
        #expect(r.ours.status == r.busted.status, "\(args)")
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout), "\(args)")
    }

    /// Point 10: `--lua` naming a Lua 5.4 runs as busted does (busted runs
    /// itself under it); any other Lua is refused with exit 2, since the
    /// specs would still run in ButtonKit's 5.4 (busted here has no luajit
    /// to run under).
    @Test func luaMustNameALua54() throws {
        let r = try Busted.both(["--lua=lua5.4", "spec"], fixture: "lua")
        #expect(r.ours.status == 0 && r.busted.status == 0, "\(r.ours.stderr)")
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout))
        let dir = try Busted.copy("lua")
        let jit = try CLI.run(["test", "--lua=luajit", "spec"], in: dir)
        #expect(jit.status == 2)
        #expect(jit.stderr.contains("--lua luajit: cannot run it"), "\(jit.stderr)")
        #expect(jit.stdout.isEmpty)
        let other = try CLI.run(["test", "--lua=sh -c 'echo Lua 5.1' #", "spec"], in: dir)
        #expect(other.status == 2)
        #expect(other.stderr.contains("is Lua 5.1; ButtonKit runs specs in its own Lua 5.4 only"), "\(other.stderr)")
    }

    /// Point 11: `--list` prints what busted prints, in every busted output
    /// (no closing line; a test in a file's main chunk by its name alone).
    @Test(arguments: ["plainTerminal", "utfTerminal", "gtest", "TAP", "json", "junit"])
    func listPrintsWhatBustedPrints(_ format: String) throws {
        let r = try Busted.both(["-o", format, "--list", "spec"], fixture: "list")
        #expect(r.ours.status == r.busted.status)
        #expect(Busted.xml(r.ours.stdout) == Busted.xml(r.busted.stdout))
        #expect(r.ours.stdout.hasPrefix("spec/a_spec.lua:2: listed first\n"))
    }

    /// Point 12 (busted -c needs luacov, which Debian does not ship, so this
    /// one is ButtonKit's alone): under -c luacov's runner is loaded, as
    /// `busted -c` leaves it, and a child process started with
    /// `arg[-1] -lluacov` is counted into the same stats file; the report is
    /// written only when .luacov asks (`runreport = true`), as luacov does.
    @Test func coverageLoadsLuacovsRunnerAndWritesTheReportOnlyWhenAsked() throws {
        let dir = try CLI.scratch()
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("src"), withIntermediateDirectories: true)
        try "local M = {}\nfunction M.double(x)\n  return x * 2\nend\nreturn M\n"
            .write(to: dir.appendingPathComponent("src/lib.lua"), atomically: true, encoding: .utf8)
        try "print(require('src.lib').double(21))\n".write(to: dir.appendingPathComponent("child.lua"), atomically: true, encoding: .utf8)
        try #"""
        it("sees luacov's runner as busted -c leaves it, and counts a child", function()
          assert.are.equal(os.getenv("COVERED") == "1", package.loaded["luacov.runner"] ~= nil)
          local f = io.popen(arg[-1] .. (package.loaded["luacov.runner"] and " -lluacov" or "") .. " child.lua")
          assert.are.equal("42\n", f:read("a"))
          f:close()
        end)
        """#.write(to: dir.appendingPathComponent("spec/cov_spec.lua"), atomically: true, encoding: .utf8)
        let plain = try CLI.run(["test", "spec"], in: dir, env: ["COVERED": "0"])
        #expect(plain.status == 0, "\(plain.stdout)")
        let covered = try CLI.run(["test", "-c", "spec"], in: dir, env: ["COVERED": "1"])
        #expect(covered.status == 0, "\(covered.stdout)")
        let stats = try String(contentsOf: dir.appendingPathComponent("luacov.stats.out"), encoding: .utf8)
        #expect(stats.contains("5:src/lib.lua\n1 1 1 1 1 \n"), "\(stats)")
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent("luacov.report.out").path))
        try "runreport = true\n".write(to: dir.appendingPathComponent(".luacov"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["test", "-c", "spec"], in: dir, env: ["COVERED": "1"]).status == 0)
        #expect(fm.fileExists(atPath: dir.appendingPathComponent("luacov.report.out").path))
    }

    /// Point 13 (ButtonKit's own specs, which need `ui`: busted cannot run
    /// them): the project's specs pass in a copy of the tree that, like a
    /// fresh clone, has no .build.
    @Test func theProjectsSpecsPassWithoutABuildFolder() throws {
        let dir = try CLI.scratch()
        let fm = FileManager.default
        // examples/: the specs of the app's own files load examples/Shop.
        // Tests/Fixtures: specs load its storyboards, XIBs and app code too.
        try fm.createDirectory(at: dir.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        for name in ["spec", ".busted", "examples", "Tests/Fixtures"] {
            try fm.copyItem(at: CLI.root.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        // What a clone has of spec/scratch: its .gitignore only.
        let scratch = dir.appendingPathComponent("spec/scratch")
        for f in try fm.contentsOfDirectory(atPath: scratch.path) where f != ".gitignore" {
            try fm.removeItem(at: scratch.appendingPathComponent(f))
        }
        #expect(!fm.fileExists(atPath: dir.appendingPathComponent(".build").path))
        let r = try CLI.run(["test"], in: dir)
        #expect(r.status == 0, "\(r.stdout)")
        #expect(r.stdout.contains(" 0 failures / 0 errors / "), "\(r.stdout)")
        #expect(try fm.contentsOfDirectory(atPath: scratch.path) == [".gitignore"])
    }
}

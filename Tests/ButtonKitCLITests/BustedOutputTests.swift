import Foundation
import Testing
import ButtonKitTestSupport

/// busted's outputs, through the built binary: its own looks by its names,
/// compared with what busted 2.1.1 printed for the same suite (kept in
/// Tests/Fixtures/busted-sample/expected, timings replaced by T), and
/// output handlers written for busted's interface.
@Suite("busted's outputs", .serialized)
struct BustedOutputTests {
    static let sample = CLI.fixtures.appendingPathComponent("busted-sample")

    /// Timings vary from run to run: `0.0044 seconds` and `(0.11 ms)` become
    /// T, and addresses (`table: 0x55…`) 0xADDR.
    static func normalized(_ s: String) -> String {
        var out = ""
        var rest = Substring(s)
        // Replace "<digits>.<digits> " before ms/seconds with "T ".
        // (In colour the number may end with a reset code before its unit.)
        while let r = rest.range(of: #"[0-9]+\.[0-9]+(\x1B\[0m)? (ms|seconds)"#, options: .regularExpression) {
            out += rest[..<r.lowerBound]
            let unit = rest[r].hasSuffix("ms") ? "ms" : "seconds"
            out += "T " + unit
            rest = rest[r.upperBound...]
        }
        out += rest
        // Table and function addresses differ from run to run too.
        return out.replacingOccurrences(of: #"0x[0-9a-f]+"#, with: "0xADDR", options: .regularExpression)
    }

    static func expected(_ name: String) throws -> String {
        try String(contentsOf: sample.appendingPathComponent("expected/\(name).txt"), encoding: .utf8)
    }

    @Test(arguments: ["plainTerminal", "utfTerminal", "gtest"], ["", "-v"])
    func bustedsLooksByTheirNames(_ format: String, _ verbose: String) throws {
        let args = ["test"] + (verbose.isEmpty ? [] : [verbose]) + ["-o", format, "--sort-files", "spec"]
        let r = try CLI.run(args, in: Self.sample)
        #expect(r.status == 1)
        #expect(Self.normalized(r.stdout) == (try Self.expected(format + verbose)))
    }

    /// What tests print shows between the progress marks where busted puts
    /// it, through a pipe as on a terminal (busted 2.1.1's output kept).
    @Test(arguments: ["plainTerminal", "utfTerminal", "gtest"])
    func printsLandBetweenTheMarksAsInBusted(_ format: String) throws {
        let dir = CLI.fixtures.appendingPathComponent("busted-prints")
        let r = try CLI.run(["test", "-o", format, "spec"], in: dir)
        let want = try String(contentsOf: dir.appendingPathComponent("expected/\(format).txt"), encoding: .utf8)
        #expect(Self.normalized(r.stdout) == want)
    }

    /// `--shuffle --seed 7` runs files and tests in busted's order (Lua's
    /// generator, seeded for every block) and gtest names the seed beside
    /// each failure, as busted 2.1.1 printed it.
    @Test func aShuffledRunFollowsBustedsOrderForTheSameSeed() throws {
        let r = try CLI.run(["test", "-o", "gtest", "--shuffle", "--seed", "7", "spec"], in: Self.sample)
        #expect(Self.normalized(r.stdout) == (try Self.expected("gtest-shuffle-7")))
    }

    /// Where busted places a result: a test defined in a helper the spec
    /// requires at the helper's line, an error raised while a module loads
    /// at the module's line, with the trace cut at the first C function.
    @Test(arguments: ["plainTerminal", "gtest"], ["", "-v"])
    func resultsArePlacedWhereBustedPlacesThem(_ format: String, _ verbose: String) throws {
        let dir = CLI.fixtures.appendingPathComponent("busted-places")
        let r = try CLI.run(["test"] + (verbose.isEmpty ? [] : [verbose]) + ["-o", format, "--sort-files", "spec"], in: dir)
        let want = try String(contentsOf: dir.appendingPathComponent("expected/\(format)\(verbose).txt"), encoding: .utf8)
        #expect(Self.normalized(r.stdout) == want)
    }

    /// busted shuffles hooks along with tests: with hooks registered among
    /// the tests (setup, before_each, after_each, lazy_setup, teardown, in
    /// nested blocks too) the order is still busted's.
    @Test func hooksTakePartInTheShuffleAsInBusted() throws {
        let dir = CLI.fixtures.appendingPathComponent("busted-shuffle")
        let r = try CLI.run(["test", "-o", "gtest", "--shuffle", "--seed", "42", "spec"], in: dir)
        let want = try String(contentsOf: dir.appendingPathComponent("expected/gtest-42.txt"), encoding: .utf8)
        #expect(Self.normalized(r.stdout) == want)
    }

    /// A file that does not compile and one whose top level raises, as
    /// busted 2.1.1 shows them (Tests/Fixtures/busted-load-errors/expected:
    /// the first with its message and no place, the second at its line and
    /// named after its suite). busted's own gtest handler crashes on the
    /// first, so it has no expected file.
    @Test(arguments: ["plainTerminal", "utfTerminal"])
    func filesThatDoNotLoadLookAsInBusted(_ format: String) throws {
        let dir = CLI.fixtures.appendingPathComponent("busted-load-errors")
        let r = try CLI.run(["test", "-o", format, "--sort-files", "spec"], in: dir)
        #expect(r.status == 1)
        let want = try String(contentsOf: dir.appendingPathComponent("expected/\(format).txt"), encoding: .utf8)
        #expect(Self.normalized(r.stdout) == want)
    }

    /// CI lines pass `-Xoutput --color` for logs that render colour; busted's
    /// looks take it (and `--plain`) from their arguments, as busted's do.
    @Test(arguments: ["gtest", "utfTerminal"])
    func xoutputColorForcesColourInBustedsLooks(_ format: String) throws {
        let coloured = try CLI.run(["test", "-o", format, "-Xoutput", "--color", "--sort-files", "spec"], in: Self.sample)
        #expect(coloured.stdout.contains("\u{1B}[32m"))
        let plain = try CLI.run(["test", "-o", format, "-Xoutput", "--plain", "--sort-files", "spec"], in: Self.sample)
        #expect(!plain.stdout.contains("\u{1B}["))
    }

    @Test func bustedsOwnTAPHandlerFromItsFilesGivesBustedsTAP() throws {
        let handler = "/usr/share/lua/5.4/busted/outputHandlers/TAP.lua"
        guard FileManager.default.fileExists(atPath: handler) else { return }  // lua-busted is not installed here
        for verbose in ["", "-v"] {
            let r = try CLI.run(["test"] + (verbose.isEmpty ? [] : [verbose]) + ["-o", handler, "--sort-files", "spec"], in: Self.sample)
            #expect(r.status == 1)
            #expect(Self.normalized(r.stdout) == (try Self.expected("TAP" + verbose)))
        }
    }

    @Test func aHandlerWrittenForBustedSeesItsEventsCountsAndArguments() throws {
        let r = try CLI.run(["test", "-o", "handlers/counts.lua", "-Xoutput", "a,b", "-Xoutput", "c", "failing"])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("args:a|b|c\n"))
        #expect(r.stdout.contains("end mixed <&> \"quotes\" fails failure\n"))
        #expect(r.stdout.contains("end mixed <&> \"quotes\" skips pending\n"))
        #expect(r.stdout.contains("COUNTS successes=1 failures=2 errors=1 pending=1\n"))
    }

    @Test func aHandlerSeesHookAndDescribeErrorsWithoutTestEvents() throws {
        let r = try CLI.run(["test", "-o", CLI.fixtures.appendingPathComponent("handlers/counts.lua").path, "spec/derr_spec.lua"],
                            in: Self.sample)
        // busted hands over the describe itself: its own name, not the full one.
        #expect(r.stdout.contains("describe error broken\n"))
        #expect(r.stdout.contains("COUNTS successes=1 failures=0 errors=3 pending=0\n"), "\(r.stdout)")
    }

    @Test func aFailingHandlerMakesTheRunFail() throws {
        let r = try CLI.run(["test", "-o", "handlers/broken.lua", "passing"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("the output handler failed on 'test.end'"))
        #expect(r.stderr.contains("handler bug"))
    }

    /// As busted: a handler that cannot be found is said (with the name
    /// meant), the run goes on in the default output and ends with status 1
    /// even when every test passes (busted-htest missing from a CI image).
    @Test func anUnknownHandlerIsSaidAndTheRunGoesOnInTheDefaultOutput() throws {
        let r = try CLI.run(["test", "-o", "gtset", "passing"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot load output handler 'gtset'"))
        #expect(r.stderr.contains("did you mean 'gtest'?"))
        #expect(r.stdout.contains("4 successes / 0 failures / 0 errors / 1 pending : "), "\(r.stdout)")
    }

    @Test func proveAcceptsOurTAP() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/prove") else { return }
        func prove(_ suite: String) throws -> (Int32, String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/prove")
            // prove runs the command once per spec file it is given.
            let files = try FileManager.default.contentsOfDirectory(atPath: CLI.fixtures.appendingPathComponent(suite).path)
                .filter { $0.hasSuffix("_spec.lua") }.sorted().map { suite + "/" + $0 }
            p.arguments = ["-e", "\(CLI.binary.path) test -o TAP"] + files
            p.currentDirectoryURL = CLI.fixtures
            let out = Pipe()
            p.standardOutput = out
            p.standardError = out
            try p.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text)
        }
        let (okStatus, ok) = try prove("passing")
        #expect(okStatus == 0 && ok.contains("Result: PASS"), "\(ok)")
        let (badStatus, bad) = try prove("failing")
        #expect(badStatus != 0 && bad.contains("Result: FAIL"))
        #expect(!bad.contains("Parse errors"), "\(bad)")
    }
}

/// `arg` as busted gives it: arg[-1] is an interpreter with lua.c's command line.
@Suite("arg[-1] as a Lua interpreter")
struct InterpreterTests {
    @Test func specsRunLuaThroughArgMinusOne() throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try #"""
        it("runs lua through arg[-1], as luacheck's helper does", function()
          local f = io.popen(arg[-1] .. ' -e "io.write(1 + 1)" -e "io.write(type(ui))"')
          local out = f:read("a"); f:close()
          assert.are.equal("2table", out)
          local index, lua = -1, "lua"
          while arg[index] do lua = arg[index]; index = index - 1 end
          local g = io.popen(lua .. ' -l s=string -e "print(s.rep(\'x\', 3))"')
          assert.are.equal("xxx\n", g:read("a")); g:close()
        end)
        """#.write(to: dir.appendingPathComponent("spec/arg_spec.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test", "spec"], in: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
    }

    @Test func luaCommandBuildsArgAsLuaDoes() throws {
        let dir = try CLI.scratch()
        try "print(arg[0], arg[1], arg[2], arg[-1], select('#', ...))".write(to: dir.appendingPathComponent("s.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["lua", "-e", "x = 1", "s.lua", "a", "b"], in: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "s.lua\ta\tb\tx = 1\t2\n")
        let bad = try CLI.run(["lua", "-Q"])
        #expect(bad.status == 1 && bad.stderr.contains("unrecognized option '-Q'"))
    }
}

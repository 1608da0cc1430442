import Foundation
import Testing
import ButtonKitTestSupport

/// Every busted option (and its `.busted` key), through the built binary on
/// the fixture suite in Tests/Fixtures/options: exit code, which tests ran,
/// in what order, and what was said about options that mean nothing here.
@Suite("busted's options", .serialized)
struct BustedOptionsTests {
    static let dir = CLI.fixtures.appendingPathComponent("options")

    /// The names of the TAP points of a run, in order, with "not " for failures.
    static func points(_ out: String) -> [String] {
        out.split(separator: "\n").compactMap { line -> String? in
            guard let dash = line.range(of: " - ") else { return nil }
            if line.hasPrefix("ok ") { return String(line[dash.upperBound...]) }
            if line.hasPrefix("not ok ") { return "not " + line[dash.upperBound...] }
            return nil
        }
    }

    static func run(_ args: [String], in sub: String? = nil) throws -> CLI.Result {
        try CLI.run(["test"] + args, in: sub.map { dir.appendingPathComponent($0) } ?? dir)
    }

    @Test func excludePatternLeavesFilesOutAndWinsOverPattern() throws {
        let all = try Self.run(["-o", "tap13", "spec"])
        #expect(Self.points(all.stdout).contains("not data is not a spec"))
        let r = try Self.run(["-o", "tap13", "--exclude-pattern", "data", "-p", "_spec", "spec"])
        #expect(!Self.points(r.stdout).contains { $0.contains("data is not a spec") })
        #expect(Self.points(r.stdout).contains("gamma in a subfolder"))
    }

    @Test func statementsRunBeforeEachSpecFile() throws {
        let r = try Self.run(["-o", "tap13", "--exclude-pattern", "data", "-e", "FROM_E = 42", "-e", "print('e ran')", "spec/alpha_spec.lua"])
        #expect(r.status == 0)
        // With TAP on standard output, what specs print goes to standard error.
        #expect(r.stderr.contains("e ran"))
        let wrong = try Self.run(["-o", "tap13", "-e", "FROM_E = 41", "spec/alpha_spec.lua"])
        #expect(Self.points(wrong.stdout).contains("not alpha sees what -e and the helper set"))
    }

    @Test func directoryChangesFirstEachRelativeToThePrevious() throws {
        let r = try CLI.run(["test", "-o", "tap13", "-C", "options", "-C", "other"], in: CLI.fixtures)
        #expect(r.status == 0)
        #expect(Self.points(r.stdout) == ["runs from the other folder"])
        let bad = try CLI.run(["test", "-C", "no-such-folder"], in: CLI.fixtures)
        #expect(bad.status == 2 && bad.stderr.contains("cannot change to directory 'no-such-folder'"))
    }

    @Test func configFileReplacesDotBusted() throws {
        let r = try Self.run(["-f", "custom.busted"])
        #expect(r.status == 0)
        #expect(Self.points(r.stdout) == ["runs from the other folder"])
        let missing = try Self.run(["-f", "nope.busted"])
        #expect(missing.status == 2 && missing.stderr.contains("config file 'nope.busted' not found"))
    }

    @Test func everyDotBustedKeyIsRead() throws {
        // keys.busted: verbose, exclude-pattern, output, sort-tests, sort-files,
        // e, helper, Xhelper, suppress-pending, recursive, keep-going.
        let r = try Self.run(["-f", "keys.busted", "spec"])
        let names = Self.points(r.stdout)
        #expect(names == ["alpha a first", "alpha b second", "alpha c third", "alpha sees what -e and the helper set",
                          "beta after the failure", "not beta fails"], "\(r.stdout)")
        // busted's TAP (the file's output): what the helper prints shows
        // in place, and -v adds tracebacks.
        #expect(r.stdout.contains("helper args: x,y"))
        #expect(r.stdout.contains("# stack traceback:"))  // verbose
        #expect(!r.stdout.contains("data is not a spec"))
        #expect(!r.stderr.contains("unknown key"), "\(r.stderr)")
    }

    @Test func unknownDotBustedKeysAreNamedWithASuggestion() throws {
        let d = try CLI.scratch()
        try "return { default = { verbos = true } }".write(to: d.appendingPathComponent(".busted"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: d.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try "it('x', function() end)".write(to: d.appendingPathComponent("spec/x_spec.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test"], in: d)
        #expect(r.status == 0)
        #expect(r.stderr.contains("unknown key 'verbos' ignored; did you mean 'verbose'?"))
    }

    @Test func lpathAndCpathPrefixTheSearchPaths() throws {
        let r = try Self.run(["-o", "tap13", "-m", "./lib/?.lua", "--cpath", "./clib/?.so",
                              "-e", "print(package.path:match('^[^;]+'), package.cpath:match('^[^;]+'))", "spec/sub"])
        #expect(r.stderr.contains("./lib/?.lua\t./clib/?.so"))
    }

    @Test func helperRunsBeforeEachFileWithXhelperAsArg() throws {
        let r = try Self.run(["-o", "tap13", "--helper", "helper.lua", "-Xhelper", "a,b", "-Xhelper", "c", "spec/alpha_spec.lua"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("helper args: a,b,c"))
    }

    @Test func luaNamingALua54SetsArgMinusOne() throws {
        let r = try Self.run(["-o", "tap13", "--lua", "/usr/bin/lua5.4", "-e", "print('interp=' .. arg[-1])", "spec/sub"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("interp=/usr/bin/lua5.4"))
        // As busted: --ignore-lua ignores --lua, even one that is not there.
        let ignore = try Self.run(["-o", "tap13", "--lua", "luajit", "--ignore-lua", "spec/sub"])
        #expect(ignore.status == 0 && ignore.stderr.isEmpty, "\(ignore.stderr)")
    }

    @Test func optionsThatMeanNothingHereSaySoInOneLineAndTheRunGoesOn() throws {
        for (args, said) in [(["-s"], "--enable-sound accepted"), (["--lang", "de"], "--lang de: ButtonKit's messages are in English only"),
                             (["--loaders", "lua,moonscript"], "--loaders moonscript: only Lua spec files are loaded")] {
            let r = try Self.run(["-o", "tap13"] + args + ["spec/sub"])
            #expect(r.status == 0, "\(args)")
            #expect(r.stderr.split(separator: "\n").filter { $0.contains(said) }.count == 1, "\(args): \(r.stderr)")
            #expect(Self.points(r.stdout) == ["gamma in a subfolder"])
        }
        #expect(try Self.run(["--auto-insulate", "spec/sub"]).stderr.isEmpty)
    }

    @Test func lazyMakesSetupLazy() throws {
        let strict = try Self.run(["-o", "plainTerminal", "lazy_spec.lua"])
        #expect(strict.stdout.contains("\nhooks setup\n"))
        // As busted names it: the hook was registered as `setup`, which
        // --lazy makes a lazy_setup (the error shows it ran at the test).
        let lazy = try Self.run(["-o", "plainTerminal", "--lazy", "lazy_spec.lua"])
        #expect(lazy.stdout.contains("\nhooks setup\n"))
        #expect(lazy.stdout.contains("0 successes / 0 failures / 1 error / 0 pending"))
        #expect(try Self.run(["-o", "plainTerminal", "--no-lazy", "lazy_spec.lua"]).stdout.contains("\nhooks setup\n"))
    }

    @Test func keepGoingIsTheDefaultAndNoKeepGoingStops() throws {
        let going = try Self.run(["-o", "tap13", "-k", "spec/beta_spec.lua"])
        #expect(Self.points(going.stdout).contains("beta after the failure"))
        let stop = try Self.run(["-o", "tap13", "--no-keep-going", "spec/beta_spec.lua"])
        #expect(Self.points(stop.stdout) == ["not beta fails"])
        #expect(stop.status == 1)
    }

    @Test func recursiveIsTheDefault() throws {
        #expect(try Self.points(Self.run(["-o", "tap13", "-R", "--exclude-pattern", "data", "spec"]).stdout).contains("gamma in a subfolder"))
        #expect(!(try Self.points(Self.run(["-o", "tap13", "--no-recursive", "--exclude-pattern", "data", "spec"]).stdout).contains("gamma in a subfolder")))
    }

    @Test func sortingAndShufflingFilesAndTests() throws {
        let base = ["-o", "tap13", "--exclude-pattern", "data", "--no-recursive", "spec"]
        let sorted = try Self.points(Self.run(["--sort"] + base).stdout)
        #expect(Array(sorted.prefix(3)) == ["alpha a first", "alpha b second", "alpha c third"])
        #expect(Array(sorted.prefix(3)) == Array(try Self.points(Self.run(["--sort-tests"] + base).stdout).prefix(3)))
        let files = try Self.points(Self.run(["--sort-files"] + base).stdout)
        #expect(files.first == "alpha c third" && files.contains("not beta fails"))
        // Shuffles replay with their seed and keep every test.
        let a = try Self.points(Self.run(["--shuffle-tests", "--seed", "7"] + base).stdout)
        let b = try Self.points(Self.run(["--shuffle-tests", "--seed", "7"] + base).stdout)
        #expect(a == b && Set(a) == Set(sorted))
        let f1 = try Self.points(Self.run(["--shuffle-files", "--seed", "3"] + base).stdout)
        #expect(Set(f1) == Set(sorted))
        // Sorting wins over shuffling, as in busted.
        #expect(Array(try Self.points(Self.run(["--shuffle", "--sort", "--seed", "5"] + base).stdout).prefix(3)) == Array(sorted.prefix(3)))
    }

    @Test func suppressPendingLeavesPendingOut() throws {
        let r = try Self.run(["-o", "plainTerminal", "--suppress-pending", "spec/beta_spec.lua"])
        #expect(r.stdout.contains("0 pending"))
        #expect(!r.stdout.contains("Pending ->"))
        #expect(try Self.run(["-o", "plainTerminal", "spec/beta_spec.lua"]).stdout.contains("1 pending"))
    }

    @Test func deferPrintDropsProgressCharacters() throws {
        let r = try Self.run(["-o", "plainTerminal", "--defer-print", "spec/beta_spec.lua"])
        #expect(r.stdout.hasPrefix("\n0 successes") || r.stdout.hasPrefix("\n1 success"), "\(r.stdout)")
        #expect(try Self.run(["-o", "plainTerminal", "spec/beta_spec.lua"]).stdout.hasPrefix("-+."))
    }

    @Test func verboseAddsTracebacks() throws {
        #expect(!(try Self.run(["-o", "plainTerminal", "spec/beta_spec.lua"]).stdout.contains("stack traceback:")))
        #expect(try Self.run(["-o", "plainTerminal", "-v", "spec/beta_spec.lua"]).stdout.contains("stack traceback:"))
        #expect(!(try Self.run(["-o", "plainTerminal", "-v", "--no-verbose", "spec/beta_spec.lua"]).stdout.contains("stack traceback:")))
    }

    @Test func fileColonLineRunsTheTestsAtThatLine() throws {
        #expect(try Self.points(Self.run(["-o", "tap13", "spec/alpha_spec.lua:3"]).stdout) == ["alpha a first"])
        // Two lines of one file, and a line of another.
        #expect(try Self.points(Self.run(["-o", "tap13", "spec/alpha_spec.lua:2:4", "spec/beta_spec.lua:3"]).stdout)
                == ["alpha c third", "alpha b second", "beta after the failure"])
        // A describe's line: every test in it.
        #expect(try Self.points(Self.run(["-o", "tap13", "spec/alpha_spec.lua:1"]).stdout).count == 4)
        // A line inside a test's body selects that test.
        #expect(try Self.points(Self.run(["-o", "tap13", "spec/alpha_spec.lua:6"]).stdout) == ["alpha sees what -e and the helper set"])
        // A line past the file's end is a mistake in the command, not an empty selection.
        let none = try Self.run(["spec/alpha_spec.lua:99"])
        #expect(none.stderr.contains("spec/alpha_spec.lua:99: the file has 9 lines; no test is at line 99"))
        #expect(none.status != 0)
    }

    /// busted's `--help` names every option; `buttonkit help test` has each.
    @Test func everyBustedOptionIsInOurHelp() throws {
        let ours = try CLI.run(["help", "test"]).stdout
        let listed = try String(contentsOf: CLI.fixtures.appendingPathComponent("busted-help-2.1.1.txt"), encoding: .utf8)
        var theirs = Self.optionNames(listed)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/busted") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/busted")
            p.arguments = ["--help"]
            let err = Pipe()
            p.standardError = err
            p.standardOutput = Pipe()
            try p.run()
            let live = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            #expect(Self.optionNames(live) == theirs, "the installed busted lists other options than 2.1.1")
            theirs.formUnion(Self.optionNames(live))
        }
        #expect(theirs.count >= 40)
        let missing = theirs.subtracting(Self.optionNames(ours))
        #expect(missing.isEmpty, "missing from buttonkit help test: \(missing.sorted())")
    }

    /// Option names in a help text: `-p`, `--pattern`, both forms of
    /// `--[no-]coverage`, `-Xoutput`. Options start lines indented by two.
    static func optionNames(_ help: String) -> Set<String> {
        var names: Set<String> = []
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            for token in line.split(separator: " ") {
                var word = String(token.split(separator: "=").first ?? "")
                if word.hasSuffix(",") { word.removeLast() }
                guard word.hasPrefix("-") else { break }
                if word.hasPrefix("--[no-]") {
                    let base = word.dropFirst(7)
                    names.insert("--" + base)
                    names.insert("--no-" + base)
                } else {
                    names.insert(word)
                }
            }
        }
        return names
    }
}

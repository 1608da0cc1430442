import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import ButtonKitTestSupport

/// Issue 29's busted points, each run under Debian's busted 2.1.1 and under
/// `buttonkit test` on the same files and compared (exit code, counts and
/// the test names each runner ran).
@Suite("busted drop-in, round three", .enabled(if: Busted.installed, Busted.missing))
struct BustedRoundThreeTests {
    /// The names of the tests a run reported, from busted's TAP output.
    static func tapNames(_ s: String) -> [String] {
        s.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("ok ") || line.hasPrefix("not ok ") else { return nil }
            return line.split(separator: "-", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// Tags are Lua patterns after `#`, as busted's `name:find("#" .. tag)`:
    /// `5.1%+` selects `#5.1+`, `5.1+` selects both 5.1 tests, `slow` selects
    /// `#slowest`, `needs-net` matches nothing; --exclude-tags likewise, and a
    /// describe's own tag excludes its tests.
    @Test(arguments: [
        ["--tags=5.1%+"], ["--tags=5.1+"], ["--tags=slow"], ["--tags=needs-net"],
        ["--exclude-tags=5.1+"], ["--exclude-tags=wip"], ["--tags=5.4,5.1%+"],
    ])
    func tagsArePatterns(_ flags: [String]) throws {
        let r = try Busted.both(flags + ["-o", "TAP", "spec"], fixture: "tagpatterns")
        #expect(r.ours.status == r.busted.status, "\(r.ours.stdout)\(r.ours.stderr)")
        let theirs = Self.tapNames(r.busted.stdout), ours = Self.tapNames(r.ours.stdout)
        #expect(ours == theirs, "busted ran \(theirs), we ran \(ours)")
    }

    /// `.busted`'s `directory` key: busted changes into it after reading the
    /// file, so `spec` and `./src` are found there (it was ignored: "Cannot
    /// find file or directory: spec", exit 1). Under --sandbox too, where the
    /// config file is then outside the folder the run is confined to.
    @Test func directoryKeyIsHonoured() throws {
        let r = try Busted.both([], fixture: "directorykey")
        #expect(r.busted.status == 0, "\(r.busted.stdout)\(r.busted.stderr)")
        #expect(r.ours.status == 0, "\(r.ours.stdout)\(r.ours.stderr)")
        #expect(Busted.counts(r.ours.stdout) == Busted.counts(r.busted.stdout))
        let sandboxed = try CLI.run(["test", "--sandbox", "-j", "2"], in: try Busted.copy("directorykey"))
        #expect(sandboxed.status == 0, "\(sandboxed.stdout)\(sandboxed.stderr)")
        #expect(Busted.counts(sandboxed.stdout) == "2 successes / 0 failures / 0 errors / 0 pending ")
    }

    /// busted's environments: a global written in a hook lives in the block
    /// that declared it (so `lib = nil` in after_each does not clear
    /// `_G.lib`), one written in a describe stays in it, one written in a
    /// test in that test; a module's new global `assert` lands in _G,
    /// beneath the spec's; _G holds no framework names. Every test failed
    /// or errored before (globals lived in _G).
    @Test func globalsLiveInBustedsEnvironments() throws {
        let r = try Busted.both(["-o", "TAP", "spec"], fixture: "environments")
        #expect(r.busted.status == 0, "\(r.busted.stdout)\(r.busted.stderr)")
        #expect(r.ours.status == 0, "\(r.ours.stdout)\(r.ours.stderr)")
        #expect(Self.tapNames(r.ours.stdout) == Self.tapNames(r.busted.stdout))
        #expect(!r.ours.stdout.contains("not ok"), "\(r.ours.stdout)")
    }

    /// print/io.write stubbed in setup, lazy_setup or replaced in a describe
    /// body stay as the spec left them for its tests: output capture swaps
    /// only the framework's own (before, the stub was replaced at every test
    /// start and `io.write:revert()` raised).
    @Test func outputCaptureKeepsWhatTheSpecInstalled() throws {
        let r = try Busted.both(["-o", "TAP", "spec"], fixture: "stubprint")
        #expect(r.busted.status == 0, "\(r.busted.stdout)\(r.busted.stderr)")
        #expect(r.ours.status == 0, "\(r.ours.stdout)\(r.ours.stderr)")
        #expect(Self.tapNames(r.ours.stdout) == Self.tapNames(r.busted.stdout))
    }

    /// busted leaves LuaFileSystem in the global `lfs`; a spec that uses it
    /// without `require` errored here ("attempt to index a nil value").
    @Test func lfsIsAGlobalAsUnderBusted() throws {
        let r = try Busted.both([], fixture: "lfsglobal")
        #expect(r.busted.status == 0, "\(r.busted.stdout)\(r.busted.stderr)")
        #expect(r.ours.status == 0, "\(r.ours.stdout)\(r.ours.stderr)")
        #expect(Busted.counts(r.ours.stdout) == Busted.counts(r.busted.stdout))
    }

    /// An error message that carries its own traceback keeps it in TAP and
    /// JSON, as under busted (it was cut at "stack traceback:"); the frames
    /// below the spec's own are each runner's.
    @Test func aMessageKeepsItsOwnTraceback() throws {
        let tap = try Busted.both(["-o", "TAP", "spec"], fixture: "owntraceback")
        func head(_ s: String) -> [Substring] { Array(s.split(separator: "\n").prefix(5)) }
        #expect(head(tap.ours.stdout) == head(tap.busted.stdout), "\(tap.ours.stdout)")
        let json = try Busted.both(["-o", "json", "spec"], fixture: "owntraceback")
        func message(_ out: String) throws -> String? {
            guard let line = out.split(separator: "\n").first(where: { $0.hasPrefix("{") }),
                  let doc = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let errors = doc["errors"] as? [[String: Any]] else { return nil }
            return errors.first?["message"] as? String
        }
        let start = "spec/tb_spec.lua:3: boom\nstack traceback:\n\tspec/tb_spec.lua:3: in function <spec/tb_spec.lua:2>\n"
        #expect(try message(json.busted.stdout)?.hasPrefix(start) == true)
        #expect(try message(json.ours.stdout)?.hasPrefix(start) == true, "\(json.ours.stdout)")
    }

    /// A suite that wraps the global `error`: the assertion's failure is
    /// placed at the assertion and the wrapper sees only the spec's own
    /// calls (before, luassert called the spec's override: two extra calls
    /// per failed assertion, and the failure placed in the wrapper).
    @Test func luassertDoesNotCallTheSpecsErrorOverride() throws {
        let r = try Busted.both(["-o", "TAP", "spec"], fixture: "errorwrap")
        #expect(r.ours.status == r.busted.status)
        #expect(BustedOutputTests.normalized(r.ours.stdout) == BustedOutputTests.normalized(r.busted.stdout), "\(r.ours.stdout)")
    }

    /// busted reads `.busted` before luacov starts, so luacov never records
    /// the file's top level; here `.busted` runs in each spec file's state
    /// after counting started and was recorded (a suite's luacov Total moved
    /// from 51.80% to 63.41%). Debian has no luacov, so this checks the
    /// stats file's names rather than comparing live.
    @Test func coverageDoesNotRecordTheConfigFile() throws {
        let dir = try Busted.copy("coveragebusted")
        let r = try CLI.run(["test"], in: dir)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let stats = try String(contentsOf: dir.appendingPathComponent("luacov.stats.out"), encoding: .utf8)
        #expect(stats.contains(":src/m.lua\n"), "\(stats)")
        #expect(!stats.contains(".busted"), "\(stats)")
    }

    /// What busted's own suite (lunarmodules/busted) checks and we did not
    /// do: `randomize()` with no seed (it raised "bad argument #1 to
    /// 'tonumber'"), the curried `it 'name' (function() end)` (it called
    /// nil), `require 'busted'` read-only (assignments went through), and
    /// registering functions refused inside hooks (a `pending` in
    /// before_each made a pending test, an `it` in setup a new test).
    @Test func whatBustedsOwnSuiteChecks() throws {
        let r = try Busted.both(["-o", "TAP", "spec"], fixture: "bustedsuite")
        #expect(r.ours.status == r.busted.status)
        let theirs = r.busted.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let ours = r.ours.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(ours == theirs, "\(r.ours.stdout)")
        #expect(r.ours.stdout.contains("'pending' not supported inside current context block"), "\(r.ours.stdout)")
        #expect(r.ours.stdout.contains("'it' not supported inside current context block"), "\(r.ours.stdout)")
    }

    /// Standard output's bytes of `program args` run in a fresh copy of
    /// `fixture` (CLI.Result holds text, which would hide the bytes).
    static func stdoutBytes(_ program: URL, _ args: [String], fixture: String) throws -> (status: Int32, bytes: [UInt8]) {
        let dir = try Busted.copy(fixture)
        let r = try CLI.run(["-c", "\"$0\" \"$@\" > stdout.bin", program.path] + args, in: dir,
                            executable: URL(fileURLWithPath: "/bin/sh"))
        return (r.status, Array(try Data(contentsOf: dir.appendingPathComponent("stdout.bin"))))
    }

    /// Names, messages and prints that are not UTF-8 (Latin-1 bytes, a cut
    /// sequence) keep their bytes in TAP and busted's terminal looks, as
    /// busted writes them; ours wrote U+FFFD (EF BF BD) in their place. The
    /// lines are compared byte for byte (times masked).
    @Test(arguments: ["TAP", "plainTerminal", "utfTerminal"])
    func bytesThatAreNotUTF8AreKept(_ format: String) throws {
        let theirs = try Self.stdoutBytes(Busted.executable, ["-o", format, "spec"], fixture: "nonutf8")
        let ours = try Self.stdoutBytes(CLI.binary, ["test", "-o", format, "spec"], fixture: "nonutf8")
        #expect(ours.status == theirs.status)
        func lines(_ b: [UInt8]) -> [[UInt8]] {
            b.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
                .filter { !String(decoding: $0, as: UTF8.self).contains(" seconds") }
        }
        #expect(lines(ours.bytes) == lines(theirs.bytes),
                "busted: \(String(decoding: theirs.bytes, as: UTF8.self))\nours: \(String(decoding: ours.bytes, as: UTF8.self))")
        #expect(theirs.bytes.contains(0xE9) && ours.bytes.contains(0xE9), "the Latin-1 é of 'caf\\233' is there")
        #expect(!ours.bytes.containsSequence([0xEF, 0xBF, 0xBD]), "no U+FFFD in place of a byte")
    }

    /// The same names keep JUnit valid XML: each byte that is not UTF-8
    /// shows as U+FFFD there (busted writes the raw bytes, which no XML
    /// reader accepts).
    @Test func junitStaysValidWithNamesThatAreNotUTF8() throws {
        let dir = try Busted.copy("nonutf8")
        let r = try CLI.run(["test", "--junit", "report.xml", "spec"], in: dir)
        #expect(r.status == 1)
        let data = try Data(contentsOf: dir.appendingPathComponent("report.xml"))
        #expect(String(data: data, encoding: .utf8) != nil, "the document is UTF-8")
        let parser = XMLParser(data: data)
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(String(decoding: data, as: UTF8.self).contains("caf\u{FFFD} na\u{FFFD}ve \u{FFFD} passes"))
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle` occurs anywhere in these bytes.
    func containsSequence(_ needle: [UInt8]) -> Bool {
        guard needle.count <= count else { return false }
        for i in 0...(count - needle.count) where Array(self[i..<(i + needle.count)]) == needle { return true }
        return false
    }
}

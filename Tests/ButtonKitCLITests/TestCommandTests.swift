import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
import ButtonKitTestSupport
#endif

@Suite("buttonkit test", .serialized)
struct TestCommandTests {
    @Test func passingSuiteExits0WithTheClosingLine() throws {
        // The default is busted's: plainTerminal through a pipe.
        let r = try CLI.run(["test", "passing"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("\n4 successes / 0 failures / 0 errors / 1 pending : "), "\(r.stdout)")
        // ButtonKit's own look closes with its counts (scripts/test reads them).
        let plain = try CLI.run(["test", "-o", "plain", "passing"])
        #expect(plain.status == 0)
        #expect(plain.stdout.hasSuffix("4 passed, 0 failed, 1 pending\n"))
    }

    @Test func failuresExit1AndShowLocationMessageTraceback() throws {
        let r = try CLI.run(["test", "-o", "plain", "failing"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("failing/mixed_spec.lua:3: Expected objects to be equal."))
        #expect(r.stdout.contains("failing/mixed_spec.lua:4: kaboom"))
        #expect(r.stdout.contains("stack traceback:"))
        #expect(r.stdout.hasSuffix("1 passed, 3 failed, 1 pending\n"))
    }

    @Test func aRunThatSelectsNoTestSaysSoAndAMissingPathFails() throws {
        // As busted: spec files without tests are not a failure, but the run says so.
        let r = try CLI.run(["test", "empty"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("no test was selected"))
        #expect(!r.stdout.contains("\u{1B}[32"))
        let missing = try CLI.run(["test", "does-not-exist"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("cannot find file or directory: does-not-exist"))
    }

    @Test func badUsageExits2() throws {
        #expect(try CLI.run(["test", "--shard", "4/3"]).status == 2)
        #expect(try CLI.run(["test", "--bogus"]).status == 2)
    }

    @Test func spinningAndMemoryEatingTestsFailAloneWhileTheRestPass() throws {
        // Generous time: on a loaded machine the memory eater must reach
        // its ceiling before the clock ends it (3 s did not, beside two
        // CPU burners and other builds).
        let r = try CLI.run(["test", "-o", "plain", "--timeout", "10", "--max-memory", "64", "limits"])
        #expect(r.status == 1)
        #expect(r.stdout.contains("time limit exceeded (10 s)"), "\(r.stdout)")
        #expect(r.stdout.contains("memory limit exceeded (64 MB per spec file)"))
        #expect(r.stdout.hasSuffix("2 passed, 2 failed, 0 pending\n"))
    }

    @Test func junitIsWellFormedWithRightCounts() throws {
        // busted's document on standard output: one testsuite per run.
        let busted = try XMLDocument(data: Data(try CLI.run(["test", "-o", "junit", "failing", "passing"]).stdout.utf8))
        let top = try #require(busted.rootElement())
        #expect(top.attribute(forName: "tests")?.stringValue == "10")
        #expect(top.attribute(forName: "skip")?.stringValue == "2")
        #expect(top.elements(forName: "testsuite").map { $0.attribute(forName: "name")?.stringValue } == ["Run 1 of 1"])
        // ButtonKit's layout in the file --junit names: a testsuite per file.
        let file = try CLI.scratch().appendingPathComponent("junit.xml")
        _ = try CLI.run(["test", "--junit", file.path, "failing", "passing"])
        let doc = try XMLDocument(contentsOf: file)
        let root = try #require(doc.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "10")
        #expect(root.attribute(forName: "failures")?.stringValue == "2")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        #expect(root.attribute(forName: "skipped")?.stringValue == "2")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 3)
        let cases = try doc.nodes(forXPath: "//testcase")
        #expect(cases.count == 10)
        for c in cases {
            let e = try #require(c as? XMLElement)
            for attr in ["classname", "name", "file", "line", "time"] { #expect(e.attribute(forName: attr) != nil) }
        }
        let failure = try #require(try doc.nodes(forXPath: "//failure").first as? XMLElement)
        #expect(failure.attribute(forName: "message") != nil && failure.attribute(forName: "type") != nil)
        #expect(try doc.nodes(forXPath: "//skipped").count == 2)
        #expect(try doc.nodes(forXPath: "//system-out").first?.stringValue?.contains("hello from a test") == true)
    }

    @Test func junitValidatesAgainstTheCommonSchema() throws {
        let dir = try CLI.scratch()
        let xml = dir.appendingPathComponent("junit.xml")
        _ = try CLI.run(["test", "--junit", xml.path, "--timeout", "0.3", "--max-memory", "32", "failing", "passing", "limits"])
        let xmllint = Process()
        xmllint.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        xmllint.arguments = ["--noout", "--schema", CLI.fixtures.appendingPathComponent("junit.xsd").path, xml.path]
        try xmllint.run()
        xmllint.waitUntilExit()
        #expect(xmllint.terminationStatus == 0, "xmllint rejected the JUnit XML")
    }

    @Test func junitFileIsWrittenBesideTerminalOutput() throws {
        let dir = try CLI.scratch()
        let out = dir.appendingPathComponent("report.xml").path
        let r = try CLI.run(["test", "-o", "plain", "--junit", out, "passing"])
        #expect(r.stdout.hasSuffix("4 passed, 0 failed, 1 pending\n"))
        let doc = try XMLDocument(contentsOf: URL(fileURLWithPath: out))
        #expect(doc.rootElement()?.attribute(forName: "tests")?.stringValue == "5")
    }

    @Test func reportFilesCreateTheFoldersTheyName() throws {
        // README's CI line, typed in a fresh clone where out/ does not exist.
        let dir = try CLI.scratch()
        let r = try CLI.run(["test", "--junit", dir.path + "/out/junit.xml", "--json", dir.path + "/a/b/r.json",
                             "--report", dir.path + "/html/report.html", "passing"])
        #expect(r.status == 0, "\(r.stderr)")
        for f in ["out/junit.xml", "a/b/r.json", "html/report.html"] {
            #expect(FileManager.default.fileExists(atPath: dir.path + "/" + f), "\(f) not written: \(r.stderr)")
        }
    }

    @Test func aFailureQuotingATracebackIsShownWhole() throws {
        // A test comparing a child process's stderr quotes "stack traceback:";
        // the failure message is the user's text, not a handler's traceback.
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        it("compares stderr", function()
          assert.equal("expected", "first\\nstack traceback:\\n\\t[C]: in ?\\n")
        end)
        """.write(to: dir.appendingPathComponent("spec/l_spec.lua"), atomically: true, encoding: .utf8)
        for look in ["plainTerminal", "plain", "gtest"] {
            let r = try CLI.run(["test", "-o", look], in: dir)
            #expect(r.stdout.contains("[C]: in ?") && r.stdout.contains("(string) 'expected'"), "\(look): \(r.stdout)")
        }
        // An error() quoting a traceback stays whole too; a handler's error
        // still has its own traceback split off.
        try """
        it("raises a server's reply", function() error("from the server:\\nstack traceback:\\n  remote.lua:3: in foo\\nend of reply") end)
        it("fails in a handler", function() local b = ui.button {} b:on("touchUpInside", function() error("in handler") end) b:tap() end)
        """.write(to: dir.appendingPathComponent("spec/e_spec.lua"), atomically: true, encoding: .utf8)
        let e = try CLI.run(["test", "-o", "plainTerminal", "spec/e_spec.lua"], in: dir)
        #expect(e.stdout.contains("remote.lua:3: in foo\nend of reply"), "\(e.stdout)")
        #expect(e.stdout.contains("spec/e_spec.lua:2: in handler\n") && !e.stdout.contains("in handler\nstack traceback"), "\(e.stdout)")
    }

    @Test func tapParsesAsTAP13() throws {
        let r = try CLI.run(["test", "-o", "tap13", "failing"])
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "TAP version 13")
        var n = 0
        var inYAML = false
        var sawSkip = false, sawYAML = false
        for l in lines.dropFirst() where !l.isEmpty {
            if inYAML { if l == "  ..." { inYAML = false }; continue }
            if l == "  ---" { inYAML = true; sawYAML = true; continue }
            if l.hasPrefix("ok ") || l.hasPrefix("not ok ") {
                n += 1
                let num = l.hasPrefix("ok ") ? l.dropFirst(3) : l.dropFirst(7)
                #expect(num.hasPrefix("\(n) - "), "test point \(n): \(l)")
                if l.contains("# SKIP") { sawSkip = true }
            } else if l.hasPrefix("1..") {
                #expect(l == "1..\(n)")
            } else {
                #expect(l.hasPrefix("#"), "unexpected TAP line: \(l)")
            }
        }
        #expect(n == 5 && sawSkip && sawYAML)
    }

    @Test func jsonOutputHasBustedsLayout() throws {
        let r = try CLI.run(["test", "-o", "json", "failing"])
        #expect(r.stdout.split(separator: "\n").count == 1, "one line, as busted writes it")
        let obj = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        // What a script written for busted's json reads.
        let lists = ["successes": 1, "failures": 2, "errors": 1, "pendings": 1]
        for (key, count) in lists {
            let list = try #require(obj[key] as? [[String: Any]], "\(key)")
            #expect(list.count == count, "\(key)")
            for e in list {
                #expect(e["name"] is String)
                let trace = try #require(e["trace"] as? [String: Any])
                #expect(trace["short_src"] as? String == "failing/mixed_spec.lua")
                #expect(trace["currentline"] is Int)
                let element = try #require(e["element"] as? [String: Any])
                #expect(element["descriptor"] is String)
                // busted's clocks: wall-clock and monotonic, start before end
                // (a failure's element is copied when it fails: no end yet).
                let start = try #require(element["starttime"] as? Double)
                #expect(start > 1_700_000_000, "\(start)")
                let t0 = try #require(element["starttick"] as? Double)
                if key == "successes" || key == "pendings" {
                    let end = try #require(element["endtime"] as? Double), t1 = try #require(element["endtick"] as? Double)
                    #expect(start <= end && t0 <= t1, "\(start) \(end)")
                }
                if key == "errors" { #expect(e["isError"] as? Bool == true) }
                if key == "failures" || key == "errors" { #expect(e["message"] is String) }
            }
        }
        #expect(obj["duration"] is Double)
        #expect(obj["summary"] == nil, "-o json is busted's document and nothing else")
        // --json FILE: ButtonKit's extras, in keys busted does not use.
        let file = try CLI.scratch().appendingPathComponent("r.json")
        _ = try CLI.run(["test", "--json", file.path, "failing"])
        let extra = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let summary = try #require(extra["summary"] as? [String: Any])
        #expect(summary["passed"] as? Int == 1)
        #expect(summary["failed"] as? Int == 2)
        #expect(summary["errors"] as? Int == 1)
    }

    @Test func jsonKeysIncludeBustedsWhenBustedIsInstalled() throws {
        guard let busted = ["/usr/bin/busted", "/usr/local/bin/busted"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return  // busted is not a dependency; scripts/bench installs it
        }
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        describe("d", function()
          it("passes", function() end)
          it("fails", function() assert.are.equal(1, 2) end)
          it("errors", function() error("boom") end)
          it("pends", function() pending("later") end)
        end)
        """.write(to: dir.appendingPathComponent("spec/j_spec.lua"), atomically: true, encoding: .utf8)
        func keys(_ out: String) throws -> [String: Set<String>] {
            let obj = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            var k: [String: Set<String>] = ["": Set(obj.keys)]
            for list in ["successes", "failures", "errors", "pendings"] {
                for e in obj[list] as? [[String: Any]] ?? [] {
                    k[list, default: []].formUnion(e.keys)
                    k[list + ".trace", default: []].formUnion((e["trace"] as? [String: Any])?.keys ?? [:].keys)
                }
            }
            return k
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: busted)
        p.arguments = ["-o", "json", "spec"]
        p.currentDirectoryURL = dir
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let theirs = try keys(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        p.waitUntilExit()
        let ours = try keys(try CLI.run(["test", "-o", "json", "spec"], in: dir).stdout)
        // Every key busted writes is there, and no other.
        #expect(ours == theirs)
    }

    @Test func aHandlerErrorHasOneTracebackOfUserFramesAndTablesPrintAsValues() throws {
        let r = try CLI.run(["test", "-o", "plain", "errors"])
        #expect(r.status == 1)
        // One traceback, and none of the framework's frames.
        let handler = r.stdout.components(separatedBy: "2) ")[0]
        #expect(handler.components(separatedBy: "stack traceback:").count == 2, "\(r.stdout)")
        #expect(handler.contains("errors/errors_spec.lua:4: in function"))
        #expect(!r.stdout.contains("?:"), "\(r.stdout)")
        #expect(!r.stdout.contains("[buttonkit"), "\(r.stdout)")
        // A table raised as an error reads like a value.
        #expect(r.stdout.contains("code = 42"))
        #expect(!r.stdout.contains("table: 0x"))
    }

    @Test func listWorksInEveryFormat() throws {
        for format in ["plain", "utf", "TAP", "json", "junit", "plainTerminal", "utfTerminal", "gtest"] {
            let r = try CLI.run(["test", "--list", "-o", format, "passing"])
            #expect(r.status == 0, "\(format)")
            #expect(r.stdout.contains("math adds"), "\(format): \(r.stdout)")
            #expect(r.stdout.contains("buttons someday"), "\(format)")
        }
    }

    @Test func listShowsNamesWithoutRunning() throws {
        let r = try CLI.run(["test", "--list", "failing"])
        #expect(!r.stdout.contains(" listed"), "busted's list has no closing line: \(r.stdout)")
        #expect(r.status == 0)
        #expect(r.stdout.contains("failing/mixed_spec.lua:4: mixed <&> \"quotes\" errors"))
        #expect(!r.stdout.contains("kaboom"))
    }

    func listed(_ extra: [String]) throws -> [String] {
        try CLI.run(["test", "--list"] + extra + ["tags"]).stdout
            .split(separator: "\n").filter { $0.contains(": tagged") }.map(String.init)
    }

    @Test func filtersAndTagsSelectTests() throws {
        #expect(try listed(["--tags", "fast"]).count == 2)
        #expect(try listed(["--exclude-tags", "slow"]).count == 22)
        #expect(try listed(["--filter", "generated 1%d"]).count == 10)
        #expect(try listed(["--filter", "plain", "--filter", "#slow"]).count == 3)
        #expect(try listed(["--filter-out", "generated"]).count == 4)
    }

    @Test func shardsPartitionEveryTestExactlyOnce() throws {
        let all = Set(try listed([]))
        #expect(all.count == 24)
        var union: [String] = []
        for k in 1...3 { union += try listed(["--shard", "\(k)/3"]) }
        #expect(union.count == 24)
        #expect(Set(union) == all)
        #expect(try listed(["--shard", "2/3"]) == (try listed(["--shard", "2/3"])))
    }

    @Test func shufflePrintsItsSeedAndReplays() throws {
        let a = try CLI.run(["test", "--shuffle", "--seed", "42", "-o", "tap", "tags"]).stdout
        let b = try CLI.run(["test", "--shuffle", "--seed", "42", "-o", "tap", "tags"]).stdout
        let c = try CLI.run(["test", "-o", "tap", "tags"]).stdout
        #expect(a == b)
        #expect(a != c)
        let plain = try CLI.run(["test", "--shuffle", "--seed", "42", "-o", "plain", "tags"]).stdout
        #expect(plain.contains("seed 42"))
        // Looks with no place for it say it on standard error.
        for format in ["tap", "json", "junit", "utfTerminal", "gtest"] {
            let r = try CLI.run(["test", "--shuffle", "--seed", "42", "-o", format, "tags"])
            #expect(r.stderr.contains("Randomized with seed 42 (replay with --shuffle --seed 42)"), "\(format): \(r.stderr)")
        }
    }

    @Test func repeatAndFailFast() throws {
        #expect(try CLI.run(["test", "-o", "plain", "--repeat", "3", "passing"]).stdout.hasSuffix("12 passed, 0 failed, 3 pending\n"))
        let ff = try CLI.run(["test", "-o", "plain", "--fail-fast", "failing"])
        #expect(ff.stdout.hasSuffix("1 passed, 1 failed, 0 pending\n"))
        #expect(ff.stderr.contains("--fail-fast stopped the run at the first failure, in "), "\(ff.stderr)")
        let more = try CLI.run(["test", "--fail-fast", "failing", "passing"])
        #expect(more.stderr.contains("1 more spec file not run") || more.stderr.contains("more spec files not run"), "\(more.stderr)")
    }

    @Test func jobsGiveTheSameResultsInAStableOrder() throws {
        let one = try CLI.run(["test", "-o", "tap", "passing", "failing", "tags"])
        let two = try CLI.run(["test", "-o", "tap", "--jobs", "3", "passing", "failing", "tags"])
        func points(_ s: String) -> [String] {
            s.split(separator: "\n").filter { $0.hasPrefix("ok") || $0.hasPrefix("not ok") }.map(String.init)
        }
        #expect(points(one.stdout) == points(two.stdout))
        #expect(one.status == two.status)
    }

    @Test func bustedConfigIsHonouredAndFlagsOverrideIt() throws {
        let dir = CLI.fixtures.appendingPathComponent("config")
        let r = try CLI.run(["test"], in: dir)
        #expect(r.status == 0, "\(r.stdout)")
        // The config asks for busted's plainTerminal look.
        #expect(r.stdout.hasPrefix("+\n1 success / 0 failures / 0 errors / 0 pending : "), "\(r.stdout)")
        let only = try CLI.run(["test", "-o", "plain", "--run", "only"], in: dir)
        // -r only: the default task (and its output) is not used.
        #expect(only.stdout.hasSuffix("0 passed, 1 failed, 0 pending\n"), "\(only.stdout)")
        let flags = try CLI.run(["test", "--exclude-tags", "none", "--pattern", "_spec"], in: dir)
        #expect(flags.stdout.contains("pattern ignored"))
    }

    @Test func snapshotsOfContainersInCIAndObsoleteEntries() throws {
        let dir = try CLI.scratch()
        let spec = dir.appendingPathComponent("spec")
        try FileManager.default.createDirectory(at: spec, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.fixtures.appendingPathComponent("snapshots/containers_spec.lua"),
                                         to: spec.appendingPathComponent("containers_spec.lua"))
        // In CI a missing snapshot fails instead of being written.
        let ci = try CLI.run(["test"], in: dir, env: ["CI": "true"])
        #expect(ci.status == 1)
        #expect(ci.stdout.contains("is missing from spec/__snapshots__/containers_spec.json"))
        #expect(try CLI.run(["test", "--no-ci"], in: dir, env: ["CI": "true"]).status == 0)
        // Every member is in the snapshot: a change to one shows where.
        #expect(try CLI.run(["test", "--ci"], in: dir).status == 0)
        let changed = try CLI.run(["test"], in: dir, env: ["SNAP_SELECT": "1", "SNAP_COLOR": "red"])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("selected is 'key sales', snapshot has nil"), "\(changed.stdout)")
        #expect(changed.stdout.contains("members.value '15'.selected.borderColor is '#FF0000FF', snapshot has '#FF8000FF'"), "\(changed.stdout)")
        // An entry no test checks any more is reported, and -u removes it.
        #expect(try CLI.run(["test"], in: dir, env: ["SNAP_EXTRA": "1"]).status == 0)
        let stale = try CLI.run(["test"], in: dir)
        #expect(stale.stderr.contains("1 obsolete snapshot in spec/__snapshots__/containers_spec.json: 'containers has a third snapshot'"))
        let removed = try CLI.run(["test", "-u"], in: dir)
        #expect(removed.stderr.contains("removed 1 obsolete snapshot"))
        #expect(!(try CLI.run(["test"], in: dir)).stderr.contains("obsolete"))
    }

    @Test func snapshotsATestDidNotReachAreNotObsolete() throws {
        // A failing assertion stops its test before its later snapshots; they
        // are not obsolete, and -u in that run does not remove them.
        let dir = try CLI.scratch()
        let spec = dir.appendingPathComponent("spec")
        try FileManager.default.createDirectory(at: spec, withIntermediateDirectories: true)
        try """
        it("login", function()
          local b = ui.button { id = "b", title = "Sign in" }
          assert.snapshot(b)
          if os.getenv("BREAK") then assert.is_true(false) end
          assert.snapshot(b)
        end)
        """.write(to: spec.appendingPathComponent("s_spec.lua"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["test"], in: dir).status == 0)
        let broken = try CLI.run(["test"], in: dir, env: ["BREAK": "1"])
        #expect(broken.status == 1)
        #expect(!broken.stderr.contains("obsolete"), "\(broken.stderr)")
        #expect(try CLI.run(["test", "-u"], in: dir, env: ["BREAK": "1"]).status == 1)
        let stored = try String(contentsOf: spec.appendingPathComponent("__snapshots__/s_spec.json"), encoding: .utf8)
        #expect(stored.contains("\"login 2\""), "the unreached snapshot was removed: \(stored)")
        let again = try CLI.run(["test"], in: dir)
        #expect(again.status == 0 && !again.stderr.contains("obsolete"), "\(again.stderr)")
        // A pending placeholder holds no snapshot: entries are still judged.
        try """
        it("login", function() assert.snapshot(ui.button { id = "b", title = "Sign in" }) end)
        pending("a placeholder")
        """.write(to: spec.appendingPathComponent("s_spec.lua"), atomically: true, encoding: .utf8)
        let placeholder = try CLI.run(["test"], in: dir)
        #expect(placeholder.stderr.contains("1 obsolete snapshot") && placeholder.stderr.contains("'login 2'"), "\(placeholder.stderr)")
        // A test turned pending for a while keeps its entries, even with -u.
        try """
        pending("login")
        """.write(to: spec.appendingPathComponent("s_spec.lua"), atomically: true, encoding: .utf8)
        let parked = try CLI.run(["test", "-u"], in: dir)
        let kept = try String(contentsOf: spec.appendingPathComponent("__snapshots__/s_spec.json"), encoding: .utf8)
        #expect(kept.contains("\"login\"") && kept.contains("\"login 2\""), "\(parked.stderr)\n\(kept)")
    }

    @Test func aFilesTopLevelDrawsFromTheGeneratorAsBustedLeavesIt() throws {
        // busted seeds the generator to shuffle the files just before a
        // file's top level runs; the first file's draws are reproducible.
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        for i in 1...3 {
            try "local top = math.random(1000)\nit('t', function() print('top ' .. top) end)\n"
                .write(to: dir.appendingPathComponent("spec/f\(i)_spec.lua"), atomically: true, encoding: .utf8)
        }
        let expected = try CLI.run(["run", "-e", "math.randomseed(9) for n = 3, 2, -1 do math.random(n) end print('top ' .. math.random(1000))"], in: dir)
        let a = try CLI.run(["test", "--shuffle", "--seed", "9", "-o", "plainTerminal"], in: dir)
        let b = try CLI.run(["test", "--shuffle", "--seed", "9", "-o", "plainTerminal"], in: dir)
        let first = a.stdout.split(separator: "\n").first { $0.contains("top ") }.map { String($0.drop { $0 != "t" }) }
        #expect(first == expected.stdout.trimmingCharacters(in: .newlines), "\(a.stdout) vs \(expected.stdout)")
        func tops(_ out: String) -> [String] { out.split(separator: "\n").filter { $0.contains("top ") }.map(String.init) }
        #expect(tops(a.stdout).count == 3 && tops(a.stdout) == tops(b.stdout), "same seed, same draws: \(a.stdout) \(b.stdout)")
    }

    @Test func snapshotsAreWrittenCheckedAndUpdated() throws {
        let dir = try CLI.scratch()
        let spec = dir.appendingPathComponent("spec")
        try FileManager.default.createDirectory(at: spec, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CLI.fixtures.appendingPathComponent("snapshots/snap_spec.lua"),
                                         to: spec.appendingPathComponent("snap_spec.lua"))
        let first = try CLI.run(["test"], in: dir)
        #expect(first.status == 0)
        #expect(first.stderr.contains("wrote snapshot"))
        let stored = try String(contentsOf: spec.appendingPathComponent("__snapshots__/snap_spec.json"), encoding: .utf8)
        #expect(stored.contains("\"titleColor\": \"#0000FFFF\""))
        #expect(try CLI.run(["test"], in: dir).status == 0)
        let changed = try CLI.run(["test"], in: dir, env: ["SNAP_COLOR": "red"])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("normal.titleColor is '#FF0000FF', snapshot has '#0000FFFF'"))
        #expect(try CLI.run(["test", "--update-snapshots"], in: dir, env: ["SNAP_COLOR": "red"]).status == 0)
        #expect(try CLI.run(["test"], in: dir, env: ["SNAP_COLOR": "red"]).status == 0)
    }

    @Test func requireReturnsTheSameObjects() throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        local busted = require("busted")
        it("same objects", function()
          assert.are.equal(busted.it, it)
          assert.are.equal(require("luassert"), assert)
          assert.are.equal(require("luassert.spy"), spy)
          assert.are.equal(require("luassert.stub"), stub)
          assert.are.equal(require("luassert.mock"), mock)
          assert.are.equal(require("luassert.match"), match)
          assert.is_table(require("say"))
        end)
        """.write(to: dir.appendingPathComponent("spec/req_spec.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["test"], in: dir)
        #expect(r.status == 0, "\(r.stdout)")
    }
}

/// What specs print, through a pipe as CI logs get it: every line whole,
/// once, before the runner's line for its file; beside a document on
/// standard output it goes to standard error.
@Suite("Prints from specs", .serialized)
struct SpecPrintTests {
    static func suite() throws -> URL {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        it("prints a lot", function()
          for i = 1, 300 do print("line " .. i .. " " .. string.rep("x", 60)) end
        end)
        """.write(to: dir.appendingPathComponent("spec/a_spec.lua"), atomically: true, encoding: .utf8)
        try """
        it("prints once", function() print("hello from b") end)
        it("writes", function() io.write("written by b\\n") end)
        """.write(to: dir.appendingPathComponent("spec/b_spec.lua"), atomically: true, encoding: .utf8)
        return dir
    }

    /// Every printed line once; `whole`: each on a line of its own (busted's
    /// looks put a progress mark before a print, as busted does).
    static func expectEveryLine(_ text: String, whole: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func count(_ want: String) -> Int {
            whole ? lines.filter { $0 == want }.count : text.components(separatedBy: want).count - 1
        }
        var missing: [Int] = []
        for i in 1...300 where count("line \(i) " + String(repeating: "x", count: 60)) != 1 { missing.append(i) }
        #expect(missing.isEmpty, "lines not there exactly once: \(missing.prefix(10))", sourceLocation: sourceLocation)
        #expect(count("hello from b") == 1, sourceLocation: sourceLocation)
        #expect(count("written by b") == 1, sourceLocation: sourceLocation)
    }

    @Test func plainOutputThroughAPipeKeepsEveryPrintWholeAndInOrder() throws {
        let dir = try Self.suite()
        for _ in 1...4 {
            let r = try CLI.run(["test", "-o", "plain"], in: dir)
            #expect(r.status == 0)
            Self.expectEveryLine(r.stdout)
            let last = try #require(r.stdout.range(of: "line 300 "))
            let fileLine = try #require(r.stdout.range(of: "spec/a_spec.lua: 1 passed"))
            #expect(last.lowerBound < fileLine.lowerBound, "a file's prints come before its line")
        }
    }

    @Test func bustedsLooksShowPrintsAsBustedDoes() throws {
        let dir = try Self.suite()
        for format in ["utfTerminal", "plainTerminal", "gtest", "TAP", "utf"] {
            let r = try CLI.run(["test", "-o", format], in: dir)
            Self.expectEveryLine(r.stdout, whole: false)
        }
    }

    @Test func besideADocumentPrintsGoToStandardError() throws {
        let dir = try Self.suite()
        for format in ["tap13", "json", "junit"] {
            let r = try CLI.run(["test", "-o", format], in: dir)
            #expect(r.status == 0)
            Self.expectEveryLine(r.stderr)
            // The document on standard output stays one document.
            switch format {
            case "tap13": #expect(r.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("ok ") || $0.hasPrefix("#") || $0.hasPrefix("TAP") || $0.hasPrefix("1..") })
            case "json": #expect((try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) != nil)
            default: #expect((try? XMLDocument(xmlString: r.stdout)) != nil)
            }
        }
    }
}

@Suite("Pictures from the command line", .serialized)
struct PictureCommandTests {
    @Test func renderWritesAStripPerControlAndAGallery() throws {
        let out = try CLI.scratch()
        let r = try CLI.run(["render", "examples/gallery.lua", "-o", out.path], in: CLI.root)
        #expect(r.status == 0, "\(r.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files.contains("like.svg") && files.contains("buy.svg") && files.contains("index.html"))
        // Seven controls, and the sort bar and the radio group as units.
        #expect(files.filter { $0.hasSuffix(".svg") }.count == 9)
        #expect(files.contains("sort.svg") && files.contains("time.svg"))
        let like = try XMLDocument(contentsOf: out.appendingPathComponent("like.svg"))
        #expect(like.rootElement()?.name == "svg")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        // Cards of controls with accessibility problems are flagged and list them.
        #expect(html.contains("<section class=\"card\" id=\"like\">") || html.contains("<section class=\"card flagged\" id=\"like\">"))
        #expect(html.contains("class=\"audit-summary\"") == html.contains("card flagged"))
        #expect(html.contains("价格 &lt;&amp;&gt;"))
        #expect(try CLI.run(["render", "examples/gallery.lua"], in: CLI.root).status == 2)
    }

    /// Bars and groups are drawn as one picture under their id, screens as
    /// the script left them; every file is valid SVG and the gallery and
    /// the summary line count each kind.
    @Test func renderDrawsBarsGroupsAndScreensAsUnits() throws {
        let dir = try CLI.scratch()
        try """
        local s = ui.screen { width = 320, height = 120 }
        local s2 = ui.screen()
        local s3 = ui.screen { id = "login" }
        local bar = ui.sortBar { id = "sorter", { title = "Name", key = "name" }, { title = "Date", key = "date" } }
        local g = ui.radioGroup { id = "size", options = { { title = "S", value = "S" }, { title = "M", value = "M" } } }
        local b = ui.button { id = "buy", title = "Buy", style = { normal = { backgroundColor = "blue" } },
                              frame = { x = 10, y = 10, width = 80, height = 40 } }
        s:add(b)
        bar:select("date")
        g:select("M")
        """.write(to: dir.appendingPathComponent("units.lua"), atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let r = try CLI.run(["render", "units.lua", "-o", "out"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("rendered 3 screens, 1 sort bar, 1 radio group, 5 controls to out/"), "\(r.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        for f in ["screen.svg", "screen-2.svg", "login.svg", "sorter.svg", "size.svg", "buy.svg", "index.html"] {
            #expect(files.contains(f), "\(f) missing from \(files.sorted())")
        }
        for f in files where f.hasSuffix(".svg") {
            #expect(try XMLDocument(contentsOf: out.appendingPathComponent(f)).rootElement()?.name == "svg", "\(f)")
        }
        let bar = try String(contentsOf: out.appendingPathComponent("sorter.svg"), encoding: .utf8)
        #expect(bar.contains("data-member=\"key name\"") && bar.contains("data-member=\"key date\""))
        #expect(bar.contains("selected: key date"))
        let group = try String(contentsOf: out.appendingPathComponent("size.svg"), encoding: .utf8)
        #expect(group.contains("selected: value &apos;M&apos;") && group.contains("selected · now"))
        // The screen holds the button where its frame puts it, in its colour.
        let screen = try String(contentsOf: out.appendingPathComponent("screen.svg"), encoding: .utf8)
        #expect(screen.contains("width=\"320\"") && screen.contains("#0000FF"), "\(screen)")
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        for id in ["screen", "screen-2", "sorter", "size", "buy"] { #expect(html.contains("id=\"\(id)\"")) }
        #expect(html.contains("<span class=\"kind\">sortBar</span>") && html.contains("<span class=\"kind\">radioGroup</span>"))
    }

    @Test func reportIsSelfContainedWithPicturesForAppearanceFailures() throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        it("expects blue", function()
          local b = ui.button { id = "like", style = { normal = { backgroundColor = "red" } } }
          assert.appearance(b, { backgroundColor = "blue" })
        end)
        it("passes", function() end)
        """.write(to: dir.appendingPathComponent("spec/p_spec.lua"), atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("r.html")
        let r = try CLI.run(["test", "--report", report.path], in: dir)
        #expect(r.status == 1)
        let html = try String(contentsOf: report, encoding: .utf8)
        #expect(html.contains("1 passed") && html.contains("1 failed"))
        #expect(!html.contains("src=\"http") && !html.contains("<link"))
        let failures = try #require(html.range(of: "<h2>Failures</h2>"))
        let all = try #require(html.range(of: "<h2>All tests</h2>"))
        #expect(failures.lowerBound < all.lowerBound)
        #expect(html.components(separatedBy: "<svg xmlns").count - 1 == 2)
        #expect(html.contains("fill=\"#0000FF\"") && html.contains("fill=\"#FF0000\""))
        #expect(html.contains("backgroundColor is &apos;#FF0000FF&apos;, expected &apos;#0000FFFF&apos;"))
        #expect(html.contains("spec/p_spec.lua:1"))
    }
}

@Suite("Spec files outside the working tree", .serialized)
struct OutsideSpecTests {
    @Test func aSpecNamedOnTheCommandLineIsReadEvenOutsideTheTree() throws {
        let dir = try CLI.scratch()
        try "it('runs', function() assert.is_true(true) end)".write(to: dir.appendingPathComponent("o_spec.lua"), atomically: true, encoding: .utf8)
        try "it('x', function()\n  syntax error here\nend)".write(to: dir.appendingPathComponent("bad_spec.lua"), atomically: true, encoding: .utf8)
        let ok = try CLI.run(["test", "-o", "plain", dir.appendingPathComponent("o_spec.lua").path])
        #expect(ok.status == 0 && ok.stdout.hasSuffix("1 passed, 0 failed, 0 pending\n"))
        let bad = try CLI.run(["test", dir.appendingPathComponent("bad_spec.lua").path])
        #expect(bad.status == 1)
        #expect(bad.stdout.contains("bad_spec.lua:2:"))
    }
}

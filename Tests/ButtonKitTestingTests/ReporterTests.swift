import Foundation
import Testing
@testable import ButtonKitTesting

@Suite("Reporters")
struct ReporterTests {
    let results = [
        TestResult(file: "a_spec.lua", name: "ok <1>", status: .passed, line: 1, duration: 0.001),
        TestResult(file: "a_spec.lua", name: "bad & worse", status: .failed, line: 2, message: "x \"y\"\nz", traceback: "t"),
        TestResult(file: "a_spec.lua", name: "later", status: .pending, line: 3),
    ]

    @Test func summaryLineCountsErrorsAsFailed() {
        var s = TestSummary()
        for r in results { s.add(r) }
        s.add(TestResult(file: "f", name: "e", status: .error, line: 0))
        #expect(s.line == "1 passed, 2 failed, 1 pending")
    }

    /// Runs `results` through a reporter writing to memory.
    func render(_ make: (TextOutput) -> Reporter) -> String {
        let out = TextOutput(.memory)
        let r = make(out)
        r.suiteStarted(RunInfo(files: ["a_spec.lua"]))
        r.fileStarted("a_spec.lua")
        var s = TestSummary()
        for x in results { r.testFinished(x); s.add(x) }
        r.fileFinished("a_spec.lua")
        r.suiteFinished(s)
        r.finish(s)
        return out.text
    }

    @Test func junitEscapesTextAndKeepsTheWholeMessage() {
        let xml = render { JUnitReporter(out: $0, timestamp: "2026-01-01T00:00:00") }
        #expect(xml.contains("name=\"ok &lt;1&gt;\""))
        #expect(xml.contains("name=\"bad &amp; worse\""))
        #expect(xml.contains("message=\"x &quot;y&quot;\nz\""))
        #expect(xml.contains("<skipped message=\"pending\"/>"))
    }

    @Test func bustedsTAPWritesNamesAndMessagesAsBustedDoes() {
        let tap = render { TAPReporter(verbose: false, out: $0) }
        #expect(tap == "ok 1 - ok <1>\nnot ok 2 - bad & worse\n# a_spec.lua @ 2\n# Failure message: x \"y\"\n# z\nok 3 - # SKIP later\n1..3\n")
        let verbose = render { TAPReporter(verbose: true, out: $0) }
        #expect(verbose.contains("# a_spec.lua @ 1: ok <1>\nok 1 - ok <1>\n"))
        #expect(verbose.contains("# Failure message: x \"y\"\n# z\n# stack traceback:\n# t\n# \n"))
    }

    @Test func bustedsJUnitEscapesAsPenlightDoes() {
        let xml = render { BustedJUnitReporter(out: $0) }
        #expect(xml.hasPrefix("\n<testsuites tests='3' failures='1' errors='0' skip='1' time='"))
        #expect(xml.contains("<testcase classname='a_spec.lua:2' name='bad &amp; worse' time='0.00'>\n\t\t\t<failure>x &quot;y&quot;\nz\nstack traceback:\nt\n</failure>\n\t\t</testcase>"))
        #expect(xml.contains("<testcase classname='a_spec.lua:3' name='later' time='0.00'>\n\t\t\t<skipped/>\n\t\t</testcase>"))
        #expect(xml.hasSuffix("\n\t</testsuite>\n</testsuites>\n"))
    }

    @Test func tapIsVersion13WithYAMLAndEscapedHashes() {
        let tap = render { TAP13Reporter(out: $0) }
        #expect(tap.hasPrefix("TAP version 13\nok 1 - ok <1>\nnot ok 2 - bad & worse\n  ---\n"))
        #expect(tap.contains("message: \"x \\\"y\\\"\\nz\""))
        #expect(tap.contains("ok 3 - later # SKIP pending\n"))
        #expect(tap.hasSuffix("1..3\n# 1 passed, 1 failed, 1 pending\n"))
        let out = TextOutput(.memory)
        TAP13Reporter(out: out).testFinished(TestResult(file: "f", name: "a #tag", status: .passed, line: 1))
        #expect(out.text == "ok 1 - a \\#tag\n")
    }

    @Test func plainNamesPendingTestsAndSaysOneTest() {
        let text = render { TerminalReporter(style: .plain, color: false, out: $0) }
        #expect(text.contains("a_spec.lua: 1 passed, 1 failed, 1 pending\n  pending: later\n"))
        let out = TextOutput(.memory)
        let r = TerminalReporter(style: .plain, color: false, out: out)
        r.suiteStarted(RunInfo(files: ["f"], listing: true))
        r.testFinished(TestResult(file: "f", name: "only", status: .listed, line: 3))
        r.finish(TestSummary())
        #expect(out.text == "f:3: only\n1 test listed\n")
    }

    @Test func workerRecordsRoundTrip() throws {
        var r = results[1]
        r.output = "printed\twith\ttabs\nand lines\\"
        r.picture = TestResult.Picture(expected: "<svg>\n</svg>", actual: "<svg/>", differences: ["a", "b\tc"], caption: "cap")
        let back = try #require(Record.parse(Substring(Record.result(r).line.dropLast()), file: "a_spec.lua"))
        #expect(back == .result(r))
        let words = Record.lastWords(activity: "a test\nname", message: "stuck in 'find'", line: 12)
        #expect(Record.parse(Substring(words.line.dropLast()), file: "x") == words)
        let none = TestResult(file: "a_spec.lua", name: "n", status: .passed, line: 1)
        #expect(Record.parse(Substring(Record.result(none).line.dropLast()), file: "a_spec.lua") == .result(none))
        // busted's entry as JSON (rich runs), with and without a defining file.
        var rich = none
        rich.detail = #"{"entry":{"name":"n\tx"},"id":3}"#
        #expect(Record.parse(Substring(Record.result(rich).line.dropLast()), file: "a_spec.lua") == .result(rich))
        rich.definedIn = "spec/helper.lua"
        #expect(Record.parse(Substring(Record.result(rich).line.dropLast()), file: "a_spec.lua") == .result(rich))
        for r in [Record.started(name: "s", line: 2, definedIn: nil, detail: "{}"), .started(name: "s", line: 2, definedIn: "h.lua", detail: nil),
                  .block(#"{"event":"start"}"#), .next("spec/b_spec.lua")] {
            #expect(Record.parse(Substring(r.line.dropLast()), file: "x") == r)
        }
    }

    @Test func secondsFormat() {
        #expect(Seconds.format(1.23456) == "1.235")
        #expect(Seconds.human(0.0005) == "0.5 ms")
        #expect(Seconds.human(2.5) == "2.50 s")
    }
}

import Foundation
import Testing
import ButtonKit
import ButtonKitTestSupport

/// `buttonkit audit` for CI, through the binary: severities and --fail-on,
/// names by outlet, baselines, and the JSON, JUnit and SARIF reports.
@Suite("buttonkit audit for CI", .serialized)
struct AuditCIFormatTests {
    /// examples/Shop copied into a scratch folder (its files can be changed).
    static func shop() throws -> URL {
        let dir = try CLI.scratch().appendingPathComponent("Shop")
        try FileManager.default.copyItem(at: CLI.root.appendingPathComponent("examples/Shop"), to: dir)
        return dir
    }
    static let file = "Shop/Base.lproj/Main.storyboard"

    @Test func highlightedContrastIsAWarningAndOnlyErrorsFail() throws {
        let shop = try Self.shop()
        // Only the pressed looks of coupon and done fail contrast in light mode's highlighted state.
        let r = try CLI.run(["audit", "--check", "contrast", "--states", "highlighted", "--style", "light", Self.file], in: shop)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("Checkout/coupon/highlighted/light: contrast 3.5:1 < 4.5:1 (title #387FCF on #E0EFFF) (warning)"), "\(r.stdout)")
        #expect(r.stderr.contains("nothing fails at --fail-on error"), "\(r.stderr)")
        let strict = try CLI.run(["audit", "--check", "contrast", "--states", "highlighted", "--style", "light", "--fail-on", "warning", Self.file], in: shop)
        #expect(strict.status == 1)
        let normal = try CLI.run(["audit", "--check", "contrast", "--states", "normal", Self.file], in: shop)
        #expect(normal.status == 1 && !normal.stdout.contains("(warning)"), "\(normal.stdout)")
        #expect(try CLI.run(["audit", "--fail-on", "never", Self.file], in: shop).status == 2)
        #expect(try CLI.run(["audit", "--format", "xml", Self.file], in: shop).status == 2)
    }

    @Test func controlsAreNamedByAccessibilityIdThenOutletThenTitleThenIBID() throws {
        let r = try CLI.run(["audit", "--check", "hitTarget,dynamicType", "--min-size", "100", "Tests/Fixtures/ib/Kinds/Login.xib"], in: CLI.root)
        let names = Set(r.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) })
        // loginButton: an outlet; apple: an accessibility identifier (also in
        // the socialButtons collection); Google: in the collection too; Help: no outlet, its title.
        #expect(names == ["lgn-Vw-001/loginButton", "lgn-Vw-001/apple", "lgn-Vw-001/socialButtons", "lgn-Vw-001/Help"], "\(r.stdout)")
    }

    @Test func aBaselineFailsOnlyOnNewProblemsAndCountsTheGoneOnes() throws {
        let shop = try Self.shop()
        let w = try CLI.run(["audit", Self.file, "--write-baseline", "baseline.json"], in: shop)
        #expect(w.status == 0, "\(w.stderr)")
        #expect(w.stderr.contains("baseline: 16 problems recorded in baseline.json"), "\(w.stderr)")
        let again = try CLI.run(["audit", Self.file, "--baseline", "baseline.json"], in: shop)
        #expect(again.status == 0 && again.stdout.isEmpty, "\(again.stdout)")
        #expect(again.stderr.contains("baseline: 16 known, 0 new; 0 baseline entries no longer occur"), "\(again.stderr)")
        // The app changes: the close button grows to 44 x 44 (its problem is
        // gone), the Done button becomes 30 points high (a new problem), and
        // the Pay button's colour changes a little (same problem, new numbers).
        let path = shop.appendingPathComponent(Self.file)
        var text = try String(contentsOf: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "x=\"329\" y=\"28\" width=\"30\" height=\"30\"", with: "x=\"315\" y=\"28\" width=\"44\" height=\"44\"")
        text = text.replacingOccurrences(of: "x=\"137\" y=\"340\" width=\"100\" height=\"44\"", with: "x=\"137\" y=\"340\" width=\"100\" height=\"30\"")
        try text.write(to: path, atomically: true, encoding: .utf8)
        let changed = try CLI.run(["audit", Self.file, "--baseline", "baseline.json"], in: shop)
        #expect(changed.status == 1, "\(changed.stderr)")
        #expect(changed.stdout == "Confirmation/done: hit target 100x30 pt < 44x44 pt\n", "\(changed.stdout)")
        #expect(changed.stderr.contains("baseline: 15 known, 1 new; 1 baseline entry no longer occurs"), "\(changed.stderr)")
        // Without the baseline, every problem is listed again.
        let all = try CLI.run(["audit", Self.file], in: shop)
        #expect(all.stdout.split(separator: "\n").count == 16, "\(all.stdout)")
        // A bad baseline is a usage error naming the file.
        try "{ nope".write(to: shop.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try CLI.run(["audit", Self.file, "--baseline", "bad.json"], in: shop)
        #expect(bad.status == 2 && bad.stderr.contains("bad.json"), "\(bad.stderr)")
    }

    @Test func jsonNamesTheRuleAndSeverityOfEveryProblem() throws {
        let shop = try Self.shop()
        let r = try CLI.run(["audit", "--format", "json", Self.file], in: shop)
        #expect(r.status == 1)
        guard case .object(let doc) = try JSON.parse(r.stdout), case .array(let problems)? = doc["problems"] else {
            Issue.record("not a JSON report: \(r.stdout)"); return
        }
        #expect(problems.count == 16)
        let close = problems.first { if case .object(let o) = $0, o["name"] == .string("Checkout/close") { return true }; return false }
        guard case .object(let c)? = close else { Issue.record("no Checkout/close"); return }
        #expect(c["rule"] == .string("Apple HIG: hit targets of at least 44x44 pt"))
        #expect(c["severity"] == .string("error") && c["check"] == .string("hitTarget") && c["screen"] == .string("Checkout"))
        #expect(c["source"] == .object(["path": .string(Self.file), "line": .int(20), "column": .int(29)]))
        let rules = Set(problems.compactMap { if case .object(let o) = $0, case .string(let r)? = o["rule"] { return r }; return nil })
        #expect(rules.contains("WCAG 2.2 SC 1.4.3 Contrast (Minimum)"))
        let warnings = problems.filter { if case .object(let o) = $0 { return o["severity"] == .string("warning") }; return false }
        #expect(warnings.count == 3)
    }

    @Test func sarifPointsAtEachControlsElement() throws {
        let shop = try Self.shop()
        _ = try CLI.run(["audit", Self.file, "--write-baseline", "b.json"], in: shop)
        let r = try CLI.run(["audit", "--format", "sarif", "--baseline", "b.json", Self.file], in: shop)
        #expect(r.status == 0)
        guard case .object(let doc) = try JSON.parse(r.stdout), case .array(let runs)? = doc["runs"],
              case .object(let run)? = runs.first, case .array(let results)? = run["results"] else {
            Issue.record("not SARIF: \(r.stdout)"); return
        }
        #expect(doc["version"] == .string("2.1.0"))
        #expect(results.count == 16)
        for case .object(let res) in results {
            #expect(res["baselineState"] == .string("unchanged"))
            guard case .array(let locs)? = res["locations"], case .object(let loc)? = locs.first,
                  case .object(let phys)? = loc["physicalLocation"], case .object(let region)? = phys["region"],
                  case .int(let line)? = region["startLine"] else { Issue.record("no location: \(res)"); continue }
            #expect(phys["artifactLocation"] == .object(["uri": .string(Self.file)]))
            #expect(line > 1)
        }
    }

    @Test func junitHasATestCasePerControl() throws {
        let r = try CLI.run(["audit", "--format", "junit", "Tests/Fixtures/ib/Kinds/Settings.storyboard"], in: CLI.root)
        #expect(r.status == 1)
        #expect(r.stdout.components(separatedBy: "<testcase ").count - 1 == 12, "\(r.stdout)")
        #expect(r.stdout.contains("<testsuite name=\"Settings\" tests=\"6\""), "\(r.stdout)")
        #expect(r.stdout.contains("name=\"signOutButton\" file=\"Tests/Fixtures/ib/Kinds/Settings.storyboard\" line=\"44\""), "\(r.stdout)")
        #expect(r.stdout.components(separatedBy: "<skipped ").count - 1 == 2)
        #expect(r.stderr.contains("2 controls are not visible"), "\(r.stderr)")
    }

    @Test func tvOSSaysOnceWhatItSkips() throws {
        let r = try CLI.run(["audit", "Tests/Fixtures/ib/Kinds/Player.xib"], in: CLI.root)
        #expect(!r.stdout.contains("hit target"), "\(r.stdout)")
        #expect(r.stderr.components(separatedBy: "tvOS: hitTarget and dynamicType not checked").count == 2, "\(r.stderr)")
    }
}

import Foundation
import Testing
import ButtonKitTestSupport

@Suite("buttonkit audit", .serialized)
struct AuditCommandTests {
    @Test func theExampleListsTheFailingButtonsAndExits1() throws {
        let r = try CLI.run(["audit", "--states", "normal,selected", "examples/configuration_dark_mode.lua"], in: CLI.root)
        #expect(r.status == 1, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init).filter { $0.contains(": contrast ") || $0.contains(": hit target") }
        #expect(lines.contains("more/normal/light: contrast 2.9:1 < 4.5:1 (title #8E8E93 on #F2F2F7)"))
        #expect(lines.contains("more: hit target 120x30 pt < 44x44 pt"))
        #expect(!lines.contains { $0.hasPrefix("more-fixed") || $0.hasPrefix("buy") })
        #expect(lines.contains("follow/normal/light: contrast 3.9:1 < 4.5:1 (title #5856D6 on #D6D6F1)"))
        #expect(r.stdout.contains("follow/normal/ax5: title \"Follow\" does not fit"), "\(r.stdout)")
        #expect(r.stderr.contains("accessibility problems in 3 of 4 controls"), "\(r.stderr)")
    }

    @Test func aCleanScriptExits0() throws {
        let dir = try CLI.scratch()
        try """
        ui.button { id = "ok", title = "OK", frame = { 0, 0, 120, 70 }, adjustsFontForContentSizeCategory = true,
          style = { normal = { titleColor = "label", font = "body" } } }
        """.write(to: dir.appendingPathComponent("ok.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["audit", "ok.lua"], in: dir)
        #expect(r.status == 0 && r.stdout.isEmpty)
        // What the script prints goes to standard error: standard output is
        // the problems only.
        try """
        print("from the script")
        ui.button { id = "tiny", title = "T", frame = { 0, 0, 10, 10 }, style = { normal = { titleColor = "label" } } }
        """.write(to: dir.appendingPathComponent("p.lua"), atomically: true, encoding: .utf8)
        let p = try CLI.run(["audit", "--check", "contrast,hitTarget,label", "p.lua"], in: dir)
        #expect(p.status == 1 && p.stdout == "tiny: hit target 10x10 pt < 44x44 pt\n", "\(p.stdout)")
        #expect(p.stderr.contains("from the script"))
        #expect(r.stderr.contains("no accessibility problems in 1 control"))
    }

    @Test func optionsComeFromTheTableAndBadOnesExit2() throws {
        let dir = try CLI.scratch()
        try """
        ui.button { id = "small", title = "S", frame = { 0, 0, 30, 30 }, style = { normal = { titleColor = "label" } } }
        """.write(to: dir.appendingPathComponent("s.lua"), atomically: true, encoding: .utf8)
        #expect(try CLI.run(["audit", "--min-size", "30", "--check", "contrast,hitTarget,label", "s.lua"], in: dir).status == 0)
        #expect(try CLI.run(["audit", "--check", "contrast,label", "s.lua"], in: dir).status == 0)
        #expect(try CLI.run(["audit", "--style", "dusk", "s.lua"], in: dir).status == 2)
        #expect(try CLI.run(["audit", "--check", "size", "s.lua"], in: dir).status == 2)
        #expect(try CLI.run(["audit"], in: dir).status == 2)
        let help = try CLI.run(["help", "audit"])
        #expect(help.status == 0 && help.stdout.contains("--min-contrast=RATIO") && help.stdout.contains("--states=STATES"))
        #expect(try CLI.run(["help"]).stdout.contains("buttonkit audit SCRIPT"))
    }

    /// The trial: a 20×20 button sharing an id with a good one passed, exit 0.
    @Test func aSmallButtonSharingAnIdWithAGoodOneIsAuditedAndTheIdReported() throws {
        let dir = try CLI.scratch()
        try """
        local s = ui.screen {}
        s:add(ui.button { id = "pay", title = "Pay", frame = { 20, 20, 20, 20 }, style = { normal = { titleColor = "label" } } })
        s:add(ui.button { id = "pay", title = "Pay", frame = { 20, 600, 335, 50 }, style = { normal = { titleColor = "label" } } })
        """.write(to: dir.appendingPathComponent("dup.lua"), atomically: true, encoding: .utf8)
        let r = try CLI.run(["audit", "--check", "hitTarget,duplicateId", "dup.lua"], in: dir)
        #expect(r.status == 1, "\(r.stdout)")
        // Problems come control by control.
        #expect(r.stdout == "pay: hit target 20x20 pt < 44x44 pt\npay#2: id 'pay' is used by 2 live controls (a lookup by id finds only one)\n", "\(r.stdout)")
        #expect(r.stderr.contains("in 2 of 2 controls"), "\(r.stderr)")
    }
}

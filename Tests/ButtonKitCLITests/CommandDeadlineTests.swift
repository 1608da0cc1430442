import Foundation
import Testing
import ButtonKitTestSupport

/// Issue 27, "limits that must hold for the whole command": `render` and
/// `audit` draw and audit after the script returned, and that work stays
/// under the command's `--timeout` plus the grace period (it had no
/// deadline: a long wrapped title kept `audit --timeout 1` busy for 40 s
/// and more; these tests failed before, killed by their hang catch at 60 s).
/// Whether the work finishes in time depends on the machine; the bound
/// holds either way: a finished command, or the limit's message, well
/// before the hang catch.
@Suite("The whole command under its time limit")
struct CommandDeadlineTests {
    /// A configured button whose long title is wrapped in a very wide frame
    /// (the audit's clipped-text check and the pictures lay it out for
    /// every state and style).
    static let script = """
        local b = ui.button { id = "long", title = ("ab "):rep(64000), frame = { 0, 0, 32000, 44 } }
        b.configuration = { style = "filled", title = ("ab "):rep(64000) }
        """

    /// Ended within --timeout 1 + the 2 s grace, with a generous margin for
    /// a busy machine; when it was stopped, it says why.
    func expectWithinTheLimit(_ r: Spawned.Ended, _ what: String) {
        #expect(!r.timedOut && r.seconds < 1 + 2 + 15, "\(what) outlived its limit: \(r.summary)")
        if r.exitCode == 1 && r.stderr.contains("time limit exceeded") {
            #expect(r.stderr.contains("while " + what), "\(r.summary)")
        }
        #expect(!r.crashed, "\(r.summary)")
    }

    @Test func auditEndsWithinItsTimeout() throws {
        let dir = try CLI.scratch()
        try Self.script.write(to: dir.appendingPathComponent("slow.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["audit", "--timeout", "1", "slow.lua"], in: dir, limit: 60)
        expectWithinTheLimit(r, "auditing")
    }

    @Test func renderEndsWithinItsTimeout() throws {
        let dir = try CLI.scratch()
        try Self.script.write(to: dir.appendingPathComponent("slow.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["render", "--timeout", "1", "slow.lua", "-o", "out"], in: dir, limit: 60)
        expectWithinTheLimit(r, "drawing the pictures")
    }
}

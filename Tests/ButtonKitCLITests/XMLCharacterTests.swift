import Foundation
import Testing
import ButtonKitTestSupport

/// U+FFFE and U+FFFF in a title or a test name made the SVG and the JUnit
/// file invalid XML (issue 27: `SVGText.escape` dropped only C0 controls).
/// Every XML the binary writes leaves out each character XML 1.0 forbids.
@Suite("Characters XML forbids")
struct XMLCharacterTests {
    /// Whether `text` holds a character XML 1.0 forbids.
    static func forbidden(_ text: String) -> [UInt32] {
        text.unicodeScalars.filter { u in
            switch u.value {
            case 0x9, 0xA, 0xD, 0x20...0xFFFD, 0x10000...: return false
            default: return true
            }
        }.map(\.value)
    }

    static let odd = "a\\u{FFFF}b\\u{FFFE}c\\1d\\27e"

    @Test func picturesLeaveThemOut() throws {
        let dir = try CLI.scratch()
        try """
        local b = ui.button { id = "odd", title = "\(Self.odd)", accessibilityLabel = "\(Self.odd)" }
        local s = ui.screen { width = 200, height = 100 } s:add(b)
        io.write(ui.svg(b), ui.svg(b, { states = "all" }), ui.svg(s))
        """.write(to: dir.appendingPathComponent("odd.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["run", "odd.lua"], in: dir, limit: 60)
        #expect(r.exitCode == 0 && r.stdout.contains("<svg"), "\(r.summary)")
        #expect(Self.forbidden(r.stdout).isEmpty, "\(Self.forbidden(r.stdout))")
        #expect(r.stdout.contains("abcde"), "the allowed characters stay")
        let render = try Spawned.run(["render", "odd.lua", "-o", "out"], in: dir, limit: 60)
        #expect(render.exitCode == 0, "\(render.summary)")
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path) {
            let text = try String(contentsOf: dir.appendingPathComponent("out/" + name), encoding: .utf8)
            #expect(Self.forbidden(text).isEmpty, "\(name): \(Self.forbidden(text))")
        }
    }

    /// The audit's JUnit report had an escaping rule of its own, which kept
    /// U+FFFE and U+FFFF (an id and a label with them made invalid XML).
    @Test func theAuditsJUnitReportLeavesThemOut() throws {
        let dir = try CLI.scratch()
        try """
        ui.button { id = "\(Self.odd)", frame = { 0, 0, 20, 20 }, title = "ok" }
        ui.button { id = "plain", frame = { 0, 40, 20, 20 }, accessibilityLabel = "\(Self.odd) button" }
        """.write(to: dir.appendingPathComponent("odd.lua"), atomically: true, encoding: .utf8)
        let r = try Spawned.run(["audit", "--format", "junit", "odd.lua"], in: dir, limit: 60)
        #expect(r.exitCode == 1 && r.stdout.contains("<testsuites") && r.stdout.contains("abcde"), "\(r.summary)")
        #expect(Self.forbidden(r.stdout).isEmpty, "\(Self.forbidden(r.stdout))")
    }

    @Test func junitFilesLeaveThemOut() throws {
        let dir = try CLI.scratch()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("spec"), withIntermediateDirectories: true)
        try """
        describe("suite \(Self.odd)", function()
          it("test \(Self.odd)", function() error("boom \(Self.odd)") end)
          it("prints", function() print("out \(Self.odd)") end)
        end)
        """.write(to: dir.appendingPathComponent("spec/odd_spec.lua"), atomically: true, encoding: .utf8)
        let busted = try Spawned.run(["test", "-o", "junit"], in: dir, limit: 60)
        #expect(busted.exitCode == 1 && busted.stdout.contains("<testsuites"), "\(busted.summary)")
        #expect(Self.forbidden(busted.stdout).isEmpty, "\(Self.forbidden(busted.stdout))")
        let own = try Spawned.run(["test", "--junit", "j.xml", "--report", "r.html"], in: dir, limit: 60)
        #expect(own.exitCode == 1, "\(own.summary)")
        for name in ["j.xml", "r.html"] {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            #expect(text.contains("test abcde"), "\(name)")
            #expect(Self.forbidden(text).isEmpty, "\(name): \(Self.forbidden(text))")
        }
    }
}

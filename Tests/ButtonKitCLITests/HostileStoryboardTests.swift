import Foundation
import Testing
import ButtonKitTestSupport

/// Interface Builder files made to take memory, through the binary
/// (issue 27): a DOCTYPE in UTF-16 or UTF-32 (which never contains the
/// bytes `<!DOCTYPE`) got past the refusal and libxml2 expanded its entity
/// into every attribute that named it; a file of a million empty elements
/// under a small ceiling ended the process inside Swift's allocation-failure
/// report instead of a message.
@Suite("Hostile storyboards")
struct HostileStoryboardTests {
    /// A storyboard declaring one entity of `entityBytes` and naming it in
    /// `uses` buttons' userLabel.
    static func entityStoryboard(encoding: String, entityBytes: Int, uses: Int) -> String {
        var doc = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<!DOCTYPE document [<!ENTITY big \"\(String(repeating: "A", count: entityBytes))\">]>\n"
        doc += "<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" targetRuntime=\"iOS.CocoaTouch\">"
        doc += "<scenes><scene sceneID=\"s\"><objects><viewController id=\"vc\"><view key=\"view\" id=\"v\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"375\" height=\"667\"/><subviews>"
        for i in 0..<uses {
            doc += "<button id=\"b\(i)\" userLabel=\"&big;\"><rect key=\"frame\" x=\"0\" y=\"0\" width=\"100\" height=\"44\"/></button>"
        }
        doc += "</subviews></view></viewController></objects></scene></scenes></document>\n"
        return doc
    }

    static func bytes(_ text: String, _ encoding: String) -> Data {
        switch encoding {
        case "UTF-16": return text.data(using: .utf16)!  // with a byte-order mark
        case "UTF-16LE": return text.data(using: .utf16LittleEndian)!
        case "UTF-32": return text.data(using: .utf32)!
        default: return Data(text.utf8)
        }
    }

    /// The issue's file was 2.2 MB (one 1 MB entity in 3,000 attributes,
    /// 3 GB once expanded); a tenth of the entity in 300 attributes shows the
    /// same hole: before, the file loaded with every userLabel expanded.
    @Test(arguments: ["UTF-16", "UTF-16LE", "UTF-32"])
    func aDoctypeInAnyEncodingIsRefused(_ encoding: String) throws {
        let dir = try CLI.scratch()
        let text = Self.entityStoryboard(encoding: encoding, entityBytes: 100_000, uses: 300)
        try Self.bytes(text, encoding).write(to: dir.appendingPathComponent("Main.storyboard"))
        let r = try Spawned.run(["run", "-e", "print(pcall(ui.load, 'Main.storyboard'))"], in: dir, limit: 60)
        #expect(r.signal == nil && r.exitCode == 0, "\(r.summary)")
        #expect(r.stdout.hasPrefix("false\tui.load: Main.storyboard:"), "\(r.summary)")
        // libxml2 reads UTF-32 only as far as to find it is not a document;
        // UTF-16 is read, and its DOCTYPE refused.
        if encoding.hasPrefix("UTF-16") { #expect(r.stdout.contains("DOCTYPE"), "\(r.summary)") }
        let audit = try Spawned.run(["audit", "Main.storyboard"], in: dir, limit: 60)
        #expect(audit.signal == nil && audit.exitCode == 1 && audit.stderr.contains("Main.storyboard:"), "\(audit.summary)")
        #expect(!audit.stdout.contains("AAAAAAAAAA") && !audit.stderr.contains("AAAAAAAAAA"), "\(audit.summary.prefix(500))")
    }

    /// The issue's numbers: 15 MB, 1.1 million empty elements, a 50 MB
    /// ceiling. The parsed elements are charged to the ceiling as they are
    /// read, so the load stops with a message long before the kernel's floor.
    @Test func aMillionEmptyElementsStopAtTheCeilingWithAMessage() throws {
        let dir = try CLI.scratch()
        var doc = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" version=\"3.0\" targetRuntime=\"iOS.CocoaTouch\"><scenes>"
        doc += String(repeating: "<scene a=\"b\"/>", count: 1_100_000)
        doc += "</scenes></document>\n"
        try doc.write(to: dir.appendingPathComponent("Big.storyboard"), atomically: true, encoding: .utf8)
        for args in [["run", "--max-memory", "50", "-e", "ui.load('Big.storyboard')"], ["audit", "--max-memory", "50", "Big.storyboard"]] {
            let r = try Spawned.run(args, in: dir, limit: 120)
            #expect(r.signal == nil && r.exitCode == 1, "\(args): \(r.summary)")
            #expect(r.stderr.contains("Big.storyboard:") && r.stderr.contains("the memory limit leaves"), "\(args): \(r.summary)")
        }
    }
}

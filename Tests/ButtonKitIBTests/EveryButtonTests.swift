import Foundation
import Testing
import ButtonKit
@testable import ButtonKitIB

/// Every `<button>` of a file is a control: static table cells, prototype
/// and collection view cells, table headers and footers, bar button items'
/// custom views, views beside a scene's root view.
@Suite struct EveryButtonTests {
    /// `<button` start tags in the file (the element, not `<buttonConfiguration`).
    static func buttonElements(_ text: String) -> Int {
        var n = 0
        for part in text.components(separatedBy: "<button").dropFirst() where part.first == " " || part.first == ">" || part.first == "\n" {
            n += 1
        }
        return n
    }

    /// Every storyboard and XIB of the fixtures and the examples.
    static var files: [String] {
        let repo = URL(fileURLWithPath: Fixtures.root).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var out: [String] = []
        for base in [Fixtures.root, repo.appendingPathComponent("examples").path] {
            guard let e = FileManager.default.enumerator(atPath: base) else { continue }
            for case let p as String in e where p.hasSuffix(".storyboard") || p.hasSuffix(".xib") { out.append(base + "/" + p) }
        }
        return out.sorted()
    }

    @Test func oneControlPerButtonElementInEveryFixture() throws {
        let files = EveryButtonTests.files
        #expect(files.count >= 6)
        var total = 0
        for f in files {
            let doc = try IBDocument.load(path: f, options: .plainFiles())
            let text = try String(contentsOfFile: f, encoding: .utf8)
            let elements = EveryButtonTests.buttonElements(text)
            #expect(doc.controls.count == elements, "\(f): \(doc.controls.count) controls for \(elements) <button> elements")
            #expect(!doc.ignored.contains { $0.element == "button" && $0.attribute == nil }, "\(f): a button listed as not modelled")
            total += elements
        }
        #expect(total >= 35)
    }

    @Test func staticCellsHeadersFootersAndBarsAreControlsAtTheirFrames() throws {
        let doc = try Fixtures.load("Kinds/Settings.storyboard")
        let settings = try #require(doc.scene(named: "Settings"))
        #expect(settings.controls.map(\.id) == ["hdr-Bt-001", "ftr-Bt-001", "sgo-Bt-001", "clr-Bt-001", "und-Bt-001", "don-Bt-001"])
        // Static cells: sections have no frame; each cell is at its saved frame in the table.
        #expect(doc.find("Sign out")?.frame == Rect(x: 16, y: 115.5, width: 120, height: 44))
        #expect(doc.find("Delete account")?.frame == Rect(x: 16, y: 508, width: 343, height: 44))
        // The navigation bar's custom view: in a bar below a 20 pt status bar (a 667 pt screen).
        #expect(doc.find("Done")?.frame == Rect(x: 303, y: 27, width: 56, height: 30))
        // The toolbar items' custom view: in a bar at the bottom; a toolbar view's at its frame.
        #expect(doc.find("Sort")?.frame == Rect(x: 279, y: 630, width: 80, height: 30))
        #expect(doc.find("Filter")?.frame == Rect(x: 16, y: 630, width: 80, height: 30))
        // A view beside the root view is a screen of its own.
        #expect(doc.scene(named: "Popover")?.controls.map(\.id) == ["pop-Bt-001"])
        // Static cells are not repeated: no reuse identifier.
        #expect(doc.info(for: try #require(doc.find("Sign out")))?.cell == nil)
    }

    @Test func prototypeAndCollectionCellsSayTheirReuseIdentifier() throws {
        let doc = try Fixtures.load("Kinds/Settings.storyboard")
        let buy = try #require(doc.find("Buy"))
        #expect(doc.info(for: buy)?.cell == "ProductCell")
        #expect(buy.frame == Rect(x: 290, y: 51, width: 69, height: 44))
        #expect(doc.info(for: buy)?.outlet == IBOutlet(property: "buyButton", ownerClass: "ProductCell", isCollection: false))
        #expect(doc.info(for: try #require(doc.find("Save")))?.cell == "TileCell")
    }

    @Test func hiddenIsTheOwnFlagAndVisibleSaysWhetherItIsOnScreen() throws {
        let doc = try Fixtures.load("Kinds/Settings.storyboard")
        let undo = try #require(doc.find("Undo"))      // in a hidden view
        #expect(!undo.isHidden && undo.isHiddenBySuperview && !undo.isVisible)
        let faded = try #require(doc.find("Faded"))    // in a view of alpha 0
        #expect(!faded.isHidden && !faded.isVisible)
        #expect(try #require(doc.find("Clear history")).isVisible)
        // A tap on what is not visible does nothing, however it comes.
        var taps = 0
        _ = undo.on(.touchUpInside) { _, _ in taps += 1 }
        _ = faded.on(.touchUpInside) { _, _ in taps += 1 }
        try undo.tap()
        try faded.tap()
        #expect(taps == 0)
        let screen = try #require(doc.scene(named: "Settings")).screen
        #expect(try screen.tap(Point(x: 250, y: 230)) == nil)
    }
}

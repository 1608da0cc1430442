import ButtonKit
import ButtonKitSVG
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("Pictures: the SVG renderer")
struct SVGTests {
    init() { RealMetrics.ensure() }

    /// A few fixed controls whose pictures are pinned in Golden/.
    static func fixtures() throws -> [(String, String)] {
        RealMetrics.ensure()
        let plain = Button(id: "plain", frame: Rect(x: 0, y: 0, width: 100, height: 44))
        try plain.setUpStyle(.normal) { $0.title("Go").titleColor(.black) }

        let styled = Button(id: "styled", frame: Rect(x: 0, y: 0, width: 220, height: 44))
        try styled.setUpStyle(.normal) {
            $0.backgroundColor(try! Color(parsing: "#1976D2")).cornerRadius(8).borderWidth(2)
                .borderColor(try! Color(parsing: "#0D47A180")).image("cart").alpha(0.9)
                .attributedTitle([AttributedRun(text: "Buy ", color: .white),
                                  AttributedRun(text: "<now> & 现在", color: .red, font: Font(size: 17, weight: .bold))])
        }
        try styled.setUpStyle(.disabled) { $0.backgroundColor(.gray).backgroundImage("stripes") }

        let sort = SortButton(key: "price", id: "price", frame: Rect(x: 0, y: 0, width: 110, height: 40))
        try sort.setUpStyle(.normal) { $0.title("价格").titleColor(.black) }
        try sort.setDirection(.descending)

        let screen = Screen(width: 200, height: 100)
        let a = Button(id: "a", frame: Rect(x: 10, y: 10, width: 80, height: 30))
        try a.setUpStyle(.normal) { $0.title("A").backgroundColor(.green) }
        let hidden = Button(id: "h", frame: Rect(x: 100, y: 10, width: 80, height: 30))
        try hidden.setUpStyle(.normal) { $0.title("HIDDEN") }
        hidden.setHidden(true)
        screen.add(.button(a)); screen.add(.button(hidden))

        return [
            ("plain", Pictures.svg(plain)),
            ("styled-strip", Pictures.strip(styled)),
            ("sort-strip", Pictures.strip(sort)),
            ("screen", Pictures.svg(screen)),
        ]
    }

    static let goldenDir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden")

    @Test func aScreenIsPaintedWithItsBackgroundInItsOwnStyle() throws {
        let s = Screen(width: 100, height: 50)
        #expect(Pictures.svg(s).contains("fill=\"#FFFFFF\""), "light: systemBackground is white")
        try s.setUserInterfaceStyle(.dark)
        #expect(Pictures.svg(s).contains("<rect width=\"100\" height=\"50\" fill=\"#000000\""), "dark: systemBackground is black")
        s.backgroundColor = .dynamic(.system(.systemGray6))
        #expect(Pictures.svg(s).contains("fill=\"#1C1C1E\""), "dark systemGray6")
    }

    @Test func everyPictureIsWellFormedXML() throws {
        for (name, svg) in try Self.fixtures() {
            let doc = try XMLDocument(data: Data(svg.utf8))
            #expect(doc.rootElement()?.name == "svg", "\(name)")
        }
    }

    @Test func picturesMatchThePinnedFiles() throws {
        for (name, svg) in try Self.fixtures() {
            let url = Self.goldenDir.appendingPathComponent(name + ".svg")
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] != nil {
                try svg.write(to: url, atomically: true, encoding: .utf8)
            }
            let pinned = try String(contentsOf: url, encoding: .utf8)
            #expect(svg == pinned, "\(name).svg changed; run with UPDATE_GOLDEN=1 after checking it by eye")
        }
    }

    @Test func barsAndGroupsAreOnePictureWithMembersNamedAndTheCurrentStateMarked() throws {
        let bar = SortBar(id: "sort")
        try bar.add(SortButton(key: "price"))
        try bar.add(SortButton(key: "sales"))
        try bar.select("sales")
        let svg = Pictures.strip(bar)
        #expect(svg.contains("sortBar sort — selected: key sales"))
        #expect(svg.contains("data-member=\"key price\""))
        #expect(svg.contains("data-member=\"key sales\""))
        // One current-state frame per member: price is normal, sales selected.
        #expect(svg.components(separatedBy: "class=\"current\"").count == 3)
        #expect(svg.contains("selected · now"))
        #expect(try XMLDocument(data: Data(svg.utf8)).rootElement()?.name == "svg")

        let g = RadioGroup(id: "time")
        try g.add(Button(), value: .int(5))
        try g.add(Button(), value: .int(15))
        let group = Pictures.strip(g)
        #expect(group.contains("radioGroup time — nothing selected"))
        #expect(group.contains("data-member=\"value 15\""))
        #expect(Pictures.svg(g).contains("value 15 · normal"))
    }

    @Test func outputIsDeterministic() throws {
        let a = try Self.fixtures().map(\.1)
        let b = try Self.fixtures().map(\.1)
        #expect(a == b)
    }

    @Test func textWithMarkupAndCJKSurvives() throws {
        let svg = try Self.fixtures()[1].1
        let doc = try XMLDocument(data: Data(svg.utf8))
        let texts = try doc.nodes(forXPath: "//*[local-name()='tspan']").compactMap(\.stringValue)
        #expect(texts.contains("<now> & 现在"))
        #expect(svg.contains("&lt;now&gt; &amp; 现在"))
    }

    @Test func coloursStatesAndAlphaAppear() throws {
        let svg = try Self.fixtures()[1].1
        #expect(svg.contains("fill=\"#1976D2\""))
        #expect(svg.contains("stroke=\"#0D47A1\" stroke-opacity=\"0.5\""))
        #expect(svg.contains("opacity=\"0.9\""))
        for state in ["normal", "highlighted", "selected", "highlighted|selected", "disabled"] {
            #expect(svg.contains("data-state=\"\(state)\""), "\(state)")
            #expect(svg.contains(">\(state)</text>") || svg.contains(">\(state) · now</text>"), "label \(state)")
        }
        #expect(svg.contains("data-adjustment=\"highlighted\""))
        #expect(svg.contains("class=\"background-image\""))
    }

    @Test func sortIconsAreVectorArrows() throws {
        let svg = try Self.fixtures()[2].1
        #expect(svg.contains("data-icon=\"red_arrow_down\""))
        #expect(svg.contains("<path d=\"M"))
    }

    @Test func hiddenControlsAreOmitted() throws {
        let svg = try Self.fixtures()[3].1
        #expect(svg.contains(">A</tspan>"))
        #expect(!svg.contains("HIDDEN"))
    }

    @Test func cjkCountsAsFullWidth() {
        let f = Font(size: 10)
        #expect(SVGText.width("价格", font: f) == 20)
        #expect(SVGText.width("ab", font: f) < 12)
    }
}

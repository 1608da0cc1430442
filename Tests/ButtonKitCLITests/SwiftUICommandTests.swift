import Foundation
import Testing
import ButtonKitTestSupport

/// `buttonkit scan`, `audit` and `render` on SwiftUI views (the Cafe
/// fixture), through the binary.
@Suite("buttonkit scan, audit and render on SwiftUI views", .serialized)
struct SwiftUICommandTests {
    static let cafe = "Tests/Fixtures/code/Cafe"

    @Test func scanCountsSwiftUIControlsAndTheirLabels() throws {
        let r = try CLI.run(["scan", Self.cafe], in: CLI.root)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\(Self.cafe)/Cafe/OrderView.swift: 12 swiftui;"), "\(r.stdout)")
        #expect(r.stdout.contains("total: 17 swiftui;"), "\(r.stdout)")
        #expect(r.stdout.contains("SwiftUI controls with a title or label: 17 of 17; with everything they say evaluated: 16"), "\(r.stdout)")
        #expect(r.stdout.contains("theme  — foregroundColor:"), "\(r.stdout)")
    }

    @Test func auditChecksLabelsDynamicTypeAndClippingOnlyWhereAFrameFixesTheSize() throws {
        let r = try CLI.run(["audit", "--check", "label,dynamicType,textClipped,overlap", Self.cafe], in: CLI.root)
        #expect(r.status == 1, "\(r.stderr)")
        // An icon-only button with no accessibilityLabel.
        #expect(r.stdout.contains("OrderView/close: no title or accessibilityLabel [OrderView.swift:17]"), "\(r.stdout)")
        #expect(r.stdout.contains("SettingsView/SettingsView.15: no title or accessibilityLabel"), "\(r.stdout)")
        // .system(size:) does not grow with Dynamic Type; text styles do.
        #expect(r.stdout.contains("OrderView/Basket: title font 'semibold 15' has a fixed size"), "\(r.stdout)")
        #expect(!r.stdout.contains("adjustsFontForContentSizeCategory is false"), "\(r.stdout)")
        // Clipped at AX5 only where .frame fixes the size.
        #expect(r.stdout.contains("OrderView/Pay/normal/ax5: title \"Pay\" does not fit"), "\(r.stdout)")
        #expect(!r.stdout.contains("OrderView/buy/normal/ax5"), "\(r.stdout)")
        // No overlap report for controls without a position, and the audit says so.
        #expect(!r.stdout.contains("overlaps"), "\(r.stdout)")
        #expect(r.stderr.contains("16 SwiftUI controls have no position"), "\(r.stderr)")
    }

    @Test func renderDrawsSwiftUIScreens() throws {
        let dir = try CLI.scratch()
        let out = dir.appendingPathComponent("gallery").path
        let r = try CLI.run(["render", Self.cafe, "-o", out, "--unsafe"], in: CLI.root)
        #expect(r.status == 0, "\(r.stderr)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        for f in ["OrderView.svg", "OrderView_buy.svg", "SettingsView.svg"] {
            #expect(files.contains(f), "\(f) missing from \(files.sorted())")
        }
    }
}

import Testing
import ButtonKit
import ButtonKitIB
@testable import ButtonKitCode

/// Previews as screens, NavigationLink as a button, and backgrounds that
/// are not a plain colour: the Kiosk fixture app (Tests/Fixtures/code/Kiosk).
@Suite("SwiftUI: previews, navigation links, shaped backgrounds")
struct SwiftUIPreviewTests {
    let doc: IBDocument
    let report: CodeLoadReport

    init() throws {
        (doc, report) = try CodeFixtures.load("Kiosk")
    }

    func screen(_ name: String) throws -> IBScene {
        try #require(doc.scenes.first { $0.id == name }, "no screen '\(name)' in \(doc.scenes.map(\.id))")
    }

    func control(_ screen: String, _ id: String) throws -> Button {
        try #require(try self.screen(screen).controls.first { $0.id == id }, "no control '\(id)' on \(screen)")
    }

    @Test("#Preview and PreviewProvider are screens named by the preview, after the views")
    func previewScreens() {
        #expect(doc.scenes.map(\.id) == ["BackgroundsView", "DetailView", "TicketView", "TitlesView",
                                         "Locked ticket", "TicketView preview", "TicketView_Previews"])
    }

    @Test("a preview's arguments are the view's properties: title, disabled and tint evaluated with them")
    func previewArguments() throws {
        let plain = try control("TicketView", "ticket")
        #expect(plain.configuration?.title == nil)          // `title` is set at run time
        #expect(plain.isEnabled)
        let locked = try control("Locked ticket", "ticket")
        #expect(locked.configuration?.title == "Ride")
        #expect(!locked.isEnabled)                          // .disabled(isLocked), isLocked: true
        #expect(locked.tintColor == .dynamic(.system(.systemOrange)))   // accent: .orange, a SwiftUI colour
        let walk = try control("TicketView preview", "ticket")
        #expect(walk.configuration?.title == "Walk")
        #expect(walk.isEnabled)
        #expect(walk.tintColor == .dynamic(.system(.systemBlue)))       // the property's default
        #expect(walk.userInterfaceStyle == .dark)           // the preview's own modifier reaches the view
        #expect(try control("TicketView_Previews", "ticket").configuration?.title == "Fly")
        // The view's other controls are on each preview too.
        #expect(try screen("Locked ticket").controls.count == (try screen("TicketView")).controls.count)
    }

    @Test("previews list nothing again: doc.unresolved and the scan count each control once, at its view")
    func previewsCountOnce() {
        #expect(doc.unresolved.filter { $0.expression == "title" }.count == 1)
        #expect(report.controls.allSatisfy { !["Locked ticket", "TicketView preview", "TicketView_Previews"].contains($0.screen) })
        #expect(ScanSummary(doc, report).buttons[.swiftui] == 21)
    }

    @Test("NavigationLink: a button kept by kind, each label form, a show segue to its destination type")
    func navigationLinks() throws {
        let forms: [(String, String?, String?, String?)] = [
            ("TicketView.16", "Details", nil, "DetailView"),          // title, destination:
            ("TicketView.17", "Info", "info.circle", "DetailView"),   // destination:, label closure
            ("TicketView.20", "More", nil, "DetailView"),             // destination closure, label:
            ("TicketView.25", "Seat", nil, "SeatView"),               // title, destination closure
            ("TicketView.26", "Pick", nil, nil),                      // value: decided by navigationDestination
        ]
        for (id, title, image, destination) in forms {
            let b = try control("TicketView", id)
            let info = try #require(doc.info(for: b))
            #expect(info.userLabel == "navigationLink", "\(id)")
            #expect(b.configuration?.title == title, "\(id)")
            #expect(b.configuration?.image == image, "\(id)")
            #expect(info.segues.map(\.destination) == (destination.map { [$0] } ?? []), "\(id)")
            #expect(info.segues.allSatisfy { $0.kind == "show" })
            #expect(info.actions.first?.event == .primaryActionTriggered, "\(id)")
        }
        // The destination view is its own screen, not this one's content.
        #expect(try screen("TicketView").controls.allSatisfy { $0.configuration?.title != "Back" })
    }

    @Test("shaped, material and gradient backgrounds give a colour and corners")
    func backgrounds() throws {
        let rounded = try control("BackgroundsView", "BackgroundsView.7")
        #expect(rounded.configuration == nil)
        #expect(rounded.styleFor(.normal).backgroundColor == Color(red: 0, green: 0, blue: 255))
        #expect(rounded.styleFor(.normal).cornerRadius == 8)
        let capsule = try control("BackgroundsView", "BackgroundsView.11")
        #expect(capsule.styleFor(.normal).colorValue(of: .backgroundColor) == .dynamic(.system(.systemGreen)))
        #expect(capsule.styleFor(.normal).cornerRadius == capsule.frame.height / 2)
        let glass = try control("BackgroundsView", "BackgroundsView.13")
        #expect(glass.styleFor(.normal).colorValue(of: .backgroundColor) == .dynamic(.system(.systemBackground)))
        let sunset = try control("BackgroundsView", "BackgroundsView.15")
        #expect(sunset.styleFor(.normal).backgroundColor == Color(red: 128, green: 0, blue: 128))   // red and blue averaged
        let closure = try control("BackgroundsView", "BackgroundsView.18")
        #expect(closure.styleFor(.normal).colorValue(of: .backgroundColor) == .dynamic(.system(.systemOrange)))
        #expect(closure.styleFor(.normal).cornerRadius == 12)
        let shape = try control("BackgroundsView", "BackgroundsView.23")
        #expect(shape.styleFor(.normal).colorValue(of: .backgroundColor) == .dynamic(.system(.systemRed)))
        #expect(shape.styleFor(.normal).cornerRadius == shape.frame.height / 2)
        // An outline is not a fill: listed, and the button keeps its built-in style.
        #expect(try control("BackgroundsView", "BackgroundsView.25").configuration?.style == .borderless)
        #expect(doc.unresolved.contains { $0.line == 26 && $0.reason.hasPrefix("background: an outline") })
    }

    @Test("titles read as far as the source allows: generated string enums, table formats, patterns, label views, helpers, branches")
    func titles() throws {
        func title(_ line: Int) throws -> String? { try control("TitlesView", "TitlesView.\(line)").configuration?.title }
        #expect(try title(11) == "Buy a ticket")          // LocalString.ticket_buy: no such type in the app, the key ticket.buy
        #expect(try title(12) == "0 tickets")             // "ticket.count-\(count)": the table's ticket.count-%lld, count = 0
        #expect(try title(13) == "Hello …")               // a run-time part: the pattern
        #expect(try title(14) == "Row")                   // RowLabel(title: "Row", icon: "star"), read through
        #expect(try control("TitlesView", "TitlesView.14").configuration?.image == "star")
        #expect(try title(15) == "Buy a ticket")          // makeLabel("ticket.buy"): a LocalizedStringKey parameter, looked up
        #expect(try title(16) == "Start")                 // @State running = false: the initial value decides
        #expect(try title(17) == "Add")                   // a run-time condition: the first branch
        // What is partly known stays listed, with what was shown.
        let listed = doc.unresolved.filter { $0.path.hasSuffix("TitlesView.swift") }.map { "\($0.line) \($0.reason)" }
        #expect(listed.contains { $0.hasPrefix("13 ") && $0.hasSuffix("(read as \"Hello …\")") })
        #expect(listed.contains { $0.hasPrefix("17 ") && $0.hasSuffix("(read as \"Add\")") })
        #expect(listed.count == 2)
    }

    @Test("a modifier chain with a postfix #if keeps the view before it (its controls were lost with the chain)")
    func postfixIfConfig() throws {
        let (d, _) = try CodeFixtures.load(source: """
        import SwiftUI
        struct V: View {
            var body: some View {
                List {
                    Section {
                        Button("Add") { }
                    }
                    #if !os(visionOS)
                    .listRowBackground(Color.gray)
                    #endif
                }
            }
        }
        """)
        #expect(d.scenes.first?.controls.map { $0.configuration?.title } == ["Add"])
    }

    @Test("the audit measures contrast against a shaped background")
    func auditUsesBackground() throws {
        let rounded = try control("BackgroundsView", "BackgroundsView.7")
        let a = rounded.appearance
        // white on blue, as drawn: the contrast is the pair's, not white on the screen.
        #expect(Contrast.ratio(a.titleColor, on: a.backgroundColor) > 8)
    }
}

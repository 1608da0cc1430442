import Testing
@testable import ButtonKit

@Suite("Sort buttons and sort bars (seed 001)")
struct SortTests {
    func bar() throws -> SortBar {
        let bar = SortBar(id: "sort")
        try bar.add(SortButton(key: "default"))
        let sales = SortButton(key: "sales"); sales.initialDirection = .descending
        try bar.add(sales)
        try bar.add(SortButton(key: "price"))
        return bar
    }

    @Test func theIconShownIsTheOneOfTheStateResolved() throws {
        let s = SortButton(key: "price")
        s.icons = [.none: "up_down", .ascending: "up", .descending: "down"]
        s.initialDirection = .descending
        // Unselected: the neutral icon; a preview of selected shows the
        // direction selection would bring.
        #expect(s.appearance(for: .normal).image == "up_down")
        #expect(s.appearance(for: .selected).image == "down")
        #expect(s.appearance(for: .selected).direction == .descending)
        try s.setSelected(true)
        try s.setDirection(.ascending)
        #expect(s.appearance.image == "up")
        // A preview of an unselected state, while selected, is neutral.
        #expect(s.appearance(for: .normal).image == "up_down")
        #expect(s.appearance(for: .normal).direction == SortDirection.none)
        #expect(s.appearance(for: [.selected, .highlighted]).image == "up")
    }

    @Test func firstSelectionUsesInitialDirection() throws {
        let s = SortButton(key: "price")
        try s.setSelected(true)
        #expect(s.direction == .ascending && s.isSelected && s.isAscending)
        let d = SortButton(key: "sales"); d.initialDirection = .descending
        try d.setSelected(true)
        #expect(d.direction == .descending)
    }

    @Test func selectingSelectedTogglesDirection() throws {
        let s = SortButton(key: "price")
        try s.setSelected(true)
        try s.setSelected(true)
        #expect(s.direction == .descending)
        try s.setSelected(true)
        #expect(s.direction == .ascending)
    }

    @Test func deselectingMakesDirectionNone() throws {
        let s = SortButton(key: "price")
        try s.setSelected(true)
        try s.setSelected(false)
        #expect(s.direction == .none && !s.isSelected && !s.isAscending)
    }

    @Test func tapDoesExactlySelectedTrue() throws {
        let s = SortButton(key: "price")
        try s.tap()
        #expect(s.direction == .ascending)
        try s.tap()
        #expect(s.direction == .descending)
        #expect(s.trace.lines == ["touchDown", "highlighted=true", "selected=true", "direction=ascending", "valueChanged",
                                  "touchUpInside", "primaryActionTriggered", "highlighted=false",
                                  "touchDown", "highlighted=true", "direction=descending", "valueChanged",
                                  "touchUpInside", "primaryActionTriggered", "highlighted=false"])
    }

    @Test func tristateCyclesBackToNone() throws {
        let s = SortButton(key: "price")
        s.cycle = .tristate
        try s.tap(); #expect(s.direction == .ascending)
        try s.tap(); #expect(s.direction == .descending)
        try s.tap(); #expect(s.direction == .none && !s.isSelected)
        try s.tap(); #expect(s.direction == .ascending)
    }

    @Test func valueChangedOnlyWhenDirectionChanges() throws {
        let s = SortButton(key: "k")
        var n = 0
        s.on(.valueChanged) { _, _ in n += 1 }
        try s.setDirection(.ascending)
        try s.setDirection(.ascending)
        try s.setDirection(.descending)
        #expect(n == 2)
    }

    @Test func iconFollowsDirectionUnlessExactStateSetsImage() throws {
        let s = SortButton(key: "k")
        #expect(s.appearance.image == "up_down")
        try s.setSelected(true)
        #expect(s.appearance.image == "red_arrow_up")
        #expect(s.appearance.direction == .ascending)
        try s.setUpStyle(.selected) { $0.image("custom") }
        #expect(s.appearance.image == "custom")
    }

    @Test func barDeselectsOthers() throws {
        let bar = try bar()
        try bar.buttons[2].tap()
        try bar.buttons[1].tap()
        #expect(bar.buttons[2].direction == .none && !bar.buttons[2].isSelected)
        #expect(bar.selected === bar.buttons[1])
        #expect(bar.key == "sales" && bar.direction == .descending)
    }

    @Test func barFiresOncePerChangeOfKeyOrDirection() throws {
        let bar = try bar()
        var seen: [String] = []
        bar.on { b in seen.append("\(b.key ?? "nil") \(b.direction.rawValue)") }
        try bar.buttons[2].tap()
        try bar.buttons[1].tap()
        try bar.buttons[1].tap()
        try bar.select("sales", direction: .ascending)   // no change
        #expect(seen == ["price ascending", "sales descending", "sales ascending"])
    }

    @Test func selectWithoutDirectionLeavesSelectedButtonAlone() throws {
        let bar = try bar()
        try bar.select("price")
        #expect(bar.direction == .ascending)
        try bar.select("price")
        #expect(bar.direction == .ascending)
        try bar.select("price", direction: .descending)
        #expect(bar.direction == .descending)
        #expect(throws: ButtonKitError.unknownKey(bar: "sort", key: "nope", known: ["'default'", "'sales'", "'price'"])) { try bar.select("nope") }
    }

    @Test func clearDeselectsAll() throws {
        let bar = try bar()
        try bar.select("sales")
        try bar.clear()
        #expect(bar.selected == nil && bar.direction == .none && bar.key == nil)
    }

    @Test func sortIsStableWithNilLastInBothDirections() throws {
        let bar = try bar()
        let keys: [SortKey?] = [.number(3), nil, .number(1), .number(3), .number(2), nil]
        try bar.select("price")
        #expect(try bar.sortedIndices(keys) == [2, 4, 0, 3, 1, 5])
        try bar.select("price", direction: .descending)
        #expect(try bar.sortedIndices(keys) == [0, 3, 4, 2, 1, 5])
    }

    @Test func sortWithNothingSelectedKeepsOrder() throws {
        let bar = try bar()
        #expect(try bar.sortedIndices([.number(2), .number(1)]) == [0, 1])
    }

    @Test func stringsSortBytewiseLikeLua() throws {
        let bar = try bar()
        try bar.select("price")
        #expect(try bar.sortedIndices([.string("b"), .string("B"), .string("a")]) == [1, 2, 0])
    }

    @Test func mixedKeyTypesNameTheRecord() throws {
        let bar = try bar()
        try bar.select("price")
        #expect(throws: ButtonKitError.incomparable(index: 3, detail: "its key is a string but record #1's is a number")) {
            try bar.sortedIndices([.number(1), nil, .string("x")])
        }
    }

    @Test func comparatorPutsNilLast() throws {
        let bar = try bar()
        try bar.select("price", direction: .descending)
        let less = bar.comparator()
        #expect(try less(.number(2), .number(1)))
        #expect(try less(.number(1), nil))
        #expect(try !less(nil, .number(1)))
    }

    @Test func duplicateKeysAndDoubleOwnershipAreRefused() throws {
        let bar = try bar()
        #expect(throws: ButtonKitError.self) { try bar.add(SortButton(key: "price")) }
        let other = SortBar(id: "other")
        #expect(throws: ButtonKitError.alreadyOwned(control: bar.buttons[0].id, owner: "sort")) { try other.add(bar.buttons[0]) }
    }

    @Test func barHandlerErrorStillCompletesTap() throws {
        struct Boom: Error {}
        let bar = try bar()
        bar.on { _ in throw Boom() }
        #expect(throws: Boom.self) { try bar.buttons[0].tap() }
        #expect(!bar.buttons[0].isHighlighted)
        #expect(bar.key == "default")
    }
}

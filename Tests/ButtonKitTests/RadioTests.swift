import Testing
@testable import ButtonKit

@Suite("Radio groups (seed 004)")
struct RadioTests {
    func group() throws -> RadioGroup {
        let g = RadioGroup(id: "time")
        for (t, v) in [("不限", ""), ("十五天内", "15"), ("十天内", "10"), ("五天内", "5")] {
            let b = Button()
            try b.setUpStyle(.normal) { $0.title(t) }
            try g.add(b, value: .string(v))
        }
        return g
    }

    @Test func tapSelectsAndDeselectsTheRestFiringOnce() throws {
        let g = try group()
        var n = 0
        g.on { _ in n += 1 }
        try g.buttons[1].tap()
        try g.buttons[2].tap()
        #expect(n == 2)
        #expect(g.value == .string("10"))
        #expect(g.buttons.filter(\.isSelected).count == 1)
    }

    @Test func aMemberCarriesItsValueAsInfo() throws {
        let g = RadioGroup()
        let a = Button(), b = Button()
        b.info = .string("3")
        try g.add(a, value: .string("15"))
        try g.add(b)
        #expect(a.info == .string("15"))
        #expect(b.info == .string("3"))
        #expect(g.button(for: .string("15")) === a)
    }

    @Test func emptyStringIsAValue() throws {
        let g = try group()
        try g.buttons[0].tap()
        #expect(g.value == .string(""))
        #expect(g.selected === g.buttons[0])
    }

    @Test func tapOnSelectedDoesNothingUnlessAllowsEmpty() throws {
        let g = try group()
        var n = 0
        g.on { _ in n += 1 }
        try g.buttons[1].tap()
        try g.buttons[1].tap()
        #expect(n == 1 && g.value == .string("15"))
        g.allowsEmpty = true
        try g.buttons[1].tap()
        #expect(n == 2 && g.value == nil)
    }

    @Test func programmaticSelectOfCurrentValueIsSilent() throws {
        let g = try group()
        var n = 0
        g.on { _ in n += 1 }
        try g.select(.string("5"))
        try g.select(.string("5"))
        #expect(n == 1)
        try g.select(.string("15"))
        #expect(n == 2)   // once per move, not three times like Android's check()
    }

    @Test func unknownValueNamesGroupAndValue() throws {
        let g = try group()
        #expect(throws: ButtonKitError.unknownValue(group: "time", value: "'3'", known: ["''", "'15'", "'10'", "'5'"])) { try g.select(.string("3")) }
    }

    @Test func duplicateValueIsRefusedAtAdd() throws {
        let g = try group()
        #expect(throws: ButtonKitError.duplicateValue(group: "time", value: "'15'")) { try g.add(Button(), value: .string("15")) }
        #expect(g.buttons.count == 4)
    }

    @Test func valuesCompareByBytesAsLuaDoes() throws {
        let g = RadioGroup(id: "city")
        let composed = Button(), decomposed = Button()
        try g.add(composed, value: .string("caf\u{E9}"))
        try g.add(decomposed, value: .string("cafe\u{301}"))   // another value to Lua, so another option
        #expect(g.buttons.count == 2)
        try g.select(.string("cafe\u{301}"))
        #expect(decomposed.isSelected && !composed.isSelected)
        #expect(Set([RadioValue.string("caf\u{E9}"), .string("cafe\u{301}")]).count == 2)
        #expect(throws: ButtonKitError.duplicateValue(group: "city", value: "'caf\u{E9}'")) {
            try g.add(Button(), value: .string("caf\u{E9}"))
        }
    }

    @Test func valueDefaultsToInfo() throws {
        let g = try group()
        let b = Button(); b.info = .string("3")
        try g.add(b)
        #expect(g.button(for: .string("3")) === b)
        let bad = Button(); bad.info = .array([])
        #expect(throws: ButtonKitError.self) { try g.add(bad) }
    }

    @Test func integerAndBooleanValuesAreDistinctFromStrings() throws {
        let g = RadioGroup(id: "g")
        try g.add(Button(), value: .int(3))
        try g.add(Button(), value: .string("3"))
        try g.add(Button(), value: .bool(true))
        try g.select(.int(3))
        #expect(g.selected === g.buttons[0])
    }

    @Test func settingSelectedOnMemberKeepsOneSelected() throws {
        let g = try group()
        try g.buttons[0].setSelected(true)
        try g.buttons[3].setSelected(true)
        #expect(g.buttons.filter(\.isSelected).count == 1)
        #expect(g.value == .string("5"))
    }

    @Test func clearFiresOnlyWhenSomethingWasSelected() throws {
        let g = try group()
        var n = 0
        g.on { _ in n += 1 }
        try g.clear()
        try g.select(.string("10"))
        try g.clear()
        #expect(n == 2 && g.value == nil)
    }

    @Test func groupStylesGoUnderMemberStyles() throws {
        let g = RadioGroup(id: "g")
        var n = Style(); n.borderColor = try Color(parsing: "595959"); n.title = "group"
        g.addMemberStyle(n, for: .normal)
        let b = Button()
        try b.setUpStyle(.normal) { $0.title("mine") }
        try g.add(b, value: .int(1))
        #expect(b.appearance.borderColor.hex == "#595959FF")
        #expect(b.appearance.title == "mine")
    }

    @Test func saveAndRestoreRoundTrip() throws {
        let dir = makeTempDir()
        let store = try Store(path: dir + "/prefs.json")
        let g = try group()
        try g.select(.string("10"))
        try g.save(to: store)
        let g2 = try group()
        let r = try g2.restore(from: Store(path: dir + "/prefs.json"))
        #expect(r.ok)
        #expect(g2.value == .string("10"))
    }

    @Test func restoreOfVanishedValueLeavesSelectionAndSaysWhy() throws {
        let dir = makeTempDir()
        let store = try Store(path: dir + "/prefs.json")
        try store.set("time", .string("3"))
        let g = try group()
        try g.select(.string("5"))
        let r = try g.restore(from: store)
        #expect(!r.ok)
        #expect(r.reason?.contains("no option with value '3'") == true)
        #expect(g.value == .string("5"))
    }

    @Test func restoreOfAValueOfAnotherTypeSaysTheTypesDiffer() throws {
        let dir = makeTempDir()
        let store = try Store(path: dir + "/prefs.json")
        try store.set("time", .int(15))
        let g = try group()
        try g.select(.string("5"))
        let r = try g.restore(from: store)
        #expect(!r.ok)
        #expect(r.reason == "radio group 'time' has no option with value 15: the saved value is an integer, "
                + "the group's values are strings (its option '15'); save and select the same type")
        #expect(g.value == .string("5"))
    }

    @Test func restoreWithNothingSavedReturnsFalse() throws {
        let dir = makeTempDir()
        let g = try group()
        let r = try g.restore(from: Store(path: dir + "/p.json"), key: "missing")
        #expect(!r.ok && r.reason != nil)
    }

    @Test func savesEmptySelectionAsNull() throws {
        let dir = makeTempDir()
        let store = try Store(path: dir + "/p.json")
        let g = try group()
        try g.save(to: store)
        #expect(try store.get("time") == .null)
    }
}

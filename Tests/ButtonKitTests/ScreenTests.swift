import Testing
@testable import ButtonKit

@Suite("Screens: hit-testing and routing")
struct ScreenTests {
    @Test func hitTestPicksTopmostVisibleEnabled() {
        let s = Screen()
        let a = Button(id: "a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = Button(id: "b", frame: Rect(x: 50, y: 50, width: 100, height: 100))
        s.add(.button(a)); s.add(.button(b))
        #expect(s.hitTest(Point(x: 60, y: 60)) === b)
        b.isEnabled = false
        #expect(s.hitTest(Point(x: 60, y: 60)) === a)
        b.isEnabled = true
        b.setHidden(true)
        #expect(s.hitTest(Point(x: 60, y: 60)) === a)
        #expect(s.hitTest(Point(x: 500, y: 500)) == nil)
    }

    @Test func hitTestPassesOverWhatUIKitPassesOver() {
        let s = Screen()
        let under = Button(id: "under", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let top = Button(id: "top", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        s.add(.button(under)); s.add(.button(top))
        let p = Point(x: 10, y: 10)
        #expect(s.hitTest(p) === top)
        // User interaction off: the touch goes through, and the button's own
        // touch calls are ignored, but it is not disabled.
        top.setUserInteractionEnabled(false)
        #expect(s.hitTest(p) === under)
        #expect((try? top.tap()) == false)
        #expect(top.state == .normal)
        #expect(top.trace.lines == ["userInteractionEnabled=false"])
        top.setUserInteractionEnabled(true)
        // Alpha below 0.01 in the current state: passed over; at 0.01, hit.
        var faint = Style(); faint.alpha = 0.005
        top.style(.normal, faint)
        #expect(s.hitTest(p) === under)
        faint.alpha = 0.01
        top.style(.normal, faint)
        #expect(s.hitTest(p) === top)
    }

    @Test func addingAnItemAgainMovesItToTheTop() {
        let s = Screen()
        let a = Button(id: "a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = Button(id: "b", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        s.add(.button(a)); s.add(.button(b)); s.add(.button(a))
        #expect(s.allButtons.map(\.id) == ["b", "a"])
        #expect(s.hitTest(Point(x: 5, y: 5)) === a)
    }

    @Test func frameContainsExcludesMaxEdges() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(r.contains(Point(x: 0, y: 0)))
        #expect(!r.contains(Point(x: 10, y: 5)))
    }

    @Test func tapRoutesInLocalCoordinates() throws {
        let s = Screen()
        let b = Button(id: "b", frame: Rect(x: 100, y: 200, width: 50, height: 20))
        s.add(.button(b))
        #expect(try s.tap(Point(x: 110, y: 205)) === b)
        #expect(b.lastPoint == Point(x: 10, y: 5))
        #expect(try s.tap(Point(x: 0, y: 0)) == nil)
    }

    @Test func touchSequenceStaysWithTheTouchedButton() throws {
        let s = Screen()
        let a = Button(id: "a", frame: Rect(x: 0, y: 0, width: 100, height: 44))
        let b = Button(id: "b", frame: Rect(x: 0, y: 50, width: 100, height: 44))
        s.add(.button(a)); s.add(.button(b))
        try s.touchDown(Point(x: 10, y: 10))
        try s.touchMove(Point(x: 10, y: 60))
        try s.touchUp(Point(x: 10, y: 60))
        #expect(a.trace.lines.contains("touchUpInside"))   // 60 is within a's 70pt margin
        #expect(b.trace.count == 0)
    }

    @Test func groupsAndBarsContributeTheirButtons() throws {
        let s = Screen()
        let g = RadioGroup(id: "g")
        try g.add(Button(id: "x", frame: Rect(x: 0, y: 0, width: 50, height: 50)), value: .int(1))
        s.add(.radioGroup(g))
        try s.tap(Point(x: 5, y: 5))
        #expect(g.value == .int(1))
        if case .radioGroup(let found)? = s.find("g") { #expect(found === g) } else { Issue.record("group not found") }
        if case .button(let found)? = s.find("x") { #expect(found.id == "x") } else { Issue.record("member not found") }
    }
}

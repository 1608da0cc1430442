import Testing
@testable import ButtonKit

@Suite("Touch tracking and events with UIKit's order")
struct TouchTests {
    @Test func tapTraceFollowsUIKitOrder() throws {
        let b = Button()
        #expect(try b.tap())
        #expect(b.trace.lines == ["touchDown", "highlighted=true", "touchUpInside", "primaryActionTriggered", "highlighted=false"])
    }

    @Test func disablingFromItsOwnHandlerKeepsTheHighlightUntilTheTouchCompletes() throws {
        let b = Button()
        var inside: [ControlState] = []
        b.on(.touchUpInside) { c, _ in
            c.isEnabled = false
            inside.append(c.state)
        }
        try b.tap()
        // UIKit logs state 3 (highlighted|disabled) in the handler; the
        // highlight ends when the touch sequence completes.
        #expect(inside == [[.highlighted, .disabled]])
        #expect(b.state == .disabled)
        #expect(!b.isTracking)
        #expect(b.trace.lines == ["touchDown", "highlighted=true", "touchUpInside", "enabled=false", "primaryActionTriggered",
                                  "highlighted=false"])
    }

    @Test func disablingBetweenTouchCallsEndsTheTouchAndWithNoTouchKeepsAHighlight() throws {
        let b = Button()
        try b.touchDown()
        b.isEnabled = false
        #expect(b.state == .disabled && !b.isTracking)
        #expect(try !b.touchUp())
        let c = Button()
        c.isHighlighted = true
        c.isEnabled = false
        #expect(c.state == [.highlighted, .disabled])
    }

    @Test func disablingFromATouchDownHandlerEndsTheTouchAfterIt() throws {
        let b = Button()
        b.on(.touchDown) { c, _ in c.isEnabled = false }
        #expect(try b.touchDown())
        #expect(!b.isTracking && !b.isHighlighted && !b.isEnabled)
    }

    @Test func handlersRunWhileStillHighlighted() throws {
        let b = Button()
        var seen: [Bool] = []
        b.on(.touchUpInside) { c, _ in seen.append(c.isHighlighted) }
        try b.tap()
        #expect(seen == [true])
        #expect(!b.isHighlighted)
    }

    @Test func disabledOrHiddenButtonIgnoresTouches() throws {
        let b = Button()
        var fired = 0
        b.on(.allEvents) { _, _ in fired += 1 }
        b.isEnabled = false
        #expect(try b.tap() == false)
        #expect(try b.touchDown() == false)
        b.isEnabled = true
        b.setHidden(true)
        #expect(try b.tap() == false)
        #expect(fired == 0)
        #expect(!b.isHighlighted)
    }

    @Test func touchDownRepeatOnSecondTap() throws {
        let b = Button()
        var events: [String] = []
        b.on(.touchDownRepeat) { _, e in events.append(e.description) }
        try b.tap(count: 3)
        #expect(events.count == 2)
        #expect(b.trace.lines.filter { $0 == "touchDownRepeat" }.count == 2)
    }

    @Test func oneSendCarriesTouchDownWithRepeatHandlerFiresOnce() throws {
        let b = Button()
        var count = 0
        b.on([.touchDown, .touchDownRepeat]) { _, _ in count += 1 }
        try b.touchDown(tapCount: 2)
        #expect(count == 1)
        #expect(Array(b.trace.lines.prefix(2)) == ["touchDown", "touchDownRepeat"])
    }

    @Test func dragOutsideMarginExitsAndUnhighlights() throws {
        let b = Button(frame: Rect(x: 0, y: 0, width: 100, height: 44))
        try b.touchDown()
        try b.touchMove(to: Point(x: 150, y: 20))   // within the 70pt margin
        #expect(b.isHighlighted)
        try b.touchMove(to: Point(x: 171, y: 20))   // beyond it
        #expect(!b.isHighlighted)
        #expect(b.trace.lines.suffix(3) == ["touchDragOutside", "touchDragExit", "highlighted=false"])
        try b.touchMove(to: Point(x: 50, y: 20))
        #expect(b.trace.lines.suffix(3) == ["touchDragInside", "touchDragEnter", "highlighted=true"])
    }

    @Test func touchMarginIsConfigurable() throws {
        let b = Button()
        b.touchMargin = 0
        try b.touchDown()
        try b.touchMove(to: Point(x: 101, y: 10))
        #expect(!b.isHighlighted)
    }

    @Test func touchUpOutsideSendsOnlyTouchUpOutside() throws {
        let b = Button()
        var got: [String] = []
        b.on(.allEvents) { _, e in got.append(e.description) }
        try b.touchDown()
        try b.touchUp(at: Point(x: 500, y: 500))
        #expect(got == ["touchDown", "touchUpOutside"])
        #expect(!b.isHighlighted)
    }

    @Test func touchUpDefaultsToLastPoint() throws {
        let b = Button()
        var outside = false
        b.on(.touchUpOutside) { _, _ in outside = true }
        try b.touchDown()
        try b.touchMove(to: Point(x: 900, y: 0))
        try b.touchUp()
        #expect(outside)
    }

    @Test func cancelSendsTouchCancelAndClearsHighlight() throws {
        let b = Button()
        try b.touchDown()
        #expect(try b.touchCancel())
        #expect(b.trace.lines.suffix(2) == ["touchCancel", "highlighted=false"])
        #expect(try b.touchCancel() == false)
    }

    @Test func oneTouchAtATime() throws {
        let b = Button()
        #expect(try b.touchDown())
        #expect(try b.touchDown() == false)
        #expect(try b.touchUp())
        #expect(try b.touchUp() == false)
        #expect(try b.touchMove(to: Point(x: 1, y: 1)) == false)
    }

    @Test func disablingMidTouchEndsTheTouch() throws {
        let b = Button()
        var ups = 0
        b.on([.touchUpInside, .touchUpOutside]) { _, _ in ups += 1 }
        try b.touchDown()
        b.isEnabled = false
        #expect(!b.isHighlighted)
        #expect(try b.touchUp() == false)
        #expect(ups == 0)
        #expect(b.trace.lines.suffix(2) == ["enabled=false", "highlighted=false"])
    }

    @Test func changesSelectionAsPrimaryActionTogglesBeforeTouchUpInside() throws {
        let b = Button()
        b.changesSelectionAsPrimaryAction = true
        var seen: Bool?
        b.on(.touchUpInside) { c, _ in seen = c.isSelected }
        try b.tap()
        #expect(seen == true)
        #expect(b.trace.lines == ["touchDown", "highlighted=true", "selected=true", "touchUpInside", "primaryActionTriggered", "highlighted=false"])
        try b.tap()
        #expect(!b.isSelected)
    }

    @Test func handlerMatchingIsByBitIntersection() throws {
        let b = Button()
        var names: [String] = []
        b.on([.touchDown, .touchUpInside]) { _, e in names.append(e.description) }
        try b.tap()
        #expect(names == ["touchDown", "touchUpInside"])
    }

    @Test func offRemovesHandler() throws {
        let b = Button()
        var n = 0
        let t = b.on(.touchDown) { _, _ in n += 1 }
        try b.tap()
        #expect(b.off(t))
        #expect(!b.off(t))
        try b.tap()
        #expect(n == 1)
    }

    @Test func handlerErrorCompletesTouchThenRethrowsFirst() throws {
        struct Boom: Error, Equatable { let n: Int }
        let b = Button()
        b.on(.touchUpInside) { _, _ in throw Boom(n: 1) }
        b.on(.primaryActionTriggered) { _, _ in throw Boom(n: 2) }
        #expect(throws: Boom(n: 1)) { try b.tap() }
        #expect(!b.isHighlighted)
        #expect(!b.isTracking)
        #expect(b.trace.lines.last == "highlighted=false")
        #expect(try b.touchDown())   // usable afterwards
    }

    @Test func sendActionsRunsHandlersEvenWhenDisabledAndChangesNoState() throws {
        let b = Button()
        b.isEnabled = false
        var n = 0
        b.on(.valueChanged) { _, _ in n += 1 }
        try b.sendActions(.valueChanged)
        #expect(n == 1)
        #expect(b.state == .disabled)
    }

    @Test func traceRecordsOnlyRealChanges() {
        let b = Button()
        b.isHighlighted = false
        b.isEnabled = true
        #expect(b.trace.count == 0)
        b.isHighlighted = true
        b.isHighlighted = true
        #expect(b.trace.lines == ["highlighted=true"])
    }

    @Test func traceIsABoundedRingKeepingNewest() throws {
        let b = Button()
        b.trace.setLimit(3)
        try b.tap()
        #expect(b.trace.lines == ["touchUpInside", "primaryActionTriggered", "highlighted=false"])
        b.trace.clear()
        #expect(b.trace.count == 0)
    }

    @Test func traceLimitZeroDisablesTracing() throws {
        let b = Button()
        b.trace.setLimit(0)
        try b.tap()
        #expect(b.trace.count == 0)
    }

    @Test func handlerAddedDuringSendDoesNotRunInThatSend() throws {
        let b = Button()
        var late = 0
        b.on(.touchDown) { c, _ in c.on(.touchDown) { _, _ in late += 1 } }
        try b.touchDown()
        #expect(late == 0)
    }

    @Test func seed003BackgroundColorSurvivesTouchUpInsideThenUnhighlight() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.backgroundColor(.white) }
        try b.setUpStyle(.highlighted) { $0.backgroundColor(.gray) }
        try b.setUpStyle(.selected) { $0.backgroundColor(.red) }
        b.on(.touchUpInside) { c, _ in try c.setSelected(!c.isSelected) }
        try b.touchDown()
        #expect(b.appearance.backgroundColor == .gray)
        try b.touchUp()
        #expect(b.isSelected && !b.isHighlighted)
        #expect(b.appearance.backgroundColor == .red)
        #expect(b.trace.lines == ["touchDown", "highlighted=true", "touchUpInside", "selected=true", "primaryActionTriggered", "highlighted=false"])
    }

    @Test func seed000NormalSelectedSwitchWithoutRefresh() throws {
        let b = Button()
        try b.setUpStyle(.normal) { $0.title("normal").titleColor(.blue).borderWidth(5).borderColor(.blue) }
        try b.setUpStyle(.selected) { $0.title("selected").titleColor(.red).borderWidth(11).borderColor(.red) }
        #expect(b.appearance.title == "normal")
        try b.setSelected(true)
        #expect(b.appearance.title == "selected")
        #expect(b.appearance.borderWidth == 11)
        try b.setSelected(false)
        #expect(b.appearance.titleColor == .blue)
    }
}

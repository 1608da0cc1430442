/// Touch tracking with UIControl's rules. Points are in the button's own
/// coordinates: (0, 0) is its top-left corner.
extension Button {
    /// The centre of the button's bounds.
    public var centerPoint: Point { Point(x: frame.width / 2, y: frame.height / 2) }

    /// Inside the bounds grown by `touchMargin` on every side.
    func isInsideTracking(_ p: Point) -> Bool {
        let m = touchMargin
        return p.x >= -m && p.x <= frame.width + m && p.y >= -m && p.y <= frame.height + m
    }

    /// A button disabled by one of its own handlers during a touch call
    /// keeps its highlight until that call completes (inside the handler the
    /// state is highlighted|disabled, as UIKit logs it); then the touch ends.
    func finishDeferredEnd() {
        guard endTrackingWhenDone, touchDepth == 0 else { return }
        endTrackingWhenDone = false
        endTracking()
    }

    /// Sends `events` while the touch goes on, then what follows every such
    /// call: the highlight (unless a handler ended the touch meanwhile), a
    /// deferred end, the configuration update, the first handler error.
    @inline(__always)
    private func sendTracking(_ events: ControlEvent, highlighted: Bool, sink: inout ErrorSink) throws {
        touchDepth += 1
        send(events, sink: &sink)
        touchDepth -= 1
        if isTracking && !endTrackingWhenDone { setFlag(.highlighted, highlighted, .highlighted) }
        finishDeferredEnd()
        if observesState { flushConfigurationUpdate(into: &sink) }
        try sink.check()
    }

    /// What ends every touch (up or cancelled): tracking and highlight
    /// cleared, the configuration update, the first handler error.
    @inline(__always)
    private func finishTouch(sink: inout ErrorSink) throws {
        endTrackingWhenDone = false
        endTracking()
        if observesState { flushConfigurationUpdate(into: &sink) }
        try sink.check()
    }

    /// Whether the button is on screen: neither it nor a superview is
    /// hidden, and it is not fully transparent (alpha below UIKit's 0.01
    /// hit-test floor; a loader multiplies superviews' alphas into it).
    public var isVisible: Bool {
        !isHidden && !isHiddenBySuperview && (styles[.normal]?.alpha ?? 1) >= Screen.hitTestMinimumAlpha
    }

    /// Whether the button takes touches at all: enabled, visible and with
    /// user interaction on. The one place touches are refused: what is not
    /// visible does nothing when tapped, however the tap comes.
    public var acceptsTouches: Bool { isEnabled && isVisible && isUserInteractionEnabled }

    /// Starts a touch: sends touchDown (with touchDownRepeat when
    /// `tapCount` > 1), then highlights. Ignored (false) when disabled,
    /// hidden or already tracking.
    @discardableResult
    public func touchDown(at point: Point? = nil, tapCount: Int = 1) throws -> Bool {
        if refusesChangeInPreview("touch it") { return false }
        guard acceptsTouches, !isTracking else { return false }
        var sink = ErrorSink()
        isTracking = true
        touchInside = true
        lastPoint = point ?? centerPoint
        try sendTracking(tapCount > 1 ? [.touchDown, .touchDownRepeat] : .touchDown, highlighted: true, sink: &sink)
        return true
    }

    /// Moves the touch: sends touchDragInside/Outside (with Enter/Exit when
    /// inside-ness flips), then highlighted follows inside-ness.
    @discardableResult
    public func touchMove(to point: Point) throws -> Bool {
        if refusesChangeInPreview("touch it") { return false }
        guard isTracking else { return false }
        var sink = ErrorSink()
        let inside = isInsideTracking(point)
        var events: ControlEvent = inside ? .touchDragInside : .touchDragOutside
        if inside != touchInside { events.insert(inside ? .touchDragEnter : .touchDragExit) }
        lastPoint = point
        touchInside = inside
        try sendTracking(events, highlighted: inside, sink: &sink)
        return true
    }

    /// Ends the touch at `point` (default: where the touch last was). Inside:
    /// the primary action, touchUpInside, then primaryActionTriggered;
    /// outside: touchUpOutside. Handlers see the control still highlighted;
    /// only afterwards is the highlight cleared.
    @discardableResult
    public func touchUp(at point: Point? = nil) throws -> Bool {
        if refusesChangeInPreview("touch it") { return false }
        guard isTracking else { return false }
        var sink = ErrorSink()
        let p = point ?? lastPoint
        let inside = isInsideTracking(p)
        lastPoint = p
        touchDepth += 1
        if inside {
            primaryAction(sink: &sink)
            send(.touchUpInside, sink: &sink)
            send(.primaryActionTriggered, sink: &sink)
        } else {
            send(.touchUpOutside, sink: &sink)
        }
        touchDepth -= 1
        try finishTouch(sink: &sink)
        return true
    }

    /// Cancels the touch: sends touchCancel, clears the highlight.
    @discardableResult
    public func touchCancel() throws -> Bool {
        if refusesChangeInPreview("touch it") { return false }
        guard isTracking else { return false }
        var sink = ErrorSink()
        touchDepth += 1
        send(.touchCancel, sink: &sink)
        touchDepth -= 1
        try finishTouch(sink: &sink)
        return true
    }

    /// The most taps one `tap(count:)` makes (a script's typo should not
    /// run for minutes).
    public static let maxTapCount = 1_000_000

    /// `count` taps in a row at `point` (default: the centre). The second
    /// and later touchDowns carry touchDownRepeat. Stops after the first tap
    /// whose handlers raised, rethrowing that error.
    @discardableResult
    public func tap(count: Int = 1, at point: Point? = nil) throws -> Bool {
        if refusesChangeInPreview("touch it") { return false }
        guard count >= 1, count <= Button.maxTapCount else {
            throw ButtonKitError.invalidValue(what: "tap count", value: String(count), expected: "an integer from 1 to \(Button.maxTapCount)")
        }
        guard acceptsTouches, !isTracking else { return false }
        for i in 1...count {
            guard try touchDown(at: point, tapCount: i) else { return i > 1 }
            try touchUp(at: point)
        }
        return true
    }
}

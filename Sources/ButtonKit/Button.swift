/// A headless UIButton: state flags, per-state styles, touch tracking with
/// UIKit's event order, handlers and a trace.
///
/// Its stored properties skip Swift's run-time exclusivity checks
/// (`@exclusivity(unchecked)`): a tap touches them a dozen times, the checks
/// cost four times the work itself (139 ns against 26 ns a tap), and the
/// model is single-threaded and never holds an `inout` access to them across
/// a call that could reach them again (handlers run between accesses).
///
/// The look is never stored; `appearance` is resolved from styles and the
/// whole state on every read (see `Resolver`). Touch tracking lives in
/// `Button+Touch.swift`, event dispatch in `Button+Events.swift`.
open class Button {
    /// A handler receives the control and the event that matched.
    public typealias Handler = (Button, ControlEvent) throws -> Void

    struct Registration {
        let events: ControlEvent
        let handler: Handler
    }

    /// Stable identity for scripts, screens and error messages.
    public let id: String
    @exclusivity(unchecked) public var frame: Rect
    /// Whether `frame`'s origin is known. A SwiftUI control is placed by
    /// layout ButtonKit does not run: it has a size but no position, and
    /// the overlap check passes over it.
    @exclusivity(unchecked) public var hasPosition = true
    /// Whether layout sizes it to its label (a SwiftUI control with no
    /// `frame`): it grows with its text, so a title cannot be clipped and
    /// the clipped-text check passes over it.
    @exclusivity(unchecked) public var sizedByLayout = false
    /// The branches of code it sits in (see `Alternatives`): controls in
    /// different branches of one `if` or `ViewThatFits` never show together.
    public var alternatives = Alternatives()
    /// The state flags. They live in a one-byte cell of their own, which
    /// lives as long as the button: a bridge reads `b.selected` from
    /// `stateAddress` without calling into Swift (the Lua bridge's fast path).
    public private(set) var state: ControlState {
        get { ControlState(rawValue: stateCell.pointee) }
        set { stateCell.pointee = newValue.rawValue }
    }
    private let stateCell: UnsafeMutablePointer<UInt8> = {
        let p = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        p.initialize(to: 0)
        return p
    }()

    /// Whether a change to the button must not happen because its update
    /// handler is running for a preview (`previewAppearance`): the preview
    /// puts the button back afterwards, and a change it cannot undo (a
    /// group deselecting the others, a touch ended) would be left behind.
    /// The first refusal is kept; the preview throws it.
    @inline(__always)
    func refusesChangeInPreview(_ what: @autoclosure () -> String) -> Bool {
        guard let m = modern, m.previewing != nil else { return false }
        if m.previewRefusal == nil { m.previewRefusal = what() }
        return true
    }

    /// Runs `body` with the state flags set to `s`, sending nothing and
    /// recording nothing, then puts them back: a preview of a state for code
    /// that reads the state (a configuration update handler).
    func withPreviewState<T>(_ s: ControlState, _ body: () throws -> T) rethrows -> T {
        let saved = state
        state = s
        defer { state = saved }
        return try body()
    }

    /// Where the state's bits are (see `state`); valid while the button lives.
    public var stateAddress: UnsafePointer<UInt8> { UnsafePointer(stateCell) }

    deinit { stateCell.deallocate() }
    /// A free value carried by the button (the seeds' `additionInfo`).
    @exclusivity(unchecked) public var info: JSONValue?
    @exclusivity(unchecked) public var tag: Int = 0
    @exclusivity(unchecked) public var fallback: Fallback = .uikit
    /// UIKit's iOS 14 flag: a tap toggles `selected` just before touchUpInside.
    @exclusivity(unchecked) public var changesSelectionAsPrimaryAction = false
    /// How far outside its bounds a touch still counts as inside (UIKit uses 70).
    @exclusivity(unchecked) public var touchMargin: Double = 70
    /// UIView's `isUserInteractionEnabled`. Off, the button keeps its look
    /// and state (it is not disabled) but no touch reaches it: screens'
    /// hit-testing passes over it and its own touch calls are ignored.
    @exclusivity(unchecked) public private(set) var isUserInteractionEnabled = true
    @exclusivity(unchecked) public var adjustsImageWhenHighlighted = true
    @exclusivity(unchecked) public var adjustsImageWhenDisabled = true
    @exclusivity(unchecked) public private(set) var isHidden = false
    /// A superview hides it (a view that is hidden itself). ButtonKit keeps
    /// buttons, not view hierarchies, so a loader that knows the views sets
    /// this; `isHidden` stays the button's own flag, as UIKit's.
    @exclusivity(unchecked) public var isHiddenBySuperview = false {
        didSet { if isHiddenBySuperview { endTracking() } }
    }
    @exclusivity(unchecked) public internal(set) var styles = StyleTable()
    @exclusivity(unchecked) public var trace = Trace()
    /// Entries in the trace, read without copying the trace (a bridge checks
    /// it after every tap to account for the memory the trace holds).
    public var traceCount: Int { trace.count }

    @exclusivity(unchecked) var handlers = HandlerList<Registration>()
    // Touch tracking.
    /// Whether a touch is in progress (UIControl's `isTracking`).
    @exclusivity(unchecked) public internal(set) var isTracking = false
    @exclusivity(unchecked) var touchInside = false
    /// Touch calls in progress on this button (handlers run inside them).
    @exclusivity(unchecked) var touchDepth = 0
    /// Disabled from a handler during a touch call: end the touch after it.
    @exclusivity(unchecked) var endTrackingWhenDone = false
    @exclusivity(unchecked) var lastPoint = Point(x: 0, y: 0)
    /// The group that applies its rules to this button (a radio group).
    weak var owner: (any ControlOwner)? {
        didSet { updatePlain() }
    }
    /// No rule applies to `selected`: no owner, not a sort button. Stored,
    /// not derived, so the bridge's hot path (`b.selected = v`) reads one
    /// byte instead of a weak reference. If the owner goes away unnoticed
    /// it stays false, which only means the general path is taken.
    @exclusivity(unchecked) public internal(set) var isPlain: Bool

    /// Today's UIKit (traits, tint, type, configuration...), allocated on
    /// first use so seed-style buttons do not carry it (see `ModernFeatures`).
    @exclusivity(unchecked) var modern: ModernFeatures?
    /// A configuration update handler is set: state changes ask for an
    /// update. Stored so the paths every tap takes test one byte.
    @exclusivity(unchecked) public internal(set) var observesState = false

    /// Recomputes `isPlain` (no owner, a plain button, nothing observing state).
    func updatePlain() { isPlain = owner == nil && kind == .button && !observesState }

    /// What this control is (stored: the bridge reads it on hot paths).
    public let kind: ControlKind

    /// Makes a button. Without an id one is generated (`button1`, ...); a
    /// bridge that wants per-script numbering passes its own.
    public convenience init(id: String? = nil, frame: Rect = .defaultButton) {
        self.init(kind: .button, id: id ?? IDs.next("button"), frame: frame)
    }

    /// The designated initializer: subclasses name their kind.
    init(kind: ControlKind, id: String, frame: Rect) {
        self.kind = kind
        self.isPlain = kind == .button
        self.id = id
        self.frame = frame
    }

    // MARK: Flags

    public var isEnabled: Bool {
        get { !state.contains(.disabled) }
        set {
            guard newValue != isEnabled, !refusesChangeInPreview("set enabled") else { return }
            if newValue { state.remove(.disabled) } else { state.insert(.disabled) }
            trace.record(.flag(.enabled, newValue))
            if observesState { modern?.requestUpdate() }
            // UIKit: a control disabled while a touch is in progress stops
            // tracking and unhighlights — but not under its own handlers'
            // feet: from inside a touch call the touch ends when the call
            // completes (see finishDeferredEnd). With no touch in progress a
            // highlight set by a script stays.
            if !newValue && isTracking {
                if touchDepth > 0 { endTrackingWhenDone = true } else { endTracking() }
            }
            if observesState { flushKeepingError() }
        }
    }

    public var isHighlighted: Bool {
        get { state.contains(.highlighted) }
        set {
            guard !refusesChangeInPreview("set highlighted") else { return }
            setFlag(.highlighted, newValue, .highlighted)
            if observesState { flushKeepingError() }
        }
    }

    public var isFocused: Bool {
        get { state.contains(.focused) }
        set {
            guard !refusesChangeInPreview("set focused") else { return }
            setFlag(.focused, newValue, .focused)
            if observesState { flushKeepingError() }
        }
    }

    public var isSelected: Bool { state.contains(.selected) }

    /// Turns touch delivery on or off; turning it off ends a touch in progress
    /// (UIKit cancels the touches of a view that stops taking them).
    public func setUserInteractionEnabled(_ on: Bool) {
        guard on != isUserInteractionEnabled, !refusesChangeInPreview("set userInteractionEnabled") else { return }
        isUserInteractionEnabled = on
        trace.record(.flag(.userInteractionEnabled, on))
        if !on { endTracking() }
    }

    /// Hides or shows the button; a hidden button ignores touches, and
    /// hiding it mid-touch ends the touch like disabling does.
    public func setHidden(_ hidden: Bool) {
        guard hidden != isHidden, !refusesChangeInPreview("set hidden") else { return }
        isHidden = hidden
        trace.record(.flag(.hidden, hidden))
        if hidden { endTracking() }
        if observesState { flushKeepingError() }
    }

    /// Sets `selected`. Plain buttons just change the flag; a radio member
    /// lets its group keep the one-selected rule; a sort button applies the
    /// seed's direction rules. Handlers fired on the way (valueChanged) run,
    /// and the first error they raise is rethrown after the change completes.
    public func setSelected(_ value: Bool) throws {
        guard !refusesChangeInPreview("set selected") else { return }
        var sink = ErrorSink()
        applySelected(value, sink: &sink)
        if observesState { flushConfigurationUpdate(into: &sink) }
        try sink.check()
    }

    /// Sets `selected` when no rule applies (a plain button, no group or
    /// bar), where no handler can fire; returns false, changing nothing,
    /// otherwise. The bridge's fast path for `b.selected = v`.
    public func setSelectedIfPlain(_ value: Bool) -> Bool {
        guard isPlain else { return false }
        if refusesChangeInPreview("set selected") { return true }
        setSelectedFlag(value)
        return true
    }

    /// The overridable core of `setSelected` (UIKit's `setSelected:`).
    func applySelected(_ value: Bool, sink: inout ErrorSink) {
        if let o = owner, o.member(self, requestsSelected: value, sink: &sink) { return }
        setSelectedFlag(value)
    }

    /// Changes the selected bit with a trace entry and nothing else.
    func setSelectedFlag(_ value: Bool) { setFlag(.selected, value, .selected) }

    @inline(__always)
    func setFlag(_ bit: ControlState, _ value: Bool, _ flag: TraceEntry.Flag) {
        guard state.contains(bit) != value else { return }
        if value { state.insert(bit) } else { state.remove(bit) }
        trace.record(.flag(flag, value))
        if observesState { modern?.requestUpdate() }
    }

    func endTracking() {
        isTracking = false
        touchInside = false
        setFlag(.highlighted, false, .highlighted)
    }

    // MARK: Styles

    /// Merges `props` into the style of exactly `state`.
    public func style(_ state: ControlState, _ props: Style) {
        guard !refusesChangeInPreview("change a style") else { return }
        var s = styles[state] ?? Style()
        s.merge(props)
        styles.put(s, for: state)
    }

    /// The seed's fluent chain. The first invalid value in the chain (or an
    /// error thrown by `body`) is thrown after the closure returns, and
    /// nothing is applied then.
    public func setUpStyle(_ state: ControlState, _ body: (StyleBuilder) throws -> Void) throws {
        guard !refusesChangeInPreview("change a style") else { return }
        let builder = StyleBuilder(styles[state] ?? Style())
        try body(builder)
        if let e = builder.firstError { throw e }
        styles.put(builder.style, for: state)
    }

    /// Removes one property of exactly `state`, or its whole style.
    public func unstyle(_ state: ControlState, _ property: StyleProperty? = nil) {
        guard !refusesChangeInPreview("change a style") else { return }
        guard let p = property else { styles.remove(state); return }
        guard var s = styles[state] else { return }
        s.remove(p)
        styles.put(s, for: state)
    }

    /// What was set for exactly `state` (no fallback).
    public func styleFor(_ state: ControlState) -> Style { styles[state] ?? Style() }

    /// Inputs that control kinds add to resolution (sort icons, direction).
    open func resolverExtras(for state: ControlState) -> Resolver.Extras {
        var e = Resolver.Extras()
        e.adjustsImageWhenDisabled = adjustsImageWhenDisabled
        e.adjustsImageWhenHighlighted = adjustsImageWhenHighlighted
        if let m = modern {
            e.traits = traits
            e.type = m.type
            e.configuration = m.configuration
            e.height = frame.height
        } else if owner != nil {
            e.traits = traits
        }
        return e
    }

    /// The resolved appearance of the current state.
    public var appearance: Appearance { appearance(for: state) }

    /// The resolved appearance `state` would have; the button does not change.
    public func appearance(for state: ControlState) -> Appearance {
        Resolver.resolve(styles, state: state, fallback: fallback, extras: resolverExtras(for: state))
    }

    /// The appearance `state` would have in `style` and under `tint` (nil:
    /// the button's own): `appearanceFor(state, { style = "dark", tintColor = "systemRed" })`.
    public func appearance(for state: ControlState, style: UserInterfaceStyle?, tint: ColorValue? = nil) -> Appearance {
        appearance(for: state, under: TraitOverrides(userInterfaceStyle: style, tintColor: tint))
    }

    /// The appearance `state` would have under other traits (each one the
    /// overrides leave unset is the button's own).
    public func appearance(for state: ControlState, under overrides: TraitOverrides) -> Appearance {
        var e = resolverExtras(for: state)
        e.traits = traits.with(overrides)
        return Resolver.resolve(styles, state: state, fallback: fallback, extras: e)
    }

    /// UIKit's primary action for this kind of control, run just before
    /// touchUpInside is sent: the owner's rule (a radio group) first, else
    /// `changesSelectionAsPrimaryAction` toggles `selected`.
    func primaryAction(sink: inout ErrorSink) {
        if let o = owner, o.memberPrimaryAction(self, sink: &sink) { return }
        if changesSelectionAsPrimaryAction { applySelected(!isSelected, sink: &sink) }
    }

    /// The button's title in the normal state, handy for summaries.
    public var title: String? { styles[.normal]?.title }
}

/// A screen of controls in screen coordinates, for hit-testing and routing
/// touches the way a window does: the topmost visible, enabled button under
/// the finger gets the whole touch.
public final class Screen: TraitEnvironment {
    /// Anything that can be put on a screen.
    public enum Item {
        case button(Button)
        case radioGroup(RadioGroup)
        case sortBar(SortBar)

        var buttons: [Button] {
            switch self {
            case .button(let b): return [b]
            case .radioGroup(let g): return g.buttons
            case .sortBar(let s): return s.buttons
            }
        }

        /// Whether both are the same object (not merely equal ids).
        func isSame(as other: Item) -> Bool {
            switch (self, other) {
            case let (.button(a), .button(b)): return a === b
            case let (.radioGroup(a), .radioGroup(b)): return a === b
            case let (.sortBar(a), .sortBar(b)): return a === b
            default: return false
            }
        }

        var id: String {
            switch self {
            case .button(let b): return b.id
            case .radioGroup(let g): return g.id
            case .sortBar(let s): return s.id
            }
        }
    }

    public let width: Double, height: Double
    public private(set) var items: [Item] = []
    private var tracked: Button?

    /// An iPhone 8's screen in points: the size of a screen made without one.
    public static let defaultSize = (width: 375.0, height: 667.0)
    /// The largest side a screen may have, in points (pictures of larger
    /// ones would be unreadable, and sizes must stay exact as integers).
    public static let maxSide = 100_000.0

    /// An empty screen; the default is an iPhone 8's points.
    /// A name for messages and pictures (`screen 'login'`, `login.svg`);
    /// nil: unnamed, as UIKit's windows are.
    public var id: String?
    /// The platform the screen is shown on (`iOS` unless a file says
    /// otherwise): the audit skips the checks that do not apply there.
    public var platform = Platform.iOS

    public init(width: Double = Screen.defaultSize.width, height: Double = Screen.defaultSize.height) {
        self.width = width; self.height = height
    }

    /// A checked screen: sides finite, above 0 and at most `maxSide`; a
    /// missing side takes the default.
    public static func make(width: Double?, height: Double?) throws(ButtonKitError) -> Screen {
        let w = width ?? defaultSize.width, h = height ?? defaultSize.height
        for (name, v) in [("width", w), ("height", h)] where !(v.isFinite && v > 0 && v <= maxSide) {
            throw .invalidValue(what: "screen \(name)", value: Format.number(v), expected: "a finite number above 0 and at most \(Format.number(maxSide))")
        }
        return Screen(width: w, height: h)
    }

    public var kind: ControlKind { .screen }

    /// The window's style: light unless set (a screen is the top of the
    /// hierarchy, so it is never unspecified).
    public private(set) var userInterfaceStyle: UserInterfaceStyle = .light
    /// The tint every control inherits unless it or its group sets one
    /// (nil: UIKit's systemBlue).
    public private(set) var ownTintColor: ColorValue?
    /// What is behind the controls: the colour their backgrounds and titles
    /// are composited over (systemBackground unless set).
    public var backgroundColor: ColorValue = .dynamic(.system(.systemBackground))

    /// `backgroundColor` in the screen's own traits: what a picture of the
    /// screen is painted with (black-ish in dark mode, as the window is).
    public var resolvedBackgroundColor: Color { backgroundColor.resolve(traits) }

    /// The user's text size on this screen (UIKit's
    /// `preferredContentSizeCategory`): `large` unless set.
    public private(set) var contentSize: ContentSizeCategory = .large
    /// The direction of the user's language: left to right unless set.
    public private(set) var layoutDirection: LayoutDirection = .leftToRight

    public var traitParent: (any TraitEnvironment)? { nil }
    public var overrideUserInterfaceStyle: UserInterfaceStyle? { userInterfaceStyle }
    public var overrideContentSize: ContentSizeCategory? { contentSize }
    public var overrideLayoutDirection: LayoutDirection? { layoutDirection }
    /// Normal unless set: high picks asset colours' high-contrast appearances.
    public private(set) var accessibilityContrast: AccessibilityContrast = .normal
    public var overrideAccessibilityContrast: AccessibilityContrast? { accessibilityContrast }

    /// Sets the contrast; buttons whose effective traits change get their
    /// configuration update now.
    public func setAccessibilityContrast(_ c: AccessibilityContrast) throws {
        try TraitChange.apply(to: allButtons) { accessibilityContrast = c }
    }

    /// Sets the style; buttons whose effective style changes get their
    /// configuration update now.
    public func setUserInterfaceStyle(_ s: UserInterfaceStyle) throws {
        try TraitChange.apply(to: allButtons) { userInterfaceStyle = s }
    }

    /// Sets the text size; buttons whose effective traits change get their
    /// configuration update now.
    public func setContentSize(_ c: ContentSizeCategory) throws {
        try TraitChange.apply(to: allButtons) { contentSize = c }
    }

    /// Sets the layout direction; buttons whose effective traits change get
    /// their configuration update now.
    public func setLayoutDirection(_ d: LayoutDirection) throws {
        try TraitChange.apply(to: allButtons) { layoutDirection = d }
    }

    /// Sets the tint (nil: systemBlue); `tintColor` itself is refused.
    public func setTintColor(_ c: ColorValue?) throws {
        try TraitChange.checkTint(c)
        try TraitChange.apply(to: allButtons) { ownTintColor = c }
    }

    /// Adds on top of everything added before; the item inherits this
    /// screen's traits from now on. An item already on the screen moves to
    /// the top, as UIKit's `addSubview` moves a view it already holds
    /// (it is never listed twice). A handler's error from the update this
    /// may cause waits in its button (see `Button.takePendingUpdateError`).
    public func add(_ item: Item) {
        items.removeAll { $0.isSame(as: item) }
        items.append(item)
        switch item {
        case .button(let b):
            b.attach(to: self)
            if b.observesState { b.flushKeepingError() }
        case .radioGroup(let g):
            g.level.screen = self
            for b in g.buttons where b.observesState { b.modern?.requestUpdate(); b.flushKeepingError() }
        case .sortBar(let bar):
            bar.level.screen = self
            for b in bar.buttons where b.observesState { b.modern?.requestUpdate(); b.flushKeepingError() }
        }
    }

    /// Every button, bottom to top.
    public var allButtons: [Button] { items.flatMap(\.buttons) }

    /// The alpha below which UIKit's hit-testing passes over a view.
    public static let hitTestMinimumAlpha = 0.01

    /// The topmost button whose frame contains the point and that takes
    /// touches, as UIKit's `hitTest(_:with:)` finds it: views that are
    /// hidden, have user interaction off or an alpha below 0.01 are passed
    /// over (the touch goes to what is below), and a disabled button is
    /// skipped too (`ButtonKit` models no superview to catch it).
    public func hitTest(_ p: Point) -> Button? {
        for b in allButtons.reversed() where b.acceptsTouches && b.frame.contains(p) {
            if b.appearance.alpha < Screen.hitTestMinimumAlpha { continue }
            return b
        }
        return nil
    }

    /// Finds a control by id: buttons (including members), groups, bars.
    public func find(_ id: String) -> Item? {
        for item in items.reversed() {
            if Spelling.same(item.id, id) { return item }
            for b in item.buttons where Spelling.same(b.id, id) { return .button(b) }
        }
        return nil
    }

    private func local(_ p: Point, in b: Button) -> Point { Point(x: p.x - b.frame.x, y: p.y - b.frame.y) }

    /// Taps the button under the point; returns it, or nil when none.
    @discardableResult
    public func tap(_ p: Point) throws -> Button? {
        guard let b = hitTest(p) else { return nil }
        try b.tap(at: local(p, in: b))
        return b
    }

    /// Starts a touch on the button under the point; later moves and the up
    /// go to that button, whatever is under the finger then.
    @discardableResult
    public func touchDown(_ p: Point) throws -> Button? {
        if let t = tracked, t.isTracking { return nil }
        guard let b = hitTest(p) else { tracked = nil; return nil }
        tracked = b
        return try b.touchDown(at: local(p, in: b)) ? b : nil
    }

    /// Moves the touch that started with `touchDown`; nil when none is in progress.
    @discardableResult
    public func touchMove(_ p: Point) throws -> Button? {
        guard let b = tracked else { return nil }
        return try b.touchMove(to: local(p, in: b)) ? b : nil
    }

    /// Ends the touch that started with `touchDown`; nil when none is in progress.
    @discardableResult
    public func touchUp(_ p: Point) throws -> Button? {
        guard let b = tracked else { return nil }
        tracked = nil
        return try b.touchUp(at: local(p, in: b)) ? b : nil
    }

    /// Cancels the touch in progress; nil when none is.
    @discardableResult
    public func touchCancel() throws -> Button? {
        guard let b = tracked else { return nil }
        tracked = nil
        return try b.touchCancel() ? b : nil
    }
}

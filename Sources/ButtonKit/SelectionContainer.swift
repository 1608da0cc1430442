/// A control that keeps at most one of its buttons selected and can
/// deselect them all: radio groups and sort bars. Both are a level of the
/// trait hierarchy with shared member styles, kept in their `level`; what
/// that level does is written once, here.
public protocol SelectionContainer: TraitEnvironment {
    /// The container's id.
    var id: String { get }
    /// Shared member styles and this level's own traits.
    var level: MemberLevel { get }
    /// The members, in order.
    var members: [Button] { get }
    /// Deselects every member; handlers fire once when something changed.
    func clear() throws
}

extension SelectionContainer {
    /// Styles every member gets under its own (at `add`).
    public var memberStyles: StyleTable { level.memberStyles }

    /// Merges `style` into the shared style for `state` (what a
    /// constructor's `style` option gives every member).
    public func addMemberStyle(_ style: Style, for state: ControlState) {
        level.addMemberStyle(style, for: state)
    }

    /// The screen the container was added to.
    public var traitParent: (any TraitEnvironment)? { level.screen }
    /// This level's own interface style (nil: the screen's).
    public var overrideUserInterfaceStyle: UserInterfaceStyle? { level.userInterfaceStyle }
    /// This level's own tint (nil: the screen's).
    public var ownTintColor: ColorValue? { level.tintColor }
    /// This level's own text size (nil: the screen's).
    public var overrideContentSize: ContentSizeCategory? { level.contentSize }
    /// This level's own layout direction (nil: the screen's).
    public var overrideLayoutDirection: LayoutDirection? { level.layoutDirection }

    /// Sets this level's own text size (nil: inherit); members whose
    /// effective traits change get their configuration update now.
    public func setContentSize(_ c: ContentSizeCategory?) throws {
        try TraitChange.apply(to: members) { level.contentSize = c }
    }

    /// Sets this level's own layout direction (nil: inherit).
    public func setLayoutDirection(_ d: LayoutDirection?) throws {
        try TraitChange.apply(to: members) { level.layoutDirection = d }
    }

    /// Sets this level's own style (nil: inherit); members whose effective
    /// traits change get their configuration update now.
    public func setUserInterfaceStyle(_ s: UserInterfaceStyle?) throws {
        try TraitChange.apply(to: members) { level.userInterfaceStyle = s }
    }

    /// Registers a valueChanged handler, called with the container after
    /// each change of its selection (never for a no-op); returns its token
    /// for `off`.
    @discardableResult
    public func on(_ fn: @escaping (Self) throws -> Void) -> HandlerToken {
        level.handlers.add { c in if let me = c as? Self { try fn(me) } }
    }

    /// Removes a handler; false when the token was not registered.
    @discardableResult
    public func off(_ token: HandlerToken) -> Bool { level.handlers.remove(token) }

    /// Calls the valueChanged handlers; their errors go to `sink`.
    func fireValueChanged(_ sink: inout ErrorSink) {
        HandlerList.run({ level.handlers }, sink: &sink) { try $0(self) }
    }

    /// Sets this level's own tint (nil: inherit); `tintColor` itself is refused.
    public func setTintColor(_ c: ColorValue?) throws {
        try TraitChange.checkTint(c)
        try TraitChange.apply(to: members) { level.tintColor = c }
    }
}

extension RadioGroup: SelectionContainer {
    public var members: [Button] { buttons }
}

extension SortBar: SelectionContainer {
    public var members: [Button] { buttons }
}

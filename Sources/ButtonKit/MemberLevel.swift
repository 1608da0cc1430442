/// What a radio group or a sort bar is to its members besides its
/// selection rule: the styles every member gets under its own, and the
/// level of the trait hierarchy between the screen and the members (as a
/// UIStackView sits between a window and its buttons).
///
/// Both containers hold one, so joining, shared styles, trait changes and
/// valueChanged handlers are written once; the selection rules stay in each container's file.
public final class MemberLevel {
    /// Styles every member gets under its own, merged when it joins.
    public internal(set) var memberStyles = StyleTable()
    /// This level's own interface style (nil: the screen's).
    public internal(set) var userInterfaceStyle: UserInterfaceStyle?
    /// This level's own tint (nil: the screen's).
    public internal(set) var tintColor: ColorValue?
    /// This level's own text size (nil: the screen's).
    public internal(set) var contentSize: ContentSizeCategory?
    /// This level's own layout direction (nil: the screen's).
    public internal(set) var layoutDirection: LayoutDirection?
    /// The screen the container was added to: the level its members
    /// inherit from next.
    weak var screen: Screen?
    /// valueChanged handlers, called with the container after each change.
    var handlers = HandlerList<(any SelectionContainer) throws -> Void>()

    init() {}

    /// Merges `style` into the shared style for `state`.
    func addMemberStyle(_ style: Style, for state: ControlState) {
        var merged = memberStyles[state] ?? Style()
        merged.merge(style)
        memberStyles.put(merged, for: state)
    }

    /// Makes `b` a member of `owner`: the shared styles go under its own,
    /// and a button whose traits change by joining gets its configuration
    /// update. The caller checked that `b` has no owner yet.
    func join(_ b: Button, owner: any ControlOwner) {
        for e in memberStyles.entries {
            var merged = e.style
            merged.merge(b.styleFor(e.state))
            b.styles.put(merged, for: e.state)
        }
        let traitsBefore = b.observesState ? b.traits : nil
        b.owner = owner
        if let t = traitsBefore, t != b.traits { b.modern?.requestUpdate() }
    }
}

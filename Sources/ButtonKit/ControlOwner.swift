/// A container that takes part in its members' selection: a radio group
/// keeps one member selected, a sort bar keeps one sort button active.
///
/// Buttons call into their owner at the points UIKit would call an
/// overridden `setSelected:` or action method, so each rule lives in the
/// container's own file instead of inside `Button`. Owners are also the
/// level members inherit traits from (interface style, tint).
protocol ControlOwner: TraitEnvironment {
    /// The owner's id, for error messages.
    var ownerID: String { get }
    /// Called when a script or a tap sets `selected` on a member. Returns
    /// true when the owner applied the change itself.
    func member(_ button: Button, requestsSelected value: Bool, sink: inout ErrorSink) -> Bool
    /// Called just before touchUpInside is sent for a member; returns true
    /// when the owner performed the member's primary action.
    func memberPrimaryAction(_ button: Button, sink: inout ErrorSink) -> Bool
    /// Called after a member sort button's direction changed.
    func memberDirectionChanged(_ button: SortButton, sink: inout ErrorSink)
}

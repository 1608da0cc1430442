import ButtonKit

/// What a button gets from the views above it, which ButtonKit does not
/// keep (its screens hold buttons, not view hierarchies): a hidden
/// superview hides it, one with user interaction off keeps touches from
/// it, superviews' alphas multiply into what is seen, and a superview's
/// tint is inherited as UIView's `tintColor` is.
struct IBInherited {
    var hidden = false
    var touches = true
    var alpha = 1.0
    var tint: ColorValue?
    /// Inside a table view's prototypes (its cells are repeated per row).
    var prototypes = false
    /// The reuse identifier of the prototype or collection view cell holding it.
    var cell: String?

    /// What the views below `node` (a view element) inherit.
    func below(_ node: XMLNode, _ ctx: IBContext) -> IBInherited {
        var out = self
        if ctx.flag(node, "hidden") == true { out.hidden = true }
        if ctx.flag(node, "userInteractionEnabled") == false { out.touches = false }
        if let a = ctx.number(node, "alpha") { out.alpha *= min(1, max(0, a)) }
        if let t = node.child("color", key: "tintColor"), let c = ctx.colors.peek(t) {
            if case .dynamic(.tint) = c {} else { out.tint = c }
        }
        return out
    }
}

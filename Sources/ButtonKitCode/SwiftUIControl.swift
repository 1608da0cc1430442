import ButtonKit
import ButtonKitSwiftIR

/// A control found in a SwiftUI view's body, before it becomes a `Button`:
/// what its initialiser says (title, image, role, action) and every
/// modifier that reaches it, outermost first (containers', then its own,
/// then its style's `makeBody`, then its label's), so that applying them in
/// order lets the innermost win, as SwiftUI's environment does.
final class SwiftUIControl {
    /// `button`, `toggle`, `link`, `menu`, `shareLink`, `navigationLink`.
    let kind: String
    /// The view type whose body holds it (its screen).
    let owner: String
    let source: SourceLocation
    var title: String?
    var image: String?
    var imageIsSymbol = true
    /// `destructive`, `cancel`.
    var role: String?
    /// The action closure's (or method's) position, `File.swift:line`.
    var action: String?
    /// A `NavigationLink`'s destination view type (`destination:` or its
    /// trailing closure); nil for the `value:` form or a run-time view.
    var destination: String?
    /// Whether the initialiser gives a title or label at all (evaluated or not).
    var titleTried = false
    var modifiers: [(node: SyntaxNode, path: String)] = []
    /// The view's properties a preview gives values, for its own type's expressions.
    var bindings: [String: CodeValue] = [:]
    var labelModifiers: [(node: SyntaxNode, path: String)] = []
    /// The branches of the body it sits in (an `if`, a `ViewThatFits`…).
    var alternatives = Alternatives()
    /// Values evaluated and applied, and those listed as unresolved.
    var resolved = 0
    var unresolved = 0

    init(kind: String, owner: String, source: SourceLocation) {
        self.kind = kind; self.owner = owner; self.source = source
    }
}

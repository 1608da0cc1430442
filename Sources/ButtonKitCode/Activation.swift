import ButtonKitSwiftIR

/// One running body of code (a method, a closure, an initialiser): the
/// names it binds to buttons and values, whose `self` it runs as, and the
/// button it returns.
struct Activation {
    var scope: Scope
    /// `self` is this button (a subclass's own set-up, a per-state override).
    var selfButton: CodeButton?
    var buttons: [String: CodeButton] = [:]
    /// Locals holding a list of buttons (`let buttons = [replyButton, shareButton]`).
    var buttonLists: [String: [CodeButton]] = [:]
    var returned: CodeButton?
    /// Set-up methods followed so far on the way here.
    var depth: Int

    init(path: String, selfType: String?, selfButton: CodeButton? = nil, depth: Int = 0) {
        scope = Scope(path: path, selfType: selfType)
        self.selfButton = selfButton
        self.depth = depth
    }
}

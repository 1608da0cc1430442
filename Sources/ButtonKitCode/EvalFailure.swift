import ButtonKitSwiftIR

/// Why an expression was not evaluated, and the node that stopped it (the
/// innermost one: a theme object's member, a call ButtonKit does not know).
struct EvalFailure: Error {
    let node: SyntaxNode
    let reason: String
}

/// What a node of the Swift reader's syntax IR is. The reader says only
/// what the source spells (no semantics); ButtonKitCode gives it meaning.
/// The raw values are the wire format: append, never renumber (a change
/// bumps `SyntaxIR.version`).
public enum NodeKind: UInt8, Sendable, CaseIterable {
    // A file and its syntax errors.
    case file = 0, syntaxError
    // Declarations. `text` is the name.
    case classDecl, structDecl, enumDecl, protocolDecl, extensionDecl, actorDecl
    /// An inherited type or conformance (`text`: the type as written).
    case inherits
    /// `@IBOutlet`, `@objc`, `@State`... (`text`: the name without `@`; children: arguments).
    case attribute
    /// `private`, `weak`, `final`... (static, lazy and override are flags too).
    case modifier
    /// A stored, lazy, computed or local property (`text`: its name; flags:
    /// `isLet`, `isStatic`, `isLazy`, `isOverride`; children: a type
    /// annotation, an initializer, accessors).
    case variable
    /// `: Type` (`text`: the type as written).
    case typeAnnotation
    /// `= value` of a variable, a parameter's default or an enum case's raw value (child: the expression).
    case initializer
    /// `get`, `set`, `didSet`, `willSet` (`text`), children: the body's statements.
    case accessor
    /// A function (`text`: its base name; children: parameters, the result's
    /// `typeAnnotation`, a body).
    case function
    /// `init(...)` (children: parameters, a body).
    case initDecl
    /// A parameter (`text`: its argument label, `_` when none; children: the
    /// internal name as an identifier, the type annotation, a default).
    case parameter
    /// A `{ ... }` of statements.
    case body
    /// An enum case (`text`: its name; child: the raw value's initializer).
    case enumCase
    /// `#if` (children: clauses, each `ifConfigClause` with `text` its condition and its elements).
    case ifConfig, ifConfigClause

    // Statements.
    /// `lhs = rhs`, `lhs += rhs` (`text`: the operator; children: lhs, rhs).
    case assign
    /// `if` (children: `condition`s, then a `body`, then an optional else: a `body` or an `ifStmt`).
    case ifStmt
    /// `guard` (children: `condition`s, the else `body`).
    case guardStmt
    /// A condition of `if`/`guard`/`while` (`text`: its source; child: the expression, when it is one;
    /// flags `isAvailability` for `#available`).
    case condition
    /// `switch` (children: the subject, then `switchCase`s).
    case switchStmt
    /// A case (`text`: its label's source, `default` for default; children: the patterns'
    /// expressions where they are expressions, then a `body`).
    case switchCase
    /// `return` (child: the value, when there is one).
    case returnStmt
    /// `for x in seq` (`text`: the pattern; children: the sequence, the body).
    case forStmt
    /// Any other statement (`text`: its source, shortened; children: its bodies).
    case otherStmt

    // Expressions.
    /// A string literal (`text`: its value when not interpolated; flags
    /// `isInterpolated`; children: `stringSegment`s and interpolated expressions).
    case stringLiteral
    case stringSegment
    case intLiteral, floatLiteral, boolLiteral, nilLiteral
    /// A name (`self`, `$0`, `button`).
    case identifier
    /// `base.name` or `.name` with no base (`text`: the name; flags
    /// `isOptionalChain` when the base is `x?`).
    case memberAccess
    /// A call (children: the callee, then `argument`s; trailing closures are
    /// arguments with flag `isTrailing`).
    case call
    /// A labelled argument (`text`: its label, "" when none; child: the value).
    case argument
    /// A closure (children: `parameter`s, then a `body`).
    case closure
    /// `[a, b]`; `[k: v]` (children: a `tuple` of key and value per entry).
    case arrayLiteral, dictionaryLiteral
    /// `c ? a : b` (children: condition, then, else).
    case ternary
    /// An infix operator (`text`; children: lhs, rhs).
    case binary
    /// A prefix operator (`text`; child: the operand).
    case prefix
    /// `\Type.path` (`text`: its source).
    case keyPath
    /// `#colorLiteral(...)` (`text`: the name without `#`; children: `argument`s).
    case macro
    /// `x as T`, `x as? T`, `x as! T` (`text`: the type; child: the expression).
    case cast
    /// `(a, b)` with more than one element (children: `argument`s).
    case tuple
    /// What the IR does not break down (`text`: the source, shortened).
    case other
}

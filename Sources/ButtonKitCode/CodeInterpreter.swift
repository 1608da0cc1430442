import ButtonKit
import ButtonKitIB
import ButtonKitSwiftIR

/// Finds the buttons the app's code makes and applies what the code says
/// about them, in the order UIKit runs it: a subclass's own set-up, the
/// creating expression (its closure, a `.then { }`, a factory's body), then
/// the owner's `init`, `awakeFromNib`, `viewDidLoad` and the set-up methods
/// they call (to a depth of 3), then `viewWillAppear`. What it cannot
/// evaluate it lists; nothing is guessed.
final class CodeInterpreter {
    let index: CodeIndex
    let evaluator: Evaluator
    private(set) var unresolved: [SourceIssue] = []
    /// Buttons of the owner being read, by property.
    var props: [String: CodeButton] = [:]
    /// Every button of the owner being read, in creation order.
    var made: [CodeButton] = []
    /// `@IBOutlet` properties of the owner: name → where declared.
    var outlets: [String: SourceLocation] = [:]
    /// Storyboard and XIB controls held by the owner's outlets (property →
    /// control), given before reading: code about them applies on top.
    var fileOutlets: [String: Button] = [:]
    /// Their records, in declaration order.
    var joined: [CodeButton] = []
    var owner = ""
    /// The most set-up methods followed from a lifecycle method.
    static let maxDepth = 3
    /// The most statements run for one owner (a guard against pathological files).
    static let maxSteps = 200_000
    private var steps = 0

    init(index: CodeIndex, evaluator: Evaluator) {
        self.index = index
        self.evaluator = evaluator
    }

    func note(_ path: String, _ n: SyntaxNode, _ reason: String, _ button: CodeButton? = nil) {
        button?.unresolved += 1
        unresolved.append(SourceIssue(path: path, line: Int(n.line), column: Int(n.column), expression: SourceText.of(n), reason: reason))
    }

    // MARK: Owners

    /// Lifecycle methods in the order UIKit calls them.
    static let lifecycle = ["awakeFromNib", "loadView", "viewDidLoad", "viewWillAppear"]

    /// The buttons `type` makes or configures, applied.
    func read(owner type: TypeDecl, fileOutlets: [String: Button] = [:], fromFile: Bool = false) -> [CodeButton] {
        owner = type.name
        props = [:]; made = []; outlets = [:]; steps = 0; joined = []
        self.fileOutlets = fileOutlets
        // Stored properties: created where declared (a lazy one on first use,
        // which is before any code that touches it).
        for (m, path) in type.members where m.kind == .variable && !m.has(.isStatic) {
            var act = Activation(path: path, selfType: type.name)
            if let ini = m.first(.initializer)?.children.first {
                if let b = make(ini, &act, name: m.text) {
                    b.property = m.text
                    props[m.text] = b
                }
            } else if m.children.contains(where: { $0.kind == .attribute && $0.text == "IBOutlet" }),
                      let t = m.first(.typeAnnotation), index.isButtonClass(CodeIndex.plainTypeName(t.text.filter { $0 != "!" && $0 != "?" })) {
                let at = SourceLocation(path: path, line: Int(m.line), column: Int(m.column))
                outlets[m.text] = at
                if let control = fileOutlets[m.text] {
                    let b = CodeButton(owner: type.name, property: m.text, source: at)
                    b.fileControl = control
                    props[m.text] = b
                    joined.append(b)
                }
            }
        }
        // Initialisers first: the one UIKit runs for this instance.
        for (m, path) in CodeInterpreter.initialiserRun(type.members.filter { $0.node.kind == .initDecl }, fromFile: fromFile || !fileOutlets.isEmpty) {
            var act = Activation(path: path, selfType: type.name)
            if let b = m.first(.body) { run(b.children, &act) }
        }
        for name in CodeInterpreter.lifecycle {
            for (m, path) in type.members where m.kind == .function && m.text == name {
                var act = Activation(path: path, selfType: type.name)
                if let b = m.first(.body) { run(b.children, &act) }
            }
        }
        return made
    }

    /// The initialiser an instance is made with, of those a type declares:
    /// one runs per instance, so a view whose `init(frame:)` and
    /// `init?(coder:)` both call `commonInit()` must not get its targets
    /// added twice. From a storyboard or XIB (its outlets are joined, or a
    /// scene is of this type): `init(coder:)`. Made in code: `init(frame:)`,
    /// else the first initialiser but `init(coder:)`; `init(coder:)` when it
    /// is the only one.
    static func initialiserRun(_ inits: [(node: SyntaxNode, path: String)], fromFile: Bool) -> [(node: SyntaxNode, path: String)] {
        func first(_ n: SyntaxNode) -> String? { n.all(.parameter).first?.text }
        let coder = inits.filter { first($0.node) == "coder" }
        let others = inits.filter { first($0.node) != "coder" }
        if fromFile, let c = coder.first { return [c] }
        if let f = others.first(where: { first($0.node) == "frame" }) { return [f] }
        if let o = others.first { return [o] }
        return Array(coder.prefix(1))
    }

    // MARK: Statements

    func run(_ stmts: [SyntaxNode], _ act: inout Activation) {
        for s in stmts {
            steps += 1
            if steps > CodeInterpreter.maxSteps { return }
            statement(s, &act)
        }
    }

    func statement(_ s: SyntaxNode, _ act: inout Activation) {
        switch s.kind {
        case .variable:
            guard let ini = s.first(.initializer)?.children.first else { return }
            if let b = make(ini, &act, name: s.text) {
                act.buttons[s.text] = b
            } else if ini.kind == .arrayLiteral, let list = buttonList(ini, act) {
                act.buttonLists[s.text] = list
            } else if case .success(let v) = evaluator.eval(ini, act.scope) {
                act.scope.values[s.text] = v
            }
        case .assign:
            assign(s, &act)
        case .call:
            call(s, &act)
        case .ifStmt:
            if s.all(.condition).contains(where: { $0.has(.isAvailability) }) {
                // `if #available(iOS 15, *)`: the branch today's systems take.
                if let body = s.first(.body) { run(body.children, &act) }
            } else if let b = touched(s, act) {
                note(act.scope.path, s, "set only when a condition holds at run time", b)
            }
        case .switchStmt:
            if let b = touched(s, act) { note(act.scope.path, s, "a switch decided at run time", b) }
        case .forStmt:
            // `for button in [a, b] { ... }` over buttons: its body for each.
            if let seq = s.children.first, let list = buttonList(seq, act), let body = s.first(.body),
               !s.text.isEmpty, s.text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                for b in list {
                    var inner = act
                    inner.buttons[s.text] = b
                    inner.scope.values[s.text] = nil
                    run(body.children, &inner)
                }
            } else if let b = touched(s, act) { note(act.scope.path, s, "a loop", b) }
        case .returnStmt:
            if let v = s.children.first { act.returned = button(v, act) ?? make(v, &act, name: nil) }
        case .otherStmt:
            if let body = s.first(.body), s.text == "do" { run(body.children, &act) }
        case .ifConfig:
            if let chosen = IfConfigChoice.pick(s) { run(chosen.children, &act) }
        default:
            break
        }
    }

    /// The buttons a list names: an array literal of buttons only, or a
    /// local holding one; nil when any element is something else.
    func buttonList(_ e: SyntaxNode, _ act: Activation) -> [CodeButton]? {
        if e.kind == .identifier, let l = act.buttonLists[e.text] { return l }
        guard e.kind == .arrayLiteral, !e.children.isEmpty else { return nil }
        let list = e.children.compactMap { button($0, act) }
        return list.count == e.children.count ? list : nil
    }

    /// The first button a statement mentions (for listing what a condition or loop does to it).
    func touched(_ n: SyntaxNode, _ act: Activation) -> CodeButton? {
        if n.kind == .identifier, let b = act.buttons[n.text] ?? props[n.text] { return b }
        if n.kind == .identifier, n.text == "self", let b = act.selfButton { return b }
        if n.kind == .identifier, let b = act.buttonLists[n.text]?.first { return b }
        for c in n.children { if let b = touched(c, act) { return b } }
        return nil
    }

    /// The button an expression names: a local, a property (`x`, `self.x`), `self` in a button's own code.
    func button(_ e: SyntaxNode, _ act: Activation) -> CodeButton? {
        switch e.kind {
        case .identifier:
            if e.text == "self" { return act.selfButton }
            if let b = act.buttons[e.text] { return b }
            if act.scope.values[e.text] != nil { return nil }
            return act.selfButton == nil ? props[e.text] : nil
        case .memberAccess:
            if let base = e.children.first, base.kind == .identifier, base.text == "self", act.selfButton == nil { return props[e.text] }
            return nil
        default:
            return nil
        }
    }

    // MARK: Making buttons

    static let buttonFactories: Set<String> = ["systemButton"]
    /// UIButton's own initialiser labels.
    static let uibuttonLabels: Set<String> = ["type", "frame", "configuration", "primaryAction", "with", "target", "action", "coder"]

    /// The button an expression makes (or names), with everything the
    /// creating expression says applied; nil when it makes none.
    func make(_ e: SyntaxNode, _ act: inout Activation, name: String?) -> CodeButton? {
        if let b = button(e, act) { return b }
        guard e.kind == .call, let callee = e.children.first else { return nil }
        let args = Array(e.children.dropFirst())
        // `{ let b = UIButton(); ...; return b }()`
        if callee.kind == .closure {
            var inner = act
            inner.returned = nil
            inner.depth = act.depth
            if let body = callee.first(.body) { run(body.children, &inner) }
            return inner.returned
        }
        // `UIButton(type: .system).then { $0.x = ... }`: any trailing closure on a button.
        if callee.kind == .memberAccess, let base = callee.children.first, args.count == 1, args[0].has(.isTrailing),
           let closure = args[0].children.first, closure.kind == .closure, let b = make(base, &act, name: name) {
            runClosure(closure, with: b, &act)
            return b
        }
        var typeName: String?
        var factory: String?
        switch callee.kind {
        case .identifier:
            let t = CodeIndex.plainTypeName(callee.text)
            if index.isButtonClass(t) { typeName = t } else { factory = callee.text }
        case .memberAccess:
            if let base = callee.children.first, base.kind == .identifier {
                let t = CodeIndex.plainTypeName(base.text)
                if index.isButtonClass(t) && (callee.text == "init" || CodeInterpreter.buttonFactories.contains(callee.text)) { typeName = t }
                else if base.text == "self" || base.text == owner { factory = callee.text }
            } else if callee.children.isEmpty && callee.text == "init", let n = name, let t = declaredButtonType(n) {
                typeName = t
            }
        default:
            return nil
        }
        if let t = typeName { return create(t, e, callee, args, &act) }
        if let f = factory { return callFactory(f, e, &act) }
        return nil
    }

    /// A property's declared button type (`lazy var b: MyButton = .init()`), when the owner declares one.
    func declaredButtonType(_ property: String) -> String? {
        guard let m = index.member(owner, property, kinds: [.variable]), let t = m.node.first(.typeAnnotation) else { return nil }
        let name = CodeIndex.plainTypeName(t.text.filter { $0 != "!" && $0 != "?" })
        return index.isButtonClass(name) ? name : nil
    }

    func create(_ type: String, _ e: SyntaxNode, _ callee: SyntaxNode, _ args: [SyntaxNode], _ act: inout Activation) -> CodeButton {
        let b = CodeButton(owner: owner, property: nil, source: SourceLocation(path: act.scope.path, line: Int(e.line), column: Int(e.column)))
        made.append(b)
        if type != "UIButton" { b.subclass = type }
        if callee.text == "systemButton" { b.type = .system }
        // The subclass's own set-up first (its base classes' before it); an
        // initialiser of its own (`PillButton(icon: x)`) is the one whose
        // labels the call uses, its parameters bound.
        let chain = index.buttonChain(type)
        let labels = args.filter { !$0.has(.isTrailing) }.map(\.text)
        var own: (SyntaxNode, String)?
        if let t = index.types[type], !labels.isEmpty, !labels.allSatisfy(CodeInterpreter.uibuttonLabels.contains) {
            own = t.members.first { m in
                m.node.kind == .initDecl && m.node.all(.parameter).map { $0.text == "_" ? "" : $0.text }.prefix(labels.count).elementsEqual(labels)
            }.map { ($0.node, $0.path) }
        }
        for c in chain {
            if c == type, let (initNode, path) = own {
                var inner = Activation(path: path, selfType: c, selfButton: b, depth: act.depth)
                bind(initNode, e, act, into: &inner)
                if let body = initNode.first(.body) { run(body.children, &inner) }
                for (m, p) in index.types[c]?.members ?? [] where m.kind == .variable && m.has(.isOverride) {
                    perStateOverride(m, path: p, type: c, b)
                }
                updateConfigurationOverride(type: c, b)
            } else {
                setUp(subclass: c, b)
            }
        }
        if own != nil { return b }
        for a in args {
            guard let v = a.children.first else { continue }
            switch a.text {
            case "type":
                switch evaluator.eval(v, act.scope, .buttonType) {
                case .success(.buttonType(let t)): b.type = t; b.resolved += 1
                case .failure(let f): note(act.scope.path, v, f.reason, b)
                default: note(act.scope.path, v, "not a button type", b)
                }
            case "frame":
                switch evaluator.eval(v, act.scope, .any) {
                case .success(.rect(let r)): b.frame = r; b.resolved += 1
                case .success(.number(0)), .success(.member("zero")): break
                case .failure(let f): note(act.scope.path, v, f.reason, b)
                default: note(act.scope.path, v, "not a frame", b)
                }
            case "configuration":
                // UIButton(configuration:primaryAction:) makes a system button.
                b.type = .system
                setConfiguration(b, v, act)
            case "primaryAction":
                primaryAction(b, v, act)
            case "with" where callee.text == "systemButton":
                applyImage(b, v, .normal, act)
            case "target" where callee.text == "systemButton", "action" where callee.text == "systemButton":
                if a.text == "action", case .success(.selector(let s)) = evaluator.eval(v, act.scope) {
                    b.actions.append(IBAction(selector: s, event: .touchUpInside, destination: owner)); b.resolved += 1
                }
            default:
                note(act.scope.path, a, "initialiser argument '\(a.text)' not modelled", b)
            }
        }
        return b
    }

    /// Runs a closure's body with its first parameter (or `$0`) bound to `b`.
    func runClosure(_ closure: SyntaxNode, with b: CodeButton, _ act: inout Activation) {
        var inner = act
        let param = closure.first(.parameter)?.text ?? "$0"
        inner.buttons[param] = b
        inner.scope.values[param] = nil
        if let body = closure.first(.body) { run(body.children, &inner) }
    }

    /// A function of the owner (or a global one) that returns a button: its
    /// body run with its parameters bound, its `return` followed.
    func callFactory(_ name: String, _ call: SyntaxNode, _ act: inout Activation) -> CodeButton? {
        let candidates = index.functions(owner, name).map { ($0.node, $0.path) } + (index.functions[name].map { [($0.node, $0.path)] } ?? [])
        guard let (f, path) = candidates.first(where: { f, _ in
            f.first(.typeAnnotation).map { index.isButtonClass(CodeIndex.plainTypeName($0.text.filter { $0 != "!" && $0 != "?" })) } ?? false
        }), act.depth < CodeInterpreter.maxDepth + 2 else { return nil }
        var inner = Activation(path: path, selfType: owner, selfButton: nil, depth: act.depth + 1)
        bind(f, call, act, into: &inner)
        if let body = f.first(.body) { run(body.children, &inner) }
        return inner.returned
    }

    /// Binds a function's parameters to a call's arguments: buttons as
    /// buttons, evaluated values as values (others left unbound).
    func bind(_ f: SyntaxNode, _ call: SyntaxNode, _ act: Activation, into inner: inout Activation) {
        let given = Array(call.children.dropFirst())
        var used = 0
        for p in f.all(.parameter) {
            let internalName = p.first(.identifier)?.text ?? p.text
            let label = p.text == "_" ? "" : p.text
            var node: SyntaxNode?
            var scope = act.scope
            if used < given.count, given[used].text == label || (given[used].has(.isTrailing)) {
                node = given[used].children.first; used += 1
            } else if let d = p.first(.initializer)?.children.first {
                node = d; scope = inner.scope
            }
            guard let n = node else { continue }
            if let b = button(n, act) { inner.buttons[internalName] = b; continue }
            if case .success(let v) = evaluator.eval(n, scope, Expect.forType(p.first(.typeAnnotation)?.text)) { inner.scope.values[internalName] = v }
        }
    }

    // MARK: Subclasses

    /// A subclass's own code, applied to one of its instances: `init(frame:)`
    /// (or its other initialisers but `init(coder:)`) and the methods they
    /// call, then its per-state overrides.
    func setUp(subclass name: String, _ b: CodeButton) {
        guard let t = index.types[name] else { return }
        let inits = t.members.filter { $0.node.kind == .initDecl }
        let chosen = inits.filter { $0.node.all(.parameter).first?.text == "frame" }
        for (m, path) in chosen.isEmpty ? inits.filter({ $0.node.all(.parameter).first?.text != "coder" }) : chosen {
            var act = Activation(path: path, selfType: name, selfButton: b)
            if let body = m.first(.body) { run(body.children, &act) }
        }
        for (m, path) in t.members where m.kind == .variable && m.has(.isOverride) {
            perStateOverride(m, path: path, type: name, b)
        }
        updateConfigurationOverride(type: name, b)
    }
}

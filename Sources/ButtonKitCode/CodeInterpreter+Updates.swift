import ButtonKit
import ButtonKitSwiftIR

/// `configurationUpdateHandler = { button in ... }` and `override func
/// updateConfiguration()`: their common forms become per-state looks.
/// UIKit runs both after every state change, so what they say under a test
/// of the state (`switch button.state`, `if button.isHighlighted`, a
/// conditional on a flag) is what the button shows in that state:
/// configuration fields become rules the built button's update handler
/// applies for its state (`ConfigurationUpdate`); the classic per-state
/// properties (`alpha`, `backgroundColor`...) become per-state styles.
/// Every other statement in them is listed, as elsewhere.
extension CodeInterpreter {
    /// How the code being read names the button and its configuration.
    struct UpdateContext {
        /// The closure's parameter (`button`, `$0`), or nil in an override (`self`).
        let subject: String?
        /// Locals that hold the configuration being edited (`var config = button.configuration`).
        var aliases: Set<String> = []
        /// Locals holding a configuration built in the code (`var c = UIButton.Configuration.filled()`).
        var built: [String: ButtonConfiguration] = [:]
        var act: Activation
        let button: CodeButton
        let what: String
    }

    /// `b.configurationUpdateHandler = rhs`.
    func configurationHandler(_ b: CodeButton, _ rhs: SyntaxNode, _ act: Activation, statement s: SyntaxNode) {
        guard rhs.kind == .closure, let body = rhs.first(.body) else {
            if rhs.kind == .nilLiteral { b.configurationUpdate = ConfigurationUpdate(); b.resolved += 1; return }
            note(act.scope.path, s, "a configuration update handler that is not a closure written here", b); return
        }
        let param = rhs.first(.parameter).map { $0.first(.identifier)?.text ?? $0.text } ?? "$0"
        var inner = act
        inner.scope.values[param] = nil
        var ctx = UpdateContext(subject: param, act: inner, button: b, what: "configuration update handler")
        b.configurationUpdate = ConfigurationUpdate()
        updateStatements(body.children, .always, &ctx)
        b.resolved += 1
    }

    /// A subclass's `override func updateConfiguration()`, applied to an instance.
    func updateConfigurationOverride(type: String, _ b: CodeButton) {
        for (m, path) in index.types[type]?.members ?? [] where m.kind == .function && m.text == "updateConfiguration" && m.all(.parameter).isEmpty {
            guard let body = m.first(.body) else { continue }
            var ctx = UpdateContext(subject: nil, act: Activation(path: path, selfType: type, selfButton: b), button: b,
                                    what: "updateConfiguration()")
            updateStatements(body.children, .always, &ctx)
            b.resolved += 1
        }
    }

    func updateStatements(_ stmts: [SyntaxNode], _ test: StateTest, _ ctx: inout UpdateContext) {
        for s in stmts { updateStatement(s, test, &ctx) }
    }

    func updateStatement(_ s: SyntaxNode, _ test: StateTest, _ ctx: inout UpdateContext) {
        let path = ctx.act.scope.path
        func unmodelled(_ why: String) { note(path, s, "in \(ctx.what): \(why)", ctx.button) }
        switch s.kind {
        case .variable:
            guard let ini = s.first(.initializer)?.children.first else { return }
            if bindsConfiguration(ini, &ctx) { ctx.aliases.insert(s.text); return }
            if case .success(.configuration(let c)) = evaluator.eval(ini, ctx.act.scope, .configuration) { ctx.built[s.text] = c; return }
            if case .success(let v) = evaluator.eval(ini, ctx.act.scope) { ctx.act.scope.values[s.text] = v; return }
            unmodelled("a local value computed at run time")
        case .guardStmt, .ifStmt:
            let conditions = s.all(.condition)
            // `guard var config = button.configuration else { return }`, `if var c = configuration { ... }`.
            if conditions.count == 1, let ini = conditions[0].first(.initializer)?.children.first, let name = boundName(conditions[0].text) {
                guard bindsConfiguration(ini, &ctx) else { unmodelled("a binding of something other than the configuration"); return }
                ctx.aliases.insert(name)
                if s.kind == .ifStmt, let body = s.first(.body) { updateStatements(body.children, test, &ctx) }
                return
            }
            if s.kind == .guardStmt {
                // `guard button.isEnabled else { ...; return }`: what follows holds when the condition does (not modelled as such).
                unmodelled("a guard on the state"); return
            }
            guard conditions.count == 1, let e = conditions[0].children.first, let t = stateTest(e, ctx) else {
                unmodelled("a condition on something other than the button's state"); return
            }
            let bodies = s.all(.body)
            if let then = bodies.first { updateStatements(then.children, test.and(t), &ctx) }
            if bodies.count > 1 { updateStatements(bodies[1].children, test.and(t.negated), &ctx) }
            if let elseIf = s.first(.ifStmt) { updateStatement(elseIf, test.and(t.negated), &ctx) }
        case .switchStmt:
            guard let subject = s.children.first, isState(subject, ctx) else {
                unmodelled("a switch on something other than the button's state"); return
            }
            var before: [StateTest] = []
            var unknown = false
            for c in s.all(.switchCase) {
                let body = c.first(.body)?.children ?? []
                if c.text == "default" {
                    if unknown { note(path, c, "in \(ctx.what): a default after a case not evaluated", ctx.button); continue }
                    updateStatements(body, test.and(before.isEmpty ? .always : .not(.any(before))), &ctx)
                    continue
                }
                var states: [StateTest] = []
                for p in c.children where p.kind != .body {
                    if let x = stateValue(p, ctx) { states.append(.equals(x)) } else { unknown = true }
                }
                guard !unknown, !states.isEmpty else { note(path, c, "in \(ctx.what): a case ButtonKit cannot evaluate", ctx.button); unknown = true; continue }
                let t: StateTest = states.count == 1 ? states[0] : .any(states)
                // Swift takes the first case that matches: this one holds only where none before did.
                updateStatements(body, test.and(before.isEmpty ? t : .all([t, .not(.any(before))])), &ctx)
                before.append(t)
            }
        case .assign:
            updateAssign(s, test, &ctx)
        case .call:
            guard let callee = s.children.first else { return }
            // `super.updateConfiguration()`, `button.setNeedsUpdateConfiguration()`: no look of their own.
            if callee.kind == .memberAccess, callee.children.first?.text == "super" { return }
            if CodeInterpreter.quietMembers.contains(callee.text) { return }
            unmodelled("a call ButtonKit does not follow")
        case .returnStmt:
            return
        default:
            unmodelled("a statement ButtonKit does not model here")
        }
    }

    /// `lhs = rhs` in a handler: a configuration field, the whole
    /// configuration, a field of a configuration built here, or one of the
    /// button's own per-state properties.
    func updateAssign(_ s: SyntaxNode, _ test: StateTest, _ ctx: inout UpdateContext) {
        let path = ctx.act.scope.path
        guard s.text == "=", s.children.count == 2 else { note(path, s, "in \(ctx.what): '\(s.text)' is not evaluated", ctx.button); return }
        let lhs = s.children[0], rhs = s.children[1]
        var keys: [String] = []
        var root = lhs
        while root.kind == .memberAccess, let base = root.children.first { keys.insert(root.text, at: 0); root = base }
        if root.kind == .memberAccess && root.children.isEmpty { keys.insert(root.text, at: 0) }
        let rootName = root.kind == .identifier ? root.text : ""
        // `c.title = x` on a configuration built in the handler.
        if var c = ctx.built[rootName], !keys.isEmpty {
            if let why = setConfigurationField(&c, keys, rhs, ctx.act.scope) { note(path, rhs, "in \(ctx.what): \(why.reason)", ctx.button) }
            ctx.built[rootName] = c
            return
        }
        // The configuration's field: `config?.x`, `button.configuration?.x`, `configuration?.x` (an override).
        var field: [String]?
        if ctx.aliases.contains(rootName) { field = keys }
        else if isSubject(root, ctx), keys.first == "configuration" { field = Array(keys.dropFirst()) }
        else if ctx.subject == nil, rootName == "configuration" { field = keys }
        if let f = field {
            if f.isEmpty {
                // `button.configuration = config` hands the edited copy back; another value replaces it.
                if rhs.kind == .identifier, ctx.aliases.contains(rhs.text) { return }
                if rhs.kind == .identifier, let c = ctx.built[rhs.text] { ctx.button.configurationUpdate.rules.append(.init(when: test, change: .replace(c))); return }
                configurationRules(rhs, test, &ctx) { v in
                    switch v {
                    case .configuration(let c): return .replace(c)
                    case .nil_: return .replace(nil)
                    default: return nil
                    }
                }
                return
            }
            let key = f.joined(separator: ".")
            configurationRules(rhs, test, &ctx) { v in
                var probe = ButtonConfiguration(style: .plain)
                return ConfigurationUpdate.set(&probe, key, v) == nil ? .field(key, v) : nil
            } expect: { ConfigurationUpdate.expect(key) }
            return
        }
        // The button's own property: `button.alpha = button.isHighlighted ? 0.5 : 1`, `alpha = ...` in an override.
        var own = keys
        if ctx.subject == nil, root.kind == .identifier, rootName != "self", ctx.act.scope.values[rootName] == nil { own.insert(rootName, at: 0) }
        else if !isSubject(root, ctx) { note(path, s, "in \(ctx.what): an assignment to something other than the button", ctx.button); return }
        guard !own.isEmpty else { return }
        styleRules(own, rhs, test, s, &ctx)
    }

    /// Rules from `rhs` under `test`: a conditional on the state splits into
    /// its two branches; anything else is evaluated once.
    func configurationRules(_ rhs: SyntaxNode, _ test: StateTest, _ ctx: inout UpdateContext,
                            _ change: (CodeValue) -> ConfigurationUpdate.Change?, expect: () -> Expect = { .configuration }) {
        if rhs.kind == .ternary, rhs.children.count == 3, let t = stateTest(rhs.children[0], ctx) {
            configurationRules(rhs.children[1], test.and(t), &ctx, change, expect: expect)
            configurationRules(rhs.children[2], test.and(t.negated), &ctx, change, expect: expect)
            return
        }
        switch evaluator.eval(rhs, ctx.act.scope, expect()) {
        case .success(let v):
            if let c = change(v) { ctx.button.configurationUpdate.rules.append(.init(when: test, change: c)) }
            else { note(ctx.act.scope.path, rhs, "in \(ctx.what): not a value this field takes", ctx.button) }
        case .failure(let f):
            note(ctx.act.scope.path, rhs, "in \(ctx.what): \(f.reason)", ctx.button)
        }
    }

    /// A classic property assigned under a state test: a per-state style
    /// where the test names one state.
    func styleRules(_ keys: [String], _ rhs: SyntaxNode, _ test: StateTest, _ s: SyntaxNode, _ ctx: inout UpdateContext) {
        if rhs.kind == .ternary, rhs.children.count == 3, let t = stateTest(rhs.children[0], ctx) {
            styleRules(keys, rhs.children[1], test.and(t), s, &ctx)
            styleRules(keys, rhs.children[2], test.and(t.negated), s, &ctx)
            return
        }
        // The model draws a configured button from its configuration alone
        // (as UIKit ignores setTitleColor(_:for:) then); a per-state alpha
        // or background set beside it would be kept and never shown.
        if ctx.button.configuration != nil {
            note(ctx.act.scope.path, s, "in \(ctx.what): '\(keys.joined(separator: "."))' per state beside a configuration is not modelled "
                 + "(the button is drawn from its configuration)", ctx.button); return
        }
        guard let state = test.styleState else {
            note(ctx.act.scope.path, s, "in \(ctx.what): a look for a combination of states ButtonKit does not model", ctx.button); return
        }
        var a = ctx.act
        a.selfButton = ctx.button
        property(ctx.button, keys, rhs, state, a, statement: s)
    }

    // MARK: Names

    func isSubject(_ n: SyntaxNode, _ ctx: UpdateContext) -> Bool {
        guard n.kind == .identifier else { return false }
        return ctx.subject.map { n.text == $0 } ?? (n.text == "self")
    }

    /// `button.configuration`, `configuration` in an override, either `?? fallback`.
    func bindsConfiguration(_ e: SyntaxNode, _ ctx: inout UpdateContext) -> Bool {
        if e.kind == .binary, e.text == "??", e.children.count == 2, bindsConfiguration(e.children[0], &ctx) {
            if case .success(.configuration(let c)) = evaluator.eval(e.children[1], ctx.act.scope, .configuration) {
                ctx.button.configurationUpdate.fallback = c
            }
            return true
        }
        if e.kind == .memberAccess, e.text == "configuration", let base = e.children.first { return isSubject(base, ctx) }
        return ctx.subject == nil && e.kind == .identifier && e.text == "configuration"
    }

    /// The name an optional binding's condition binds (`var config = ...` → `config`).
    func boundName(_ condition: String) -> String? {
        var rest = Substring(condition)
        for lead in ["var ", "let "] where rest.hasPrefix(lead) { rest = rest.dropFirst(lead.count) }
        let name = rest.prefix { $0 != " " && $0 != "=" && $0 != ":" }
        return name.isEmpty || name.count == rest.count ? nil : String(name)
    }

    /// `button.state`, or `state` / `self.state` in an override.
    func isState(_ e: SyntaxNode, _ ctx: UpdateContext) -> Bool {
        if e.kind == .memberAccess, e.text == "state", let base = e.children.first { return isSubject(base, ctx) }
        return ctx.subject == nil && e.kind == .identifier && e.text == "state"
    }

    /// A state written as a value: `.highlighted`, `[.selected, .highlighted]`.
    func stateValue(_ e: SyntaxNode, _ ctx: UpdateContext) -> ControlState? {
        switch evaluator.eval(e, ctx.act.scope, .state) {
        case .success(.state(let x)): return x
        case .success(.array(let list)):
            var u: ControlState = []
            for x in list { guard case .state(let y) = x else { return nil }; u.formUnion(y) }
            return u
        default: return nil
        }
    }

    /// What a condition tests of the state, or nil when it tests something else.
    func stateTest(_ e: SyntaxNode, _ ctx: UpdateContext) -> StateTest? {
        func flag(_ name: String) -> StateTest? {
            switch name {
            case "isHighlighted": return .has(.highlighted)
            case "isSelected": return .has(.selected)
            case "isEnabled": return .not(.has(.disabled))
            case "isFocused": return .has(.focused)
            default: return nil
            }
        }
        switch e.kind {
        case .memberAccess:
            guard let base = e.children.first, isSubject(base, ctx) else { return nil }
            return flag(e.text)
        case .identifier:
            return ctx.subject == nil ? flag(e.text) : nil
        case .prefix where e.text == "!":
            return e.children.first.flatMap { stateTest($0, ctx) }?.negated
        case .binary where e.children.count == 2:
            let l = e.children[0], r = e.children[1]
            switch e.text {
            case "&&", "||":
                guard let a = stateTest(l, ctx), let b = stateTest(r, ctx) else { return nil }
                return e.text == "&&" ? .all([a, b]) : .any([a, b])
            case "==", "!=":
                let (st, other) = isState(l, ctx) ? (l, r) : (r, l)
                guard isState(st, ctx), let x = stateValue(other, ctx) else { return nil }
                return e.text == "==" ? .equals(x) : .not(.equals(x))
            default:
                return nil
            }
        case .call:
            // `button.state.contains(.highlighted)`
            guard let callee = e.children.first, callee.kind == .memberAccess, callee.text == "contains",
                  let base = callee.children.first, isState(base, ctx), e.children.count == 2,
                  let arg = e.children[1].children.first, let x = stateValue(arg, ctx) else { return nil }
            return .has(x)
        default:
            return nil
        }
    }
}

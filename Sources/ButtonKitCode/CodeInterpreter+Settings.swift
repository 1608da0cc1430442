import ButtonKit
import ButtonKitIB
import ButtonKitSwiftIR

/// What a statement says about a button: property assignments and method
/// calls, each evaluated and applied, or listed.
extension CodeInterpreter {
    /// Members whose effect is layout or rendering ButtonKit does not model
    /// at all (Auto Layout is not solved, as for Interface Builder files):
    /// skipped without a listing, as the contract's unresolved list is for
    /// what a button looks like and does.
    static let quietMembers: Set<String> = [
        "translatesAutoresizingMaskIntoConstraints", "autoresizingMask", "contentMode", "isExclusiveTouch",
        "isMultipleTouchEnabled", "sizeToFit", "layoutIfNeeded", "setNeedsLayout", "setNeedsDisplay",
        "setContentHuggingPriority", "setContentCompressionResistancePriority", "snp", "removeFromSuperview",
        "addConstraint", "addConstraints", "addSubview", "bringSubviewToFront", "sendSubviewToBack", "removeTarget",
        "layoutSubviews", "invalidateIntrinsicContentSize", "pointerStyleProvider", "isPointerInteractionEnabled",
        "setNeedsUpdateConfiguration", "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins",
        "widthAnchor", "heightAnchor", "topAnchor", "bottomAnchor", "leadingAnchor", "trailingAnchor", "centerXAnchor",
        "centerYAnchor", "imageView", "directionalLayoutMargins", "layoutMargins",
    ]

    /// Members ButtonKit keeps no value for but that change nothing it draws or checks.
    static let keptMembers: Set<String> = [
        "masksToBounds", "clipsToBounds", "cornerCurve", "showsMenuAsPrimaryAction", "menu", "setPreferredSymbolConfiguration",
        "isAccessibilityElement", "adjustsImageSizeForAccessibilityContentSizeCategory", "showsLargeContentViewer",
        "isSpringLoaded", "role", "preferredBehavioralStyle", "automaticallyUpdatesConfiguration",
    ]

    // MARK: Assignments

    func assign(_ s: SyntaxNode, _ act: inout Activation) {
        guard s.children.count == 2 else { return }
        let lhs = s.children[0], rhs = s.children[1]
        // `button = UIButton(...)`, `self.button = ...`: made by assignment.
        if s.text == "=", lhs.kind == .identifier || (lhs.kind == .memberAccess && lhs.children.first?.text == "self") {
            let name = lhs.text
            let isLocal = act.buttons[name] != nil || act.scope.values[name] != nil
            if act.selfButton == nil || lhs.kind == .memberAccess, button(lhs, act) == nil || !isLocal,
               rhs.kind == .call, let b = make(rhs, &act, name: name) {
                if isLocal { act.buttons[name] = b } else {
                    b.property = b.property ?? name
                    props[name] = b
                }
                return
            }
            // A local value (a configuration being built).
            if lhs.kind == .identifier, act.scope.values[name] != nil, case .success(let v) = evaluator.eval(rhs, act.scope) {
                act.scope.values[name] = v
                return
            }
        }
        // `config.title = "Pay"` on a local configuration.
        var path: [String] = []
        var root = lhs
        while root.kind == .memberAccess, let base = root.children.first {
            path.insert(root.text, at: 0)
            root = base
        }
        if root.kind == .identifier, case .configuration(var c)? = act.scope.values[root.text], !path.isEmpty {
            if let why = setConfigurationField(&c, path, rhs, act.scope) {
                note(act.scope.path, rhs, why.reason)
            }
            act.scope.values[root.text] = .configuration(c)
            return
        }
        var target = button(root, act)
        if target == nil, let sb = act.selfButton, root.kind == .identifier, act.buttons[root.text] == nil, act.scope.values[root.text] == nil,
           index.member(act.scope.selfType ?? "", root.text, kinds: [.variable]) == nil {
            // Inside the button's own code: `backgroundColor = .red` is `self.backgroundColor`.
            target = sb
            path.insert(root.text, at: 0)
        }
        guard let b = target, !path.isEmpty else { return }
        if s.text != "=" { note(act.scope.path, s, "'\(s.text)' on a button property is not evaluated", b); return }
        property(b, path, rhs, .normal, act, statement: s)
    }

    /// `button.<path> = rhs` for `state` (`.normal` but in a per-state override).
    func property(_ b: CodeButton, _ path: [String], _ rhs: SyntaxNode, _ state: ControlState, _ act: Activation, statement s: SyntaxNode) {
        let key = path.joined(separator: ".")
        func value(_ expect: Expect) -> CodeValue? {
            switch evaluator.eval(rhs, act.scope, expect) {
            case .success(let v): return v
            case .failure(let f): note(act.scope.path, rhs, f.reason, b); return nil
            }
        }
        func wrong(_ what: String) { note(act.scope.path, rhs, "not \(what)", b) }
        func ok() { b.resolved += 1 }
        func styleColor(_ p: StyleProperty) {
            guard let v = value(.color) else { return }
            if case .color(let c) = v { b.edit(state) { try? $0.setColor(p, c) }; ok() }
            else if case .nil_ = v { b.edit(state) { $0.remove(p) }; ok() } else { wrong("a colour") }
        }
        func styleNumber(_ p: StyleProperty) {
            guard let v = value(.number) else { return }
            guard case .number(let n) = v else { wrong("a number"); return }
            var failed = false
            b.edit(state) { st in do { try st.set(p, .number(n)) } catch { failed = true } }
            if failed { note(act.scope.path, rhs, "\(key) \(Format.number(n)) out of range", b) } else { ok() }
        }
        func flag(_ make: (Bool) -> ButtonSetting) {
            guard let v = value(.bool) else { return }
            guard case .bool(let x) = v else { wrong("true or false"); return }
            b.settings.append(make(x)); ok()
        }
        func text(_ make: (String?) -> ButtonSetting) {
            guard let v = value(.string) else { return }
            switch v {
            case .string(let t): b.settings.append(make(t)); ok()
            case .nil_: b.settings.append(make(nil)); ok()
            default: wrong("text")
            }
        }
        func insets(_ make: (ButtonInsets) -> ButtonSetting) {
            guard let v = value(.insets) else { return }
            guard case .insets(let t, let l, let bt, let r) = v, let i = try? ButtonInsets.make(top: t, left: l, bottom: bt, right: r) else {
                if case .number(0) = v { b.settings.append(make(.zero)); ok(); return }
                if case .member("zero") = v { b.settings.append(make(.zero)); ok(); return }
                wrong("insets"); return
            }
            b.settings.append(make(i)); ok()
        }
        if state != .normal && !["backgroundColor", "alpha", "layer.borderColor", "layer.borderWidth", "layer.cornerRadius", "tintColor"].contains(key) {
            note(act.scope.path, s, "'\(key)' per state is not modelled", b); return
        }
        switch key {
        case "backgroundColor": styleColor(.backgroundColor)
        case "layer.borderColor": styleColor(.borderColor)
        case "alpha": styleNumber(.alpha)
        case "layer.cornerRadius": styleNumber(.cornerRadius)
        case "layer.borderWidth": styleNumber(.borderWidth)
        case "tintColor":
            guard let v = value(.color) else { return }
            if case .color(let c) = v {
                if state == .normal { b.settings.append(.tintColor(c)); ok() } else { note(act.scope.path, s, "tintColor per state is not modelled", b) }
            } else if case .nil_ = v { b.settings.append(.tintColor(nil)); ok() } else { wrong("a colour") }
        case "titleLabel.font":
            guard let v = value(.font) else { return }
            if case .font(let f) = v { b.edit(.normal) { $0.font = f }; ok() } else { wrong("a font") }
        case "titleLabel.adjustsFontForContentSizeCategory": flag { .adjustsFontForContentSizeCategory($0) }
        case "isEnabled": flag { .enabled($0) }
        case "isSelected": flag { .selected($0) }
        case "isHidden": flag { .hidden($0) }
        case "isHighlighted": flag { .highlighted($0) }
        case "isUserInteractionEnabled": flag { .userInteractionEnabled($0) }
        case "changesSelectionAsPrimaryAction": flag { .changesSelectionAsPrimaryAction($0) }
        case "adjustsImageWhenHighlighted": flag { .adjustsImageWhenHighlighted($0) }
        case "adjustsImageWhenDisabled": flag { .adjustsImageWhenDisabled($0) }
        case "accessibilityLabel": text { .accessibilityLabel($0) }
        case "accessibilityHint": text { .accessibilityHint($0) }
        case "accessibilityValue": text { .accessibilityValue($0) }
        case "accessibilityIdentifier":
            guard let v = value(.string) else { return }
            if case .string(let t) = v { b.accessibilityID = t; ok() } else { wrong("text") }
        case "accessibilityTraits":
            guard let v = value(.any) else { return }
            var names: [String] = []
            switch v {
            case .array(let list): for x in list { if case .member(let n) = x { names.append(n) } }
            case .member(let n): names = [n]
            default: break
            }
            let traits = names.compactMap { AccessibilityTrait(rawValue: $0) }
            if traits.count == names.count && !names.isEmpty { b.settings.append(.accessibilityTraits(traits)); ok() } else { wrong("accessibility traits ButtonKit models") }
        case "contentEdgeInsets": insets { .contentEdgeInsets($0) }
        case "titleEdgeInsets": insets { .titleEdgeInsets($0) }
        case "imageEdgeInsets":
            guard let v = value(.insets) else { return }
            if case .insets(let t, let l, let bt, let r) = v { b.imageEdgeInsets = ButtonInsets(top: t, left: l, bottom: bt, right: r); ok() } else { wrong("insets") }
        case "frame":
            guard let v = value(.any) else { return }
            if case .rect(let r) = v, let checked = try? Rect.make(x: r.x, y: r.y, width: r.width, height: r.height) { b.frame = checked; ok() } else { wrong("a frame") }
        case "tag":
            guard let v = value(.number) else { return }
            if case .number(let n) = v, n == n.rounded(), abs(n) < 1e15 { b.settings.append(.tag(Int(n))); ok() } else { wrong("an integer") }
        case "semanticContentAttribute":
            guard let v = value(.any) else { return }
            if case .member(let n) = v, let a = SemanticContentAttribute(rawValue: n) { b.settings.append(.semanticContentAttribute(a)); ok() } else { wrong("a semantic content attribute") }
        case "configuration":
            setConfiguration(b, rhs, act)
        case "configurationUpdateHandler":
            configurationHandler(b, rhs, act, statement: s)
        default:
            if path.count >= 2, path[0] == "configuration" {
                var c = b.configuration ?? ButtonConfiguration(style: .plain)
                if let why = setConfigurationField(&c, Array(path.dropFirst()), rhs, act.scope) {
                    note(act.scope.path, rhs, why.reason, b)
                } else {
                    b.configuration = c; b.hasConfiguration = true; ok()
                }
                return
            }
            if let last = path.last, CodeInterpreter.quietMembers.contains(path[0]) || CodeInterpreter.quietMembers.contains(last) { return }
            if let last = path.last, CodeInterpreter.keptMembers.contains(last) { ok(); return }
            note(act.scope.path, s, "'\(key)' is not modelled", b)
        }
    }

    func setConfiguration(_ b: CodeButton, _ v: SyntaxNode, _ act: Activation) {
        switch evaluator.eval(v, act.scope, .configuration) {
        case .success(.configuration(let c)): b.configuration = c; b.hasConfiguration = true; b.resolved += 1
        case .success(.nil_): b.configuration = nil; b.hasConfiguration = true; b.resolved += 1
        case .failure(let f): note(act.scope.path, v, f.reason, b)
        default: note(act.scope.path, v, "not a button configuration", b)
        }
    }

    /// One field of a configuration (`title`, `baseBackgroundColor`,
    /// `background.cornerRadius`...); nil when set, else why not.
    func setConfigurationField(_ c: inout ButtonConfiguration, _ path: [String], _ rhs: SyntaxNode, _ scope: Scope) -> EvalFailure? {
        let key = path.joined(separator: ".")
        if key == "attributedTitle" { return attributedConfigurationTitle(&c, rhs, scope) }
        switch evaluator.eval(rhs, scope, ConfigurationUpdate.expect(key)) {
        case .success(let v): return ConfigurationUpdate.set(&c, key, v).map { EvalFailure(node: rhs, reason: $0) }
        case .failure(let f): return f
        }
    }

    /// `config.attributedTitle = AttributedString(text, attributes: .init([.font: f]))`:
    /// the configuration's title and title font (mastodon-ios's welcome
    /// buttons); another attribute is listed, as is text computed at run time.
    func attributedConfigurationTitle(_ c: inout ButtonConfiguration, _ rhs: SyntaxNode, _ scope: Scope) -> EvalFailure? {
        guard rhs.kind == .call, let callee = rhs.children.first, callee.kind == .identifier, callee.text == "AttributedString",
              let text = rhs.children.dropFirst().first(where: { $0.text == "" })?.children.first else {
            return EvalFailure(node: rhs, reason: "an attributed title ButtonKit cannot evaluate")
        }
        guard case .success(.string(let t)) = evaluator.eval(text, scope, .string) else {
            return EvalFailure(node: text, reason: "attributed text computed at run time")
        }
        var font: Font?
        if let attrs = rhs.children.first(where: { $0.text == "attributes" })?.children.first {
            // `.init([...])` or `AttributeContainer([...])`: the dictionary inside.
            var dict = attrs
            if dict.kind == .call, let inner = dict.children.dropFirst().first?.children.first { dict = inner }
            guard dict.kind == .dictionaryLiteral else { return EvalFailure(node: attrs, reason: "text attributes ButtonKit cannot evaluate") }
            for pair in dict.children where pair.children.count == 2 {
                guard pair.children[0].text == "font" else {
                    return EvalFailure(node: pair.children[0], reason: "text attribute '\(pair.children[0].text)' not modelled")
                }
                guard case .success(.font(let f)) = evaluator.eval(pair.children[1], scope, .font) else {
                    return EvalFailure(node: pair.children[1], reason: "an attributed title font ButtonKit cannot evaluate")
                }
                font = f
            }
        }
        c.title = t
        if let f = font { c.titleFont = f }
        return nil
    }

    func primaryAction(_ b: CodeButton, _ v: SyntaxNode, _ act: Activation) {
        switch evaluator.eval(v, act.scope) {
        case .success(.action(let title, let image, let position)):
            if let t = title { b.edit(.normal) { $0.title = t } }
            if let i = image { b.edit(.normal) { $0.image = i } }
            b.actions.append(IBAction(selector: position, event: .primaryActionTriggered, destination: owner))
            b.resolved += 1
        case .success(.nil_): break
        case .failure(let f): note(act.scope.path, v, f.reason, b)
        default: note(act.scope.path, v, "not a UIAction", b)
        }
    }

    func applyImage(_ b: CodeButton, _ v: SyntaxNode, _ state: ControlState, _ act: Activation, background: Bool = false) {
        switch evaluator.eval(v, act.scope, .image) {
        case .success(.image(let n, _)):
            b.edit(state) { if background { $0.backgroundImage = n } else { $0.image = n } }
            b.resolved += 1
        case .success(.nil_): b.resolved += 1
        case .failure(let f): note(act.scope.path, v, f.reason, b)
        default: note(act.scope.path, v, "not an image", b)
        }
    }

    // MARK: Calls

    func call(_ s: SyntaxNode, _ act: inout Activation) {
        guard let callee = s.children.first else { return }
        let args = Array(s.children.dropFirst())
        if callee.kind == .memberAccess, let base = callee.children.first {
            // `[a, b].forEach { $0... }`, `buttons.forEach { ... }` on a local list of buttons.
            if callee.text == "forEach", let c = args.first?.children.first, c.kind == .closure,
               base.kind == .arrayLiteral || (base.kind == .identifier && act.buttonLists[base.text] != nil) {
                if let list = buttonList(base, act) {
                    for b in list { runClosure(c, with: b, &act) }
                } else if let b = touched(base, act) {
                    note(act.scope.path, s, "a loop over values ButtonKit cannot list", b)
                }
                return
            }
            if let b = button(base, act) { method(b, callee.text, s, args, &act); return }
            if base.kind == .identifier && base.text == "super" { return }
            // `addSubview(makeButton())`, `stack.addArrangedSubview(UIButton(...))`: a button made in the call.
            if callee.text == "addSubview" || callee.text == "addArrangedSubview" || callee.text == "insertSubview" {
                if let a = args.first?.children.first, button(a, act) == nil { _ = make(a, &act, name: nil) }
                return
            }
            if base.kind == .identifier && base.text == "self" { selfCall(callee.text, s, &act); return }
            // `button.layer.setX(...)`, `button.titleLabel?.setY(...)`: members of a button's parts.
            var root = base
            while root.kind == .memberAccess, let r = root.children.first { root = r }
            if let b = button(root, act) {
                if CodeInterpreter.quietMembers.contains(callee.text) || CodeInterpreter.quietMembers.contains(base.text) { return }
                note(act.scope.path, s, "'\(SourceText.of(callee))' is not modelled", b)
            }
            return
        }
        if callee.kind == .identifier {
            if let sb = act.selfButton, index.functions(act.scope.selfType ?? "", callee.text).isEmpty {
                // A UIButton method called on the button's own self (`setTitle(...)` in a subclass).
                method(sb, callee.text, s, args, &act)
                return
            }
            if callee.text == "addSubview" || callee.text == "addArrangedSubview" {
                if let a = args.first?.children.first, button(a, act) == nil { _ = make(a, &act, name: nil) }
                return
            }
            selfCall(callee.text, s, &act)
        }
    }

    /// A method of the type the code runs in (`setUpButtons()`), followed to
    /// a depth of 3 with its parameters bound; else a global function.
    func selfCall(_ name: String, _ s: SyntaxNode, _ act: inout Activation) {
        guard act.depth < CodeInterpreter.maxDepth else {
            if let b = touched(s, act) { note(act.scope.path, s, "set-up methods followed to a depth of \(CodeInterpreter.maxDepth) only", b) }
            return
        }
        let candidates = act.scope.selfType.map { index.functions($0, name) } ?? []
        let f = candidates.first ?? index.functions[name]
        guard let (fn, path) = f.map({ ($0.node, $0.path) }) else {
            if let b = touched(s, act) { note(act.scope.path, s, "a call ButtonKit does not follow", b) }
            return
        }
        var inner = Activation(path: path, selfType: candidates.isEmpty ? nil : act.scope.selfType, selfButton: act.selfButton, depth: act.depth + 1)
        bind(fn, s, act, into: &inner)
        if let body = fn.first(.body) { run(body.children, &inner) }
    }

    func state(_ n: SyntaxNode?, _ act: Activation, _ b: CodeButton) -> ControlState? {
        guard let n else { return .normal }
        switch evaluator.eval(n, act.scope, .state) {
        case .success(.state(let s)): return s
        case .success(.array(let list)):
            var s: ControlState = []
            for x in list { guard case .state(let y) = x else { note(act.scope.path, n, "not a control state", b); return nil }; s.formUnion(y) }
            return s
        case .success(.member(let m)) where m == "init": return .normal
        case .failure(let f): note(act.scope.path, n, f.reason, b); return nil
        default: note(act.scope.path, n, "not a control state", b); return nil
        }
    }

    func method(_ b: CodeButton, _ name: String, _ s: SyntaxNode, _ args: [SyntaxNode], _ act: inout Activation) {
        func arg(_ label: String) -> SyntaxNode? { args.first { $0.text == label }?.children.first }
        let first = args.first?.children.first
        switch name {
        case "setTitle", "setTitleColor", "setTitleShadowColor", "setImage", "setBackgroundImage", "setAttributedTitle":
            guard let v = first, let st = state(arg("for"), act, b) else { return }
            if st == .normal && (name == "setTitle" || name == "setAttributedTitle") { b.titleTried = true }
            if st == .normal && name == "setTitleColor" { b.titleColorTried = true }
            switch name {
            case "setTitle":
                switch evaluator.eval(v, act.scope, .string) {
                case .success(.string(let t)): b.edit(st) { $0.title = t }; b.resolved += 1
                case .success(.nil_): b.edit(st) { $0.remove(.title) }; b.resolved += 1
                case .failure(let f): note(act.scope.path, v, f.reason, b)
                default: note(act.scope.path, v, "not text", b)
                }
            case "setTitleColor", "setTitleShadowColor":
                switch evaluator.eval(v, act.scope, .color) {
                case .success(.color(let c)):
                    if name == "setTitleColor" { b.edit(st) { try? $0.setColor(.titleColor, c) } } else { b.shadows[st.description] = c }
                    b.resolved += 1
                case .success(.nil_): b.resolved += 1
                case .failure(let f): note(act.scope.path, v, f.reason, b)
                default: note(act.scope.path, v, "not a colour", b)
                }
            case "setAttributedTitle":
                attributedTitle(b, v, st, act)
            default:
                applyImage(b, v, st, act, background: name == "setBackgroundImage")
            }
        case "addTarget":
            guard let a = arg("action"), let e = arg("for") else { return }
            let sel = evaluator.eval(a, act.scope)
            let ev = evaluator.eval(e, act.scope, .event)
            if case .success(.selector(let sn)) = sel, case .success(.event(let event)) = ev {
                b.actions.append(IBAction(selector: sn, event: event, destination: owner)); b.resolved += 1
            } else if case .success(.selector(let sn)) = sel, case .success(.array(let evs)) = ev {
                for x in evs { if case .event(let event) = x { b.actions.append(IBAction(selector: sn, event: event, destination: owner)) } }
                b.resolved += 1
            } else {
                note(act.scope.path, s, "a target or event ButtonKit cannot evaluate", b)
            }
        case "addAction":
            guard let a = first else { return }
            let ev = arg("for").map { evaluator.eval($0, act.scope, .event) } ?? .success(.event(.primaryActionTriggered))
            switch (evaluator.eval(a, act.scope), ev) {
            case (.success(.action(_, _, let position)), .success(.event(let event))):
                b.actions.append(IBAction(selector: position, event: event, destination: owner)); b.resolved += 1
            default: note(act.scope.path, s, "an action ButtonKit cannot evaluate", b)
            }
        default:
            if let helper = backgroundColorHelper(name) {
                guard let c = args.first(where: { $0.text == helper.colorLabel })?.children.first,
                      let st = state(args.first(where: { $0.text == helper.stateLabel })?.children.first, act, b) else { return }
                switch evaluator.eval(c, act.scope, .color) {
                case .success(.color(let col)): b.edit(st) { try? $0.setColor(.backgroundColor, col) }; b.resolved += 1
                case .failure(let f): note(act.scope.path, c, f.reason, b)
                default: note(act.scope.path, c, "not a colour", b)
                }
                return
            }
            if CodeInterpreter.quietMembers.contains(name) { return }
            if CodeInterpreter.keptMembers.contains(name) { b.resolved += 1; return }
            // The app's own method on its button subclass or a UIButton extension: followed like a set-up method.
            let owners = [b.subclass, "UIButton"].compactMap { $0 }
            if let fn = owners.lazy.compactMap({ self.index.functions($0, name).first }).first, act.depth < CodeInterpreter.maxDepth {
                var inner = Activation(path: fn.path, selfType: b.subclass ?? "UIButton", selfButton: b, depth: act.depth + 1)
                bind(fn.node, s, act, into: &inner)
                if let body = fn.node.first(.body) { run(body.children, &inner) }
                return
            }
            note(act.scope.path, s, "method '\(name)' is not modelled", b)
        }
    }

    /// `NSAttributedString(string:attributes:)`: its text and, from the
    /// attributes, its colour and font.
    func attributedTitle(_ b: CodeButton, _ v: SyntaxNode, _ st: ControlState, _ act: Activation) {
        guard v.kind == .call, let callee = v.children.first, ["NSAttributedString", "NSMutableAttributedString"].contains(callee.text),
              let s = v.children.first(where: { $0.text == "string" })?.children.first else {
            note(act.scope.path, v, "an attributed string ButtonKit cannot evaluate", b); return
        }
        guard case .success(.string(let text)) = evaluator.eval(s, act.scope, .string) else {
            note(act.scope.path, s, "attributed text computed at run time", b); return
        }
        var run = AttributedRun(text: text)
        if let attrs = v.children.first(where: { $0.text == "attributes" })?.children.first, attrs.kind == .dictionaryLiteral {
            for pair in attrs.children where pair.children.count == 2 {
                let key = pair.children[0].text
                switch key {
                case "foregroundColor":
                    if case .success(.color(let c)) = evaluator.eval(pair.children[1], act.scope, .color) { run.color = c.resolve(.default) }
                    else { note(act.scope.path, pair.children[1], "an attributed title colour ButtonKit cannot evaluate", b) }
                case "font":
                    if case .success(.font(let f)) = evaluator.eval(pair.children[1], act.scope, .font) { run.font = f }
                    else { note(act.scope.path, pair.children[1], "an attributed title font ButtonKit cannot evaluate", b) }
                default:
                    note(act.scope.path, pair.children[0], "text attribute '\(key)' not modelled", b)
                }
            }
        }
        b.edit(st) { $0.attributedTitle = [run] }
        b.resolved += 1
    }

    /// A UIButton extension method that sets a background image made from a
    /// colour for a state (seed 003's `setBackgroundColor(_:for:)`),
    /// recognised by its body: a `setBackgroundImage` call and a colour
    /// parameter and a state parameter. Its labels, or nil.
    func backgroundColorHelper(_ name: String) -> (colorLabel: String, stateLabel: String)? {
        for (f, _) in index.functions("UIButton", name) {
            let params = f.all(.parameter)
            guard let c = params.first(where: { ($0.first(.typeAnnotation)?.text ?? "").hasSuffix("UIColor") || $0.first(.typeAnnotation)?.text == "UIColor?" }),
                  let s = params.first(where: { ($0.first(.typeAnnotation)?.text ?? "").contains("State") }),
                  Evaluator.contains(f, call: "setBackgroundImage") else { continue }
            return (c.text == "_" ? "" : c.text, s.text == "_" ? "" : s.text)
        }
        return nil
    }

    // MARK: Per-state overrides

    /// `override var isHighlighted: Bool { didSet { backgroundColor = isHighlighted ? a : b } }`
    /// (or an `if isHighlighted { } else { }`): per-state styles.
    func perStateOverride(_ m: SyntaxNode, path: String, type: String, _ b: CodeButton) {
        let on: ControlState, off: ControlState
        switch m.text {
        case "isHighlighted": on = .highlighted; off = .normal
        case "isSelected": on = .selected; off = .normal
        case "isEnabled": on = .normal; off = .disabled
        default: return
        }
        guard let didSet = m.children.first(where: { $0.kind == .accessor && ($0.text == "didSet" || $0.text == "willSet") }) else { return }
        let act = Activation(path: path, selfType: type, selfButton: b)
        func isFlag(_ n: SyntaxNode) -> Bool {
            (n.kind == .identifier && n.text == m.text) || (n.kind == .memberAccess && n.text == m.text && n.children.first?.text == "self")
        }
        func assignFor(_ s: SyntaxNode, _ st: ControlState) {
            guard s.kind == .assign, s.text == "=", s.children.count == 2 else {
                note(path, s, "a statement in a per-state override that is not an assignment", b); return
            }
            var p: [String] = []
            var root = s.children[0]
            while root.kind == .memberAccess, let base = root.children.first { p.insert(root.text, at: 0); root = base }
            if root.kind == .identifier && root.text != "self" { p.insert(root.text, at: 0) }
            guard !p.isEmpty else { return }
            property(b, p, s.children[1], st, act, statement: s)
        }
        for s in didSet.children {
            if s.kind == .assign, s.children.count == 2, s.children[1].kind == .ternary, s.children[1].children.count == 3, isFlag(s.children[1].children[0]) {
                let t = s.children[1]
                assignFor(SyntaxNode(.assign, "=", line: s.line, column: s.column, children: [s.children[0], t.children[1]]), on)
                assignFor(SyntaxNode(.assign, "=", line: s.line, column: s.column, children: [s.children[0], t.children[2]]), off)
            } else if s.kind == .ifStmt, let c = s.first(.condition), let ce = c.children.first {
                let negated = ce.kind == .prefix && ce.text == "!" && ce.children.first.map(isFlag) == true
                guard isFlag(ce) || negated else { note(path, s, "a condition on something other than \(m.text)", b); continue }
                let bodies = s.all(.body)
                for x in bodies.first?.children ?? [] { assignFor(x, negated ? off : on) }
                if bodies.count > 1 { for x in bodies[1].children { assignFor(x, negated ? on : off) } }
            } else if s.kind == .call, s.children.first?.text == m.text || s.children.first?.children.first?.text == "super" {
                continue
            } else {
                note(path, s, "a statement in a per-state override that is not an assignment on \(m.text)", b)
            }
        }
    }
}

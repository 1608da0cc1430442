import ButtonKit
import ButtonKitIB
import ButtonKitSwiftIR

/// Finds the controls of SwiftUI views: one screen per `View` type with a
/// `body`, its controls in body order. Walks the body's view expressions:
/// a modifier (`base.name(...)`) adds itself to what reaches `base`;
/// a container (`VStack { }`, `List { }`, any call with a closure) is walked
/// into; a helper of the same view (a computed property or `@ViewBuilder`
/// function) is walked where it is used, to a depth of 3; `if`/`switch`
/// branches are all walked (which one shows is decided at run time).
/// Another view type of the app is its own screen and is not inlined.
final class SwiftUIReader {
    let index: CodeIndex
    let values: SwiftUIValues
    private(set) var unresolved: [SourceIssue] = []
    private var owner = ""
    /// The branches the walk is in now (see `branch`).
    private var choices: [Alternatives.Choice] = []
    private var found: [SwiftUIControl] = []
    /// The view's stored properties a preview gives values (`Card(title: "Hi")`).
    private var bindings: [String: CodeValue] = [:]
    /// Reading a preview's own content: an app view it makes is inlined.
    private var inPreview = false
    /// Reading a preview: its values are already listed at the view, so
    /// what is not evaluated is counted on the control and not listed again.
    private var quiet = false
    /// How deep a label is read through app views and helpers.
    private var labelDepth = 0
    static let helperDepth = 3

    static let controls: Set<String> = ["Button", "Toggle", "Link", "Menu", "ShareLink", "NavigationLink"]

    init(index: CodeIndex, evaluator: Evaluator) {
        self.index = index
        self.values = SwiftUIValues(evaluator: evaluator)
    }

    func note(_ path: String, _ n: SyntaxNode, _ reason: String, _ c: SwiftUIControl? = nil) {
        c?.unresolved += 1
        guard !quiet else { return }
        unresolved.append(SourceIssue(path: path, line: Int(n.line), column: Int(n.column), expression: SourceText.of(n), reason: reason))
    }

    /// Whether `t` is a SwiftUI view: a struct or class with a `body` that
    /// is `some View` (`var body: some View`, or a body function of the
    /// app's own view protocol, `func body(props:) -> some View`), or a
    /// `body` of a type conforming to `View`.
    func isView(_ t: TypeDecl) -> Bool {
        guard t.kind == .structDecl || t.kind == .classDecl else { return false }
        return body(of: t) != nil
    }

    func body(of t: TypeDecl) -> (node: SyntaxNode, path: String)? {
        let conforms = t.inherits.contains { let n = CodeIndex.plainTypeName($0); return n == "View" || n == "SwiftUI.View" }
        return t.members.first { m in
            guard m.node.text == "body", m.node.kind == .variable || m.node.kind == .function else { return false }
            let type = m.node.first(.typeAnnotation)?.text ?? ""
            return (type.hasSuffix("View") || type.hasSuffix("ToolbarContent")) && (conforms || type.hasPrefix("some"))
        }
    }

    /// The controls of view `t`'s body, in order.
    func read(_ t: TypeDecl) -> [SwiftUIControl] {
        owner = t.name
        found = []
        guard let body = body(of: t) else { return [] }
        walkDecl(body.node, path: body.path, inherited: [], depth: 0)
        return found
    }

    /// The controls a preview shows: `#Preview { Card(title: "Hi") }`'s
    /// closure or a `PreviewProvider`'s `previews` (`content`, in the
    /// provider `selfType`). Each app view it makes is read with the
    /// arguments it is given bound to the view's properties of those
    /// names (the memberwise initialiser's labels); what an argument does
    /// not evaluate to stays as at the view.
    func readPreview(_ content: SyntaxNode, path: String, selfType: String?) -> [SwiftUIControl] {
        owner = selfType ?? ""
        found = []
        bindings = [:]
        inPreview = true; quiet = true
        defer { inPreview = false; quiet = false; bindings = [:] }
        walkDecl(content, path: path, inherited: [], depth: 0)
        return found
    }

    /// An app view made in a preview, read in place with its arguments.
    private func inline(_ t: TypeDecl, _ e: SyntaxNode, path: String, _ inherited: [(node: SyntaxNode, path: String)]) {
        guard let body = body(of: t) else { return }
        var scope = Scope(path: path, selfType: owner.isEmpty ? nil : owner)
        scope.values = bindings
        let bound = arguments(e, of: t.name, scope)
        let saved = (owner, bindings)
        owner = t.name; bindings = bound; inPreview = false
        defer { (owner, bindings) = saved; inPreview = true }
        walkDecl(body.node, path: body.path, inherited: inherited, depth: 0)
    }

    /// The arguments of `View(a: x, b: y)` that evaluate, by the view's
    /// properties of those names (its memberwise initialiser's labels).
    func arguments(_ e: SyntaxNode, of type: String, _ scope: Scope) -> [String: CodeValue] {
        var bound: [String: CodeValue] = [:]
        for a in e.children.dropFirst() where !a.text.isEmpty && !a.has(.isTrailing) {
            guard var v = a.children.first, let property = index.member(type, a.text, kinds: [.variable]) else { continue }
            // `.constant(true)` for a `@Binding`.
            if v.kind == .call, let callee = v.children.first, callee.kind == .memberAccess, callee.text == "constant",
               let inner = v.children.dropFirst().first?.children.first { v = inner }
            // A SwiftUI colour (`.orange` is `systemOrange`, not UIKit's orange) where the property holds one.
            let type = property.node.first(.typeAnnotation)?.text ?? ""
            if let s = localizedKey(v, type: type) { bound[a.text] = .string(s) }
            else if type.contains("Color") || type.contains("ShapeStyle"), case .success(let c) = values.color(v, scope) { bound[a.text] = .color(c) }
            else if case .success(let value) = values.evaluator.eval(v, scope, .any) { bound[a.text] = value }
            else if case .success(let c) = values.color(v, scope) { bound[a.text] = .color(c) }
        }
        return bound
    }

    /// A string literal given where a `LocalizedStringKey` is taken: the
    /// table's string, as SwiftUI looks it up.
    func localizedKey(_ v: SyntaxNode, type: String?) -> String? {
        guard let type, type.hasSuffix("LocalizedStringKey"), v.kind == .stringLiteral, !v.has(.isInterpolated) else { return nil }
        return index.strings[v.text] ?? v.text
    }

    /// The parameters of a helper function `f` that `call` gives evaluated
    /// arguments (by label; `_` for an unlabelled one), by their inner names.
    func parameters(_ f: SyntaxNode, _ call: SyntaxNode, _ scope: Scope) -> [String: CodeValue] {
        var bound: [String: CodeValue] = [:]
        let args = call.children.dropFirst().filter { !$0.has(.isTrailing) }
        var unlabelled = args.filter { $0.text.isEmpty }.makeIterator()
        for p in f.all(.parameter) {
            let label = p.text == "_" ? nil : p.text
            guard let a = label.map({ l in args.first { $0.text == l } }) ?? unlabelled.next(), let v = a.children.first,
                  let inner = p.first(.identifier)?.text else { continue }
            if let s = localizedKey(v, type: p.first(.typeAnnotation)?.text) { bound[inner] = .string(s) }
            else if case .success(let value) = values.evaluator.eval(v, scope, .any) { bound[inner] = value }
        }
        return bound
    }

    /// A label made by another view of the app (`MovieRow(movie: m)`) or by
    /// a helper of the view (`makeLabel(action)`, `var label: some View`):
    /// read through, its arguments bound, to a depth of 3. What that view's
    /// own modifiers do stays with it (they are not this control's).
    private func labelThrough(_ decl: SyntaxNode, declPath: String, selfType: String?, bound: [String: CodeValue], _ c: SwiftUIControl) {
        guard labelDepth < SwiftUIReader.helperDepth else { return }
        labelDepth += 1
        let keep = c.labelModifiers.count
        defer { labelDepth -= 1; c.labelModifiers.removeSubrange(keep...) }
        // What the label view holds besides its title and image (shapes,
        // images loaded at run time) is its own business: one note at the
        // use says when nothing was found.
        let wasQuiet = quiet
        quiet = true
        defer { quiet = wasQuiet }
        var scope = Scope(path: declPath, selfType: selfType)
        scope.values = bound
        var stmts: [SyntaxNode] = []
        if let i = decl.first(.initializer)?.children.first { stmts = [i] }
        for a in decl.all(.accessor) where a.text == "get" { stmts += a.children }
        if let b = decl.first(.body) { stmts += b.children }
        for st in stmts { readLabel(st, c, path: declPath, scope: scope, mods: []) }
    }

    /// A computed property or function: its getter's or body's statements.
    private func walkDecl(_ d: SyntaxNode, path: String, inherited: [(node: SyntaxNode, path: String)], depth: Int) {
        if let i = d.first(.initializer)?.children.first { walk(i, path: path, inherited, depth: depth); return }
        for a in d.all(.accessor) where a.text == "get" { walkStatements(a.children, path: path, inherited, depth: depth) }
        if let b = d.first(.body) { walkStatements(b.children, path: path, inherited, depth: depth) }
    }

    private func walkStatements(_ stmts: [SyntaxNode], path: String, _ inherited: [(node: SyntaxNode, path: String)], depth: Int) {
        for s in stmts { walk(s, path: path, inherited, depth: depth) }
    }

    /// Walks `body` as branch `branch` of the alternatives at `point` (an
    /// `if`, a `switch`, a `ViewThatFits`, an `#if`): the controls found
    /// there never show with those of another branch (`Alternatives`).
    private func branch(_ point: SyntaxNode, _ branch: Int, path: String, _ body: () -> Void) {
        choices.append(Alternatives.Choice(point: "\(path):\(point.line):\(point.column)", branch: branch))
        body()
        choices.removeLast()
    }

    private func walk(_ e: SyntaxNode, path: String, _ inherited: [(node: SyntaxNode, path: String)], depth: Int) {
        switch e.kind {
        case .returnStmt, .body, .closure, .ifConfigClause, .otherStmt:
            for c in e.children { walk(c, path: path, inherited, depth: depth) }
        case .ifConfig:
            for (i, c) in e.children.enumerated() { branch(e, i, path: path) { walk(c, path: path, inherited, depth: depth) } }
        case .ifStmt:
            for (i, c) in e.children.filter({ $0.kind != .condition }).enumerated() {
                branch(e, i, path: path) { walk(c, path: path, inherited, depth: depth) }
            }
        case .guardStmt:
            for c in e.children where c.kind != .condition { walk(c, path: path, inherited, depth: depth) }
        case .switchStmt:
            for (i, c) in e.children.dropFirst().enumerated() {
                if let b = c.first(.body) { branch(e, i, path: path) { walk(b, path: path, inherited, depth: depth) } }
            }
        case .identifier:
            helper(e.text, e, path: path, inherited, depth: depth, call: nil)
        case .memberAccess where e.children.first?.text == "self":
            helper(e.text, e, path: path, inherited, depth: depth, call: nil)
        case .call:
            call(e, path: path, inherited, depth: depth)
        case .ternary where e.children.count == 3:
            branch(e, 0, path: path) { walk(e.children[1], path: path, inherited, depth: depth) }
            branch(e, 1, path: path) { walk(e.children[2], path: path, inherited, depth: depth) }
        default:
            break
        }
    }

    /// A helper of the view used in its body (`footer`, `actionButton(...)`).
    private func helper(_ name: String, _ use: SyntaxNode, path: String, _ inherited: [(node: SyntaxNode, path: String)], depth: Int, call: SyntaxNode?) {
        guard depth < SwiftUIReader.helperDepth else { return }
        let kinds: Set<NodeKind> = call == nil ? [.variable] : [.function]
        guard let m = index.member(owner, name, kinds: kinds) else { return }
        walkDecl(m.node, path: m.path, inherited: inherited, depth: depth + 1)
    }

    private func call(_ e: SyntaxNode, path: String, _ inherited: [(node: SyntaxNode, path: String)], depth: Int) {
        guard let callee = e.children.first else { return }
        let args = Array(e.children.dropFirst())
        switch callee.kind {
        case .memberAccess:
            if let base = callee.children.first, !(base.kind == .identifier && base.text == "self") {
                // A modifier: `base.name(args)`. Content it holds in closures
                // (a toolbar, a sheet, an overlay) is walked with what
                // reaches the modified view; the modified view gets it too.
                let name = callee.text
                walk(base, path: path, inherited + [(e, path)], depth: depth)
                // Views given as arguments (`navigationBarItems(trailing: Button(...))`,
                // `toolbar { }`, `overlay(helper)`).
                // A context menu's, an alert's, a dialog's and swipe actions'
                // buttons are listed too (no position: they show in their own
                // presentation), with the modifiers that reach the view.
                _ = name
                for a in args { if let c = a.children.first, [.closure, .call, .identifier].contains(c.kind) { walk(c, path: path, inherited, depth: depth) } }
                return
            }
            helper(callee.text, e, path: path, inherited, depth: depth, call: e)
        case .identifier:
            let name = CodeIndex.plainTypeName(callee.text)
            if SwiftUIReader.controls.contains(name) { control(name, e, path: path, inherited); return }
            if inPreview, let t = index.types[name], isView(t) { inline(t, e, path: path, inherited); return }
            // Another view of the app is its own screen; content this view
            // hands it in closures (`SectionView(content: { ... })`) is this view's.
            if index.types[name] == nil, index.member(owner, name, kinds: [.function]) != nil {
                helper(name, e, path: path, inherited, depth: depth, call: e); return
            }
            // ViewThatFits shows the first of its views that fits: each is an alternative.
            if name == "ViewThatFits" {
                for a in args {
                    guard let c = a.children.first, c.kind == .closure, let body = c.first(.body) else { continue }
                    for (i, v) in body.children.enumerated() { branch(e, i, path: path) { walk(v, path: path, inherited, depth: depth) } }
                }
                return
            }
            // A container: walk its closures (content, sections' headers...).
            for a in args { if let c = a.children.first, c.kind == .closure { walk(c, path: path, inherited, depth: depth) } }
        default:
            break
        }
    }

    // MARK: Controls

    private func control(_ name: String, _ e: SyntaxNode, path: String, _ inherited: [(node: SyntaxNode, path: String)]) {
        let kind: String
        switch name {
        case "Button": kind = "button"
        case "Toggle": kind = "toggle"
        case "Link": kind = "link"
        case "Menu": kind = "menu"
        case "NavigationLink": kind = "navigationLink"
        default: kind = "shareLink"
        }
        // A Toggle is a button only in the button style (the innermost `toggleStyle` wins).
        if kind == "toggle" {
            let last = inherited.last { $0.node.children.first?.text == "toggleStyle" }?.node
            let style = last?.children.dropFirst().first?.children.first
            guard let style, style.kind == .memberAccess, style.text == "button" else { return }
        }
        let c = SwiftUIControl(kind: kind, owner: owner, source: SourceLocation(path: path, line: Int(e.line), column: Int(e.column)))
        c.modifiers = inherited
        c.bindings = bindings
        c.alternatives = Alternatives(choices)
        var scope = Scope(path: path, selfType: owner)
        scope.values = bindings
        let args = Array(e.children.dropFirst())
        func arg(_ l: String) -> SyntaxNode? { args.first { $0.text == l && !$0.has(.isTrailing) }?.children.first }
        let first = args.first { $0.text == "" && !$0.has(.isTrailing) }?.children.first
        let trailing = args.filter { $0.has(.isTrailing) }
        let plainTrailing = trailing.first { $0.text == "" }?.children.first
        let labelNode = arg("label") ?? trailing.first { $0.text == "label" }?.children.first

        // The title: `Button("Title")`, a `LocalizedStringKey`, a `String`.
        if let t = first ?? arg("titleKey") {
            c.titleTried = true
            c.title = title(t, scope, c, path: path)
        }
        if let s = arg("systemImage") ?? arg("image") {
            c.imageIsSymbol = arg("systemImage") != nil
            c.image = image(s, scope, c, path: path)
        }
        if let r = arg("role") {
            if r.kind == .memberAccess, r.children.isEmpty, ["destructive", "cancel"].contains(r.text) { c.role = r.text; c.resolved += 1 }
            else { note(path, r, "a role computed at run time", c) }
        }
        // The action: `action:`, or the first trailing closure of the title forms.
        let actionNode: SyntaxNode?
        switch kind {
        case "button": actionNode = arg("action") ?? (labelNode != nil || first != nil ? plainTrailing : nil) ?? plainTrailing
        case "menu": actionNode = arg("primaryAction")
        case "link": actionNode = arg("destination")
        case "shareLink": actionNode = arg("item")
        case "navigationLink":
            // `destination:` (a view, or a closure in the trailing form
            // `NavigationLink { Detail() } label: { ... }`), else `value:`
            // (the app's `navigationDestination` decides at run time).
            // `NavigationLink("Title") { Detail() }` is the title and destination form.
            let dest = arg("destination") ?? (labelNode != nil || (first != nil && arg("value") == nil) ? plainTrailing : nil)
            if let d = dest { c.destination = SwiftUIReader.viewType(d) }
            actionNode = dest ?? arg("value")
        default: actionNode = nil
        }
        if let a = actionNode { c.action = "\(Evaluator.base(path)):\(a.line)" }
        // The label: `label:`, or a trailing closure that is not the action.
        var label = labelNode
        if label == nil, kind != "button", kind != "menu", kind != "navigationLink" || first == nil, let t = plainTrailing { label = t }
        if label == nil, kind == "button", arg("action") != nil, let t = plainTrailing { label = t }
        if let l = label {
            c.titleTried = true
            readLabel(l, c, path: path, scope: scope, mods: [])
        }
        if kind == "shareLink", c.title == nil, c.image == nil, label == nil {
            c.title = "Share"; c.image = "square.and.arrow.up"
        }
        found.append(c)
        // A menu's items: buttons of their own (they show when it opens).
        if kind == "menu", let content = arg("content") ?? (label == nil && labelNode == nil ? nil : plainTrailing) ?? (first != nil ? plainTrailing : nil) {
            walk(content, path: path, inherited, depth: 0)
        }
    }

    /// A title evaluated, or an interpolation's pattern (`"Follow …"`,
    /// still listed as unresolved: part of it is known only at run time).
    private func title(_ t: SyntaxNode, _ scope: Scope, _ c: SwiftUIControl, path: String, verbatim: Bool = false) -> String? {
        switch values.title(t, scope, verbatim: verbatim) {
        case .success(let s): c.resolved += 1; return s
        case .failure(let f):
            let p = values.pattern(t, scope, verbatim: verbatim) ?? firstBranch(t) { b in
                if case .success(let s) = values.title(b, scope, verbatim: verbatim) { return s }
                return values.pattern(b, scope, verbatim: verbatim)
            }
            note(path, f.node, "title: \(f.reason)" + (p.map { " (read as \"\($0)\")" } ?? ""), c)
            return p
        }
    }

    /// An image name evaluated, or a conditional one's first branch (listed too).
    private func image(_ s: SyntaxNode, _ scope: Scope, _ c: SwiftUIControl, path: String) -> String? {
        if case .success(.string(let n)) = values.evaluator.eval(s, scope, .string) { c.resolved += 1; return n }
        let b = firstBranch(s) { b in
            if case .success(.string(let n)) = values.evaluator.eval(b, scope, .string) { return n }
            return nil
        }
        note(path, s, "an image name computed at run time" + (b.map { " (read as \"\($0)\")" } ?? ""), c)
        return b
    }

    /// `cond ? a : b` whose condition is known only at run time: the first
    /// branch that reads, as an `if`/`else` label shows its first branch's
    /// (a picture shows one of the looks; the expression stays listed).
    private func firstBranch(_ e: SyntaxNode, _ read: (SyntaxNode) -> String?) -> String? {
        guard e.kind == .ternary, e.children.count == 3 else { return nil }
        return read(e.children[1]) ?? read(e.children[2])
    }

    /// The view type an expression makes: `Detail(item: x)`,
    /// `Detail().navigationTitle("x")`, `{ Detail() }` (a closure of one
    /// view); nil for anything else (`AnyView(...)`, a helper's result).
    static func viewType(_ e: SyntaxNode) -> String? {
        switch e.kind {
        case .closure:
            let stmts = e.first(.body)?.children.filter { $0.kind != .variable } ?? []
            guard stmts.count == 1, let only = stmts.first else { return nil }
            return viewType(only.kind == .returnStmt ? (only.children.first ?? only) : only)
        case .call:
            guard let callee = e.children.first else { return nil }
            if callee.kind == .memberAccess, let base = callee.children.first { return viewType(base) }
            guard callee.kind == .identifier else { return nil }
            let name = CodeIndex.plainTypeName(callee.text)
            guard let f = name.first, f.isUppercase, name != "AnyView" else { return nil }
            return name
        case .identifier:
            let name = CodeIndex.plainTypeName(e.text)
            return name.first?.isUppercase == true ? name : nil
        default:
            return nil
        }
    }

    /// A label: `Text`, `Label`, `Image`, or a small stack of those (the
    /// first title and the first image it shows).
    private func readLabel(_ e: SyntaxNode, _ c: SwiftUIControl, path: String, scope: Scope, mods: [(node: SyntaxNode, path: String)]) {
        switch e.kind {
        case .closure:
            for s in e.first(.body)?.children ?? [] { readLabel(s, c, path: path, scope: scope, mods: mods) }
        case .returnStmt:
            for s in e.children { readLabel(s, c, path: path, scope: scope, mods: mods) }
        case .call:
            guard let callee = e.children.first else { return }
            let args = Array(e.children.dropFirst())
            func arg(_ l: String) -> SyntaxNode? { args.first { $0.text == l }?.children.first }
            if callee.kind == .memberAccess, let base = callee.children.first {
                readLabel(base, c, path: path, scope: scope, mods: [(e, path)] + mods)
                return
            }
            guard callee.kind == .identifier else { note(path, e, "a label ButtonKit does not read", c); return }
            switch callee.text {
            case "Text":
                guard c.title == nil, let t = args.first?.children.first else { return }
                c.title = title(t, scope, c, path: path, verbatim: args.first?.text == "verbatim")
                if c.title != nil { c.labelModifiers += mods }
            case "Label":
                if let t = args.first(where: { $0.text == "" && !$0.has(.isTrailing) })?.children.first ?? arg("titleKey"), c.title == nil {
                    c.title = title(t, scope, c, path: path)
                }
                if let s = arg("systemImage") ?? arg("image"), c.image == nil {
                    c.imageIsSymbol = arg("systemImage") != nil
                    c.image = image(s, scope, c, path: path)
                }
                for a in args where a.has(.isTrailing) || a.text == "title" || a.text == "icon" {
                    if let cl = a.children.first { readLabel(cl, c, path: path, scope: scope, mods: []) }
                }
                c.labelModifiers += mods
            case "Image":
                guard c.image == nil, let a = args.first, let v = a.children.first else { return }
                c.image = image(v, scope, c, path: path)
                c.imageIsSymbol = a.text == "systemName"
                c.labelModifiers += mods.filter { ["font", "fontWeight", "foregroundColor", "foregroundStyle"].contains($0.node.children.first?.text ?? "") }
            case "HStack", "VStack", "ZStack", "Group", "LazyHStack", "LazyVStack":
                c.labelModifiers += mods
                for a in args { if let cl = a.children.first, cl.kind == .closure { readLabel(cl, c, path: path, scope: scope, mods: []) } }
            case "Spacer", "Divider", "ProgressView", "EmptyView":
                break   // no title or image: a spinner shows, or nothing
            default:
                let name = CodeIndex.plainTypeName(callee.text)
                if let t = index.types[name], let body = body(of: t) {
                    labelThrough(body.node, declPath: body.path, selfType: t.name, bound: arguments(e, of: t.name, scope), c)
                    if c.title == nil, c.image == nil { note(path, e, "a label view (\(name)) with no title or image ButtonKit can read", c) }
                } else if let type = scope.selfType ?? Optional(c.owner), let f = index.member(type, callee.text, kinds: [.function]) {
                    labelThrough(f.node, declPath: f.path, selfType: type, bound: parameters(f.node, e, scope), c)
                    if c.title == nil, c.image == nil { note(path, e, "a label helper with no title or image ButtonKit can read", c) }
                } else {
                    note(path, e, "a label ButtonKit does not read (\(callee.text))", c)
                }
            }
        case .ifStmt:
            for ch in e.children where ch.kind == .body || ch.kind == .ifStmt { readLabel(ch, c, path: path, scope: scope, mods: mods) }
        case .ifConfig:
            if let chosen = IfConfigChoice.pick(e) { for ch in chosen.children { readLabel(ch, c, path: path, scope: scope, mods: mods) } }
        case .identifier:
            // `label`: a computed property of the view.
            if let type = scope.selfType, let m = index.member(type, e.text, kinds: [.variable]), m.node.first(.initializer) == nil {
                labelThrough(m.node, declPath: m.path, selfType: type, bound: scope.values, c)
            } else {
                note(path, e, "a label ButtonKit does not read", c)
            }
        case .body:
            for s in e.children { readLabel(s, c, path: path, scope: scope, mods: mods) }
        case .variable:
            break
        default:
            note(path, e, "a label ButtonKit does not read", c)
        }
    }
}

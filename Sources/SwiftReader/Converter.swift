import ButtonKitSwiftIR
import SwiftOperators
import SwiftSyntax

/// SwiftSyntax's tree into the syntax IR: declarations, statements and
/// expressions as the source spells them, each with its line and column.
/// No meaning is given here (that is ButtonKitCode's); what the IR does not
/// break down is kept as source text.
struct Converter {
    let converter: SourceLocationConverter
    /// Where a detached subtree starts in the file: an operator sequence is
    /// folded into a new tree whose positions count from its own start.
    var shift = 0
    /// Past this depth a subtree is kept as source text: the decoder's bound
    /// is never reached, whatever the file.
    static let maxDepth = 600
    /// `other` nodes keep at most this much source.
    static let maxText = 160

    init(tree: SourceFileSyntax) {
        converter = SourceLocationConverter(fileName: "", tree: tree)
    }

    func node<S: SyntaxProtocol>(_ kind: NodeKind, _ text: String = "", flags: NodeFlags = [], at s: S,
                                 _ children: [SyntaxNode] = []) -> SyntaxNode {
        let loc = converter.location(for: AbsolutePosition(utf8Offset: shift + s.positionAfterSkippingLeadingTrivia.utf8Offset))
        return SyntaxNode(kind, text, flags: flags, line: Int32(clamping: loc.line), column: Int32(clamping: loc.column),
                          children: children)
    }

    func other<S: SyntaxProtocol>(_ s: S, _ kind: NodeKind = .other) -> SyntaxNode {
        var t = s.trimmedDescription
        if t.utf8.count > Converter.maxText {
            t = String(t.prefix(Converter.maxText)) + "…"
        }
        return node(kind, t, at: s)
    }

    // MARK: Files and declarations

    func file(_ tree: SourceFileSyntax) -> SyntaxNode {
        var children = items(tree.statements, depth: 1)
        if tree.hasError {
            for e in SyntaxErrors.list(tree, converter: converter) { children.append(e) }
        }
        return SyntaxNode(.file, "", line: 1, column: 1, children: children)
    }

    func items(_ list: CodeBlockItemListSyntax, depth: Int) -> [SyntaxNode] {
        var out: [SyntaxNode] = []
        out.reserveCapacity(list.count)
        for item in list {
            switch item.item {
            case .decl(let d): out.append(contentsOf: decl(d, depth: depth))
            case .stmt(let s): out.append(stmt(s, depth: depth))
            case .expr(let e): out.append(statementExpr(e, depth: depth))
            @unknown default: out.append(other(item, .otherStmt))
            }
        }
        return out
    }

    func body(_ block: CodeBlockSyntax?, depth: Int) -> SyntaxNode? {
        guard let block else { return nil }
        return node(.body, at: block, items(block.statements, depth: depth + 1))
    }

    func attributes(_ list: AttributeListSyntax) -> [SyntaxNode] {
        list.compactMap { element -> SyntaxNode? in
            guard case .attribute(let a) = element else { return nil }
            var args: [SyntaxNode] = []
            if case .argumentList(let l)? = a.arguments {
                args = l.map { arg(label: $0.label?.text ?? "", $0.expression, at: $0, depth: 2) }
            }
            return node(.attribute, a.attributeName.trimmedDescription, at: a, args)
        }
    }

    /// Flags and `modifier` nodes for the words before a declaration.
    func modifiers(_ list: DeclModifierListSyntax) -> (NodeFlags, [SyntaxNode]) {
        var flags: NodeFlags = []
        var nodes: [SyntaxNode] = []
        for m in list {
            switch m.name.text {
            case "static", "class": flags.insert(.isStatic)
            case "lazy": flags.insert(.isLazy)
            case "override": flags.insert(.isOverride)
            default: break
            }
            nodes.append(node(.modifier, m.name.text, at: m))
        }
        return (flags, nodes)
    }

    func inherits(_ clause: InheritanceClauseSyntax?) -> [SyntaxNode] {
        clause?.inheritedTypes.map { node(.inherits, $0.type.trimmedDescription, at: $0) } ?? []
    }

    func members(_ block: MemberBlockSyntax, depth: Int) -> [SyntaxNode] {
        block.members.flatMap { decl($0.decl, depth: depth + 1) }
    }

    func decl(_ d: DeclSyntax, depth: Int) -> [SyntaxNode] {
        if depth > Converter.maxDepth { return [other(d, .otherStmt)] }
        if let c = d.as(ClassDeclSyntax.self) {
            return [typeDecl(.classDecl, c.name.text, c.attributes, c.modifiers, c.inheritanceClause, c.memberBlock, at: c, depth: depth)]
        }
        if let c = d.as(StructDeclSyntax.self) {
            return [typeDecl(.structDecl, c.name.text, c.attributes, c.modifiers, c.inheritanceClause, c.memberBlock, at: c, depth: depth)]
        }
        if let c = d.as(EnumDeclSyntax.self) {
            return [typeDecl(.enumDecl, c.name.text, c.attributes, c.modifiers, c.inheritanceClause, c.memberBlock, at: c, depth: depth)]
        }
        if let c = d.as(ExtensionDeclSyntax.self) {
            return [typeDecl(.extensionDecl, c.extendedType.trimmedDescription, c.attributes, c.modifiers, c.inheritanceClause,
                             c.memberBlock, at: c, depth: depth)]
        }
        if let c = d.as(ProtocolDeclSyntax.self) {
            return [typeDecl(.protocolDecl, c.name.text, c.attributes, c.modifiers, c.inheritanceClause, c.memberBlock, at: c, depth: depth)]
        }
        if let c = d.as(ActorDeclSyntax.self) {
            return [typeDecl(.actorDecl, c.name.text, c.attributes, c.modifiers, c.inheritanceClause, c.memberBlock, at: c, depth: depth)]
        }
        if let v = d.as(VariableDeclSyntax.self) { return variable(v, depth: depth) }
        if let f = d.as(FunctionDeclSyntax.self) {
            let (flags, mods) = modifiers(f.modifiers)
            var children = attributes(f.attributes) + mods + parameters(f.signature.parameterClause.parameters, depth: depth)
            if let r = f.signature.returnClause { children.append(node(.typeAnnotation, r.type.trimmedDescription, at: r.type)) }
            if let b = body(f.body, depth: depth) { children.append(b) }
            return [node(.function, f.name.text, flags: flags, at: f, children)]
        }
        if let f = d.as(InitializerDeclSyntax.self) {
            let (flags, mods) = modifiers(f.modifiers)
            var children = attributes(f.attributes) + mods + parameters(f.signature.parameterClause.parameters, depth: depth)
            if let b = body(f.body, depth: depth) { children.append(b) }
            return [node(.initDecl, "init", flags: flags, at: f, children)]
        }
        if let e = d.as(EnumCaseDeclSyntax.self) {
            return e.elements.map { el in
                var children: [SyntaxNode] = []
                if let raw = el.rawValue { children.append(node(.initializer, at: raw, [expr(raw.value, depth: depth + 1)])) }
                return node(.enumCase, el.name.text, at: el, children)
            }
        }
        if let i = d.as(IfConfigDeclSyntax.self) {
            let clauses = i.clauses.map { c -> SyntaxNode in
                var children: [SyntaxNode] = []
                switch c.elements {
                case .statements(let s)?: children = items(s, depth: depth + 1)
                case .decls(let m)?: children = m.flatMap { decl($0.decl, depth: depth + 1) }
                default: break
                }
                let cond = c.poundKeyword.text + (c.condition.map { " " + $0.trimmedDescription } ?? "")
                return node(.ifConfigClause, cond, at: c, children)
            }
            return [node(.ifConfig, at: i, clauses)]
        }
        if let m = d.as(MacroExpansionDeclSyntax.self) { return [macro(m, depth: depth)] }
        return [other(d, .otherStmt)]
    }

    /// A freestanding macro, as an expression or a declaration: its
    /// arguments and trailing closures (`#Preview("Name") { View() }`'s view).
    func macro(_ m: some FreestandingMacroExpansionSyntax, depth: Int) -> SyntaxNode {
        var children = m.arguments.map { arg(label: $0.label?.text ?? "", $0.expression, at: $0, depth: depth) }
        if let t = m.trailingClosure { children.append(arg(label: "", ExprSyntax(t), at: t, flags: .isTrailing, depth: depth)) }
        for t in m.additionalTrailingClosures {
            children.append(arg(label: t.label.text, ExprSyntax(t.closure), at: t, flags: .isTrailing, depth: depth))
        }
        return node(.macro, m.macroName.text, at: m, children)
    }

    func typeDecl(_ kind: NodeKind, _ name: String, _ attrs: AttributeListSyntax, _ mods: DeclModifierListSyntax,
                  _ inheritance: InheritanceClauseSyntax?, _ block: MemberBlockSyntax, at s: some SyntaxProtocol,
                  depth: Int) -> SyntaxNode {
        let (flags, modNodes) = modifiers(mods)
        return node(kind, name, flags: flags, at: s, inherits(inheritance) + attributes(attrs) + modNodes + members(block, depth: depth))
    }

    func parameters(_ list: FunctionParameterListSyntax, depth: Int) -> [SyntaxNode] {
        list.map { p in
            var children = [node(.identifier, (p.secondName ?? p.firstName).text, at: p.secondName ?? p.firstName),
                            node(.typeAnnotation, p.type.trimmedDescription, at: p.type)]
            if let d = p.defaultValue { children.append(node(.initializer, at: d, [expr(d.value, depth: depth + 1)])) }
            return node(.parameter, p.firstName.text, at: p, children)
        }
    }

    func variable(_ v: VariableDeclSyntax, depth: Int) -> [SyntaxNode] {
        var (flags, mods) = modifiers(v.modifiers)
        if v.bindingSpecifier.tokenKind == .keyword(.let) { flags.insert(.isLet) }
        let attrs = attributes(v.attributes)
        return v.bindings.map { b in
            var children = attrs + mods
            if let t = b.typeAnnotation { children.append(node(.typeAnnotation, t.type.trimmedDescription, at: t.type)) }
            if let i = b.initializer { children.append(node(.initializer, at: i, [expr(i.value, depth: depth + 1)])) }
            if let block = b.accessorBlock {
                switch block.accessors {
                case .getter(let items):
                    children.append(node(.accessor, "get", at: block, self.items(items, depth: depth + 1)))
                case .accessors(let list):
                    for a in list {
                        children.append(node(.accessor, a.accessorSpecifier.text, at: a,
                                             a.body.map { self.items($0.statements, depth: depth + 1) } ?? []))
                    }
                @unknown default: break
                }
            }
            let name = b.pattern.as(IdentifierPatternSyntax.self)?.identifier.text ?? b.pattern.trimmedDescription
            return node(.variable, name, flags: flags, at: b.pattern, children)
        }
    }

    // MARK: Statements

    func stmt(_ s: StmtSyntax, depth: Int) -> SyntaxNode {
        if depth > Converter.maxDepth { return other(s, .otherStmt) }
        if let e = s.as(ExpressionStmtSyntax.self) { return statementExpr(e.expression, depth: depth) }
        if let g = s.as(GuardStmtSyntax.self) {
            var children = conditions(g.conditions, depth: depth)
            if let b = body(g.body, depth: depth) { children.append(b) }
            return node(.guardStmt, at: g, children)
        }
        if let r = s.as(ReturnStmtSyntax.self) {
            return node(.returnStmt, at: r, r.expression.map { [expr($0, depth: depth + 1)] } ?? [])
        }
        if let f = s.as(ForStmtSyntax.self) {
            var children = [expr(f.sequence, depth: depth + 1)]
            if let b = body(f.body, depth: depth) { children.append(b) }
            return node(.forStmt, f.pattern.trimmedDescription, at: f, children)
        }
        if let d = s.as(DoStmtSyntax.self) {
            var children: [SyntaxNode] = []
            if let b = body(d.body, depth: depth) { children.append(b) }
            return node(.otherStmt, "do", at: d, children)
        }
        if let w = s.as(WhileStmtSyntax.self) {
            var children: [SyntaxNode] = []
            if let b = body(w.body, depth: depth) { children.append(b) }
            return node(.otherStmt, "while " + w.conditions.trimmedDescription, at: w, children)
        }
        if let d = s.as(DeferStmtSyntax.self) {
            var children: [SyntaxNode] = []
            if let b = body(d.body, depth: depth) { children.append(b) }
            return node(.otherStmt, "defer", at: d, children)
        }
        return other(s, .otherStmt)
    }

    func conditions(_ list: ConditionElementListSyntax, depth: Int) -> [SyntaxNode] {
        list.map { c in
            switch c.condition {
            case .expression(let e):
                return node(.condition, e.trimmedDescription, at: c, [expr(e, depth: depth + 1)])
            case .availability(let a):
                return node(.condition, a.trimmedDescription, flags: .isAvailability, at: c)
            case .optionalBinding(let b):
                var children: [SyntaxNode] = []
                if let i = b.initializer { children.append(node(.initializer, at: i, [expr(i.value, depth: depth + 1)])) }
                return node(.condition, c.condition.trimmedDescription, at: c, children)
            default:
                return node(.condition, c.condition.trimmedDescription, at: c)
            }
        }
    }

    /// An expression in statement position: an assignment, an `if` or a
    /// `switch`, or any expression (a call) as itself.
    func statementExpr(_ e: ExprSyntax, depth: Int) -> SyntaxNode {
        if depth > Converter.maxDepth { return other(e, .otherStmt) }
        if let i = e.as(IfExprSyntax.self) { return ifStmt(i, depth: depth) }
        if let s = e.as(SwitchExprSyntax.self) { return switchStmt(s, depth: depth) }
        return expr(e, depth: depth)
    }

    func ifStmt(_ i: IfExprSyntax, depth: Int) -> SyntaxNode {
        var children = conditions(i.conditions, depth: depth)
        if let b = body(i.body, depth: depth) { children.append(b) }
        switch i.elseBody {
        case .ifExpr(let e)?: children.append(ifStmt(e, depth: depth + 1))
        case .codeBlock(let b)?: if let b = body(b, depth: depth) { children.append(b) }
        case nil: break
        @unknown default: break
        }
        return node(.ifStmt, at: i, children)
    }

    func switchStmt(_ s: SwitchExprSyntax, depth: Int) -> SyntaxNode {
        var children = [expr(s.subject, depth: depth + 1)]
        for c in s.cases {
            guard case .switchCase(let sc) = c else { continue }
            var caseChildren: [SyntaxNode] = []
            var label = "default"
            if case .case(let l) = sc.label {
                label = l.caseItems.trimmedDescription
                for item in l.caseItems {
                    if let p = item.pattern.as(ExpressionPatternSyntax.self) { caseChildren.append(expr(p.expression, depth: depth + 1)) }
                }
            }
            caseChildren.append(node(.body, at: sc, items(sc.statements, depth: depth + 1)))
            children.append(node(.switchCase, label, at: sc, caseChildren))
        }
        return node(.switchStmt, at: s, children)
    }

    // MARK: Expressions

    func arg(label: String, _ e: ExprSyntax, at s: some SyntaxProtocol, flags: NodeFlags = [], depth: Int) -> SyntaxNode {
        node(.argument, label, flags: flags, at: s, [expr(e, depth: depth + 1)])
    }

    func expr(_ e: ExprSyntax, depth: Int) -> SyntaxNode {
        if depth > Converter.maxDepth { return other(e) }
        switch e.kind {
        case .stringLiteralExpr:
            guard let s = e.as(StringLiteralExprSyntax.self) else { break }
            if let value = s.representedLiteralValue { return node(.stringLiteral, value, at: s) }
            var parts: [SyntaxNode] = []
            for seg in s.segments {
                switch seg {
                case .stringSegment(let t): parts.append(node(.stringSegment, t.content.text, at: t))
                case .expressionSegment(let x):
                    if let first = x.expressions.first, x.expressions.count == 1, first.label == nil {
                        parts.append(expr(first.expression, depth: depth + 1))
                    } else {
                        parts.append(other(x))
                    }
                @unknown default: break
                }
            }
            return node(.stringLiteral, flags: .isInterpolated, at: s, parts)
        case .integerLiteralExpr:
            if let i = e.as(IntegerLiteralExprSyntax.self) { return node(.intLiteral, i.literal.text, at: i) }
        case .floatLiteralExpr:
            if let f = e.as(FloatLiteralExprSyntax.self) { return node(.floatLiteral, f.literal.text, at: f) }
        case .booleanLiteralExpr:
            if let b = e.as(BooleanLiteralExprSyntax.self) { return node(.boolLiteral, b.literal.text, at: b) }
        case .nilLiteralExpr:
            return node(.nilLiteral, "nil", at: e)
        case .declReferenceExpr:
            if let d = e.as(DeclReferenceExprSyntax.self) {
                return node(.identifier, d.argumentNames == nil ? d.baseName.text : d.trimmedDescription, at: d)
            }
        case .superExpr:
            return node(.identifier, "super", at: e)
        case .memberAccessExpr:
            guard let m = e.as(MemberAccessExprSyntax.self) else { break }
            let name = m.declName.argumentNames == nil ? m.declName.baseName.text : m.declName.trimmedDescription
            guard var base = m.base else { return node(.memberAccess, name, at: m.declName) }
            var flags: NodeFlags = []
            if let o = base.as(OptionalChainingExprSyntax.self) { base = o.expression; flags.insert(.isOptionalChain) }
            else if let f = base.as(ForceUnwrapExprSyntax.self) { base = f.expression }
            return node(.memberAccess, name, flags: flags, at: m.declName, [expr(base, depth: depth + 1)])
        case .functionCallExpr:
            guard let c = e.as(FunctionCallExprSyntax.self) else { break }
            var children = [expr(c.calledExpression, depth: depth + 1)]
            for a in c.arguments { children.append(arg(label: a.label?.text ?? "", a.expression, at: a, depth: depth)) }
            if let t = c.trailingClosure { children.append(arg(label: "", ExprSyntax(t), at: t, flags: .isTrailing, depth: depth)) }
            for t in c.additionalTrailingClosures {
                children.append(arg(label: t.label.text, ExprSyntax(t.closure), at: t, flags: .isTrailing, depth: depth))
            }
            return node(.call, at: c, children)
        case .closureExpr:
            guard let c = e.as(ClosureExprSyntax.self) else { break }
            var children: [SyntaxNode] = []
            switch c.signature?.parameterClause {
            case .simpleInput(let l)?: for p in l { children.append(node(.parameter, p.name.text, at: p)) }
            case .parameterClause(let l)?: for p in l.parameters { children.append(node(.parameter, (p.secondName ?? p.firstName).text, at: p)) }
            case nil: break
            @unknown default: break
            }
            children.append(node(.body, at: c, items(c.statements, depth: depth + 1)))
            return node(.closure, at: c, children)
        case .arrayExpr:
            if let a = e.as(ArrayExprSyntax.self) { return node(.arrayLiteral, at: a, a.elements.map { expr($0.expression, depth: depth + 1) }) }
        case .dictionaryExpr:
            guard let d = e.as(DictionaryExprSyntax.self) else { break }
            guard case .elements(let list) = d.content else { return node(.dictionaryLiteral, at: d) }
            return node(.dictionaryLiteral, at: d, list.map { el in
                node(.tuple, at: el, [expr(el.key, depth: depth + 1), expr(el.value, depth: depth + 1)])
            })
        case .ternaryExpr:
            if let t = e.as(TernaryExprSyntax.self) {
                return node(.ternary, at: t, [expr(t.condition, depth: depth + 1), expr(t.thenExpression, depth: depth + 1),
                                             expr(t.elseExpression, depth: depth + 1)])
            }
        case .infixOperatorExpr:
            guard let i = e.as(InfixOperatorExprSyntax.self) else { break }
            let l = expr(i.leftOperand, depth: depth + 1), r = expr(i.rightOperand, depth: depth + 1)
            if i.operator.is(AssignmentExprSyntax.self) { return node(.assign, "=", at: i, [l, r]) }
            if let op = i.operator.as(BinaryOperatorExprSyntax.self) {
                let t = op.operator.text
                if t.count >= 2, t.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(t) {
                    return node(.assign, t, at: i, [l, r])
                }
                return node(.binary, t, at: i, [l, r])
            }
            return other(e)
        case .sequenceExpr:
            guard let s = e.as(SequenceExprSyntax.self) else { break }
            if let folded = try? OperatorTable.standardOperators.foldSingle(s), !folded.is(SequenceExprSyntax.self) {
                var inner = self
                inner.shift = shift + s.position.utf8Offset
                return inner.expr(folded, depth: depth + 1)
            }
            return other(e)
        case .prefixOperatorExpr:
            if let p = e.as(PrefixOperatorExprSyntax.self) {
                return node(.prefix, p.operator.text, at: p, [expr(p.expression, depth: depth + 1)])
            }
        case .keyPathExpr:
            return other(e, .keyPath)
        case .macroExpansionExpr:
            guard let m = e.as(MacroExpansionExprSyntax.self) else { break }
            return macro(m, depth: depth)
        case .asExpr:
            guard let a = e.as(AsExprSyntax.self) else { break }
            return node(.cast, a.type.trimmedDescription, at: a, [expr(a.expression, depth: depth + 1)])
        case .tupleExpr:
            guard let t = e.as(TupleExprSyntax.self) else { break }
            if t.elements.count == 1, let only = t.elements.first, only.label == nil { return expr(only.expression, depth: depth + 1) }
            return node(.tuple, at: t, t.elements.map { arg(label: $0.label?.text ?? "", $0.expression, at: $0, depth: depth) })
        case .tryExpr:
            if let t = e.as(TryExprSyntax.self) { return expr(t.expression, depth: depth + 1) }
        case .awaitExpr:
            if let a = e.as(AwaitExprSyntax.self) { return expr(a.expression, depth: depth + 1) }
        case .forceUnwrapExpr:
            if let f = e.as(ForceUnwrapExprSyntax.self) { return expr(f.expression, depth: depth + 1) }
        case .optionalChainingExpr:
            if let o = e.as(OptionalChainingExprSyntax.self) { return expr(o.expression, depth: depth + 1) }
        case .ifExpr:
            if let i = e.as(IfExprSyntax.self) { return ifStmt(i, depth: depth) }
        case .switchExpr:
            if let s = e.as(SwitchExprSyntax.self) { return switchStmt(s, depth: depth) }
        case .postfixIfConfigExpr:
            // `view #if os(macOS) .frame(...) #endif`: the view, without the
            // modifiers of the clauses (the IR has no conditional chain; a
            // dropped chain hid every control of the view before it).
            if let p = e.as(PostfixIfConfigExprSyntax.self), let base = p.base { return expr(base, depth: depth + 1) }
        case .typeExpr, .genericSpecializationExpr:
            return node(.identifier, e.trimmedDescription, at: e)
        default:
            break
        }
        return other(e)
    }
}

import ButtonKit
import ButtonKitIB
import ButtonKitSwiftIR

/// Evaluates the app's expressions that are values: literals, localized
/// strings, UIKit colours, fonts and images, the app's own constants across
/// files, numeric expressions. Anything else is an `EvalFailure` naming the
/// innermost expression it could not evaluate and why; nothing is guessed.
struct Evaluator {
    let index: CodeIndex
    let assets: AssetColors
    let hasCatalogs: Bool
    /// The deepest chain of constants followed (a constant defined by another...).
    static let maxDepth = 24

    typealias R = Result<CodeValue, EvalFailure>

    func fail(_ n: SyntaxNode, _ why: String) -> R { .failure(EvalFailure(node: n, reason: why)) }

    func eval(_ e: SyntaxNode, _ scope: Scope, _ expect: Expect = .any, depth: Int = 0) -> R {
        guard depth < Evaluator.maxDepth else { return fail(e, "constants nested deeper than \(Evaluator.maxDepth)") }
        switch e.kind {
        case .stringLiteral:
            if !e.has(.isInterpolated) { return .success(.string(e.text)) }
            var out = ""
            for p in e.children {
                if p.kind == .stringSegment { out += p.text; continue }
                switch eval(p, scope, .any, depth: depth + 1) {
                case .success(.string(let s)): out += s
                case .success(.number(let n)): out += Format.number(n)
                case .success: return fail(p, "an interpolated value that is not text")
                case .failure(let f): return .failure(EvalFailure(node: f.node, reason: "interpolates \(f.reason)"))
                }
            }
            return .success(.string(out))
        case .intLiteral:
            let t = e.text.filter { $0 != "_" }
            if t.hasPrefix("0x"), let v = Int(t.dropFirst(2), radix: 16) { return .success(.number(Double(v))) }
            if let v = Double(t) { return .success(.number(v)) }
            return fail(e, "not a number")
        case .floatLiteral:
            if let v = Double(e.text.filter { $0 != "_" }) { return .success(.number(v)) }
            return fail(e, "not a number")
        case .boolLiteral: return .success(.bool(e.text == "true"))
        case .nilLiteral: return .success(.nil_)
        case .identifier: return identifier(e, scope, expect, depth: depth)
        case .memberAccess: return member(e, scope, expect, depth: depth)
        case .call: return call(e, scope, expect, depth: depth)
        case .macro: return macro(e, scope, depth: depth)
        case .cast:
            guard let inner = e.children.first else { return fail(e, "an empty cast") }
            return eval(inner, scope, expect, depth: depth + 1)
        case .arrayLiteral:
            var out: [CodeValue] = []
            for c in e.children {
                switch eval(c, scope, expect, depth: depth + 1) {
                case .success(let v): out.append(v)
                case .failure(let f): return .failure(f)
                }
            }
            return .success(.array(out))
        case .prefix where e.text == "-" || e.text == "!":
            guard let inner = e.children.first else { return fail(e, "an empty expression") }
            switch eval(inner, scope, expect, depth: depth + 1) {
            case .success(.number(let n)) where e.text == "-": return .success(.number(-n))
            case .success(.bool(let b)) where e.text == "!": return .success(.bool(!b))
            case .success: return fail(e, "'\(e.text)' of a value that is not a \(e.text == "-" ? "number" : "Bool")")
            case .failure(let f): return .failure(f)
            }
        case .binary: return binary(e, scope, expect, depth: depth)
        case .ternary:
            guard e.children.count == 3 else { return fail(e, "a malformed conditional") }
            switch eval(e.children[0], scope, .bool, depth: depth + 1) {
            case .success(.bool(let b)): return eval(e.children[b ? 1 : 2], scope, expect, depth: depth + 1)
            default: return fail(e, "a conditional value (its condition is known only at run time)")
            }
        case .closure:
            return .success(.closure("\(Evaluator.base(scope.path)):\(e.line)"))
        default:
            return fail(e, "not a value ButtonKit evaluates")
        }
    }

    static func base(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    // MARK: Names

    func identifier(_ e: SyntaxNode, _ scope: Scope, _ expect: Expect, depth: Int) -> R {
        let name = e.text
        if let v = scope.values[name] { return .success(v) }
        if name == "self" || name == "super" { return fail(e, "'\(name)' as a value") }
        // A member of the type the code is in (a constant or a stored let).
        if let t = scope.selfType, let m = index.member(t, name, kinds: [.variable]) {
            return constant(m.node, e, Scope(path: m.path, selfType: t), expect, depth: depth)
        }
        if let g = index.globals[name] { return constant(g.node, e, Scope(path: g.path, selfType: nil), expect, depth: depth) }
        if index.types[name] != nil || Evaluator.uikitTypes.contains(name) { return .success(.type(name)) }
        return fail(e, "'\(name)' is not a constant ButtonKit can see (a variable, a parameter or something computed at run time)")
    }

    static let uikitTypes: Set<String> = [
        "UIColor", "UIFont", "UIImage", "UIButton", "UIControl", "CGFloat", "Double", "Float", "Int", "String", "CGColor",
        "UIFontMetrics", "NSDirectionalEdgeInsets", "UIEdgeInsets", "CGRect", "CGSize", "Color", "UIAccessibilityTraits",
    ]

    /// A `let`/`var` with an initializer, a computed property with one
    /// return, or an enum case's raw value.
    func constant(_ decl: SyntaxNode, _ use: SyntaxNode, _ scope: Scope, _ expect: Expect, depth: Int) -> R {
        if decl.kind == .enumCase {
            if let raw = decl.first(.initializer)?.children.first { return eval(raw, scope, expect, depth: depth + 1) }
            return .success(.string(decl.text))   // a String enum's implicit raw value
        }
        if let i = decl.first(.initializer)?.children.first { return eval(i, scope, expect, depth: depth + 1) }
        if let get = decl.children.first(where: { $0.kind == .accessor && $0.text == "get" }), let r = Evaluator.singleResult(get.children) {
            return eval(r, scope, expect, depth: depth + 1)
        }
        return fail(use, "'\(decl.text)' has no value ButtonKit can see (set at run time)")
    }

    /// The expression a body of one `return x` (or one expression) gives.
    static func singleResult(_ stmts: [SyntaxNode]) -> SyntaxNode? {
        guard stmts.count == 1, let s = stmts.first else { return nil }
        if s.kind == .returnStmt { return s.children.first }
        if [.otherStmt, .variable, .assign, .ifStmt, .guardStmt, .switchStmt, .forStmt].contains(s.kind) { return nil }
        return s
    }

    /// `LocalString.common_button_done`, `L10n.done(withArgs: n)`: a member
    /// of a type the repository does not hold (generated at build time from
    /// the string tables) whose name is a table key spelt as a Swift name.
    /// Its arguments are not filled in: `%@` and the like stay as written.
    func generatedString(_ e: SyntaxNode) -> String? {
        var m = e
        if e.kind == .call, let callee = e.children.first, callee.kind == .memberAccess { m = callee }
        guard m.kind == .memberAccess, let base = m.children.first, base.kind == .identifier,
              let first = base.text.first, first.isUppercase, index.types[base.text] == nil,
              !Evaluator.uikitTypes.contains(base.text) else { return nil }
        return index.stringsByName[m.text]
    }

    func member(_ e: SyntaxNode, _ scope: Scope, _ expect: Expect, depth: Int) -> R {
        let name = e.text
        guard let baseNode = e.children.first else { return implicit(e, scope, expect, depth: depth) }
        if let s = generatedString(e) { return .success(.string(s)) }
        // `self.x` is `x`.
        if baseNode.kind == .identifier && baseNode.text == "self" {
            return identifier(SyntaxNode(.identifier, name, line: e.line, column: e.column), scope, expect, depth: depth)
        }
        let base = eval(baseNode, scope, .any, depth: depth + 1)
        switch base {
        case .success(.type(let t)):
            return staticMember(t, name, e, scope, expect, depth: depth)
        case .success(.color(let c)) where name == "cgColor" || name == "color": return .success(.color(c))
        case .success(.image(let n, let sym)) where name == "image": return .success(.image(n, symbol: sym))
        case .success(.string(let s)) where name == "localized": return localizedHelper(s, e)
        case .success(.string(let s)) where name == "uppercased" || name == "capitalized": return .success(.string(name == "uppercased" ? s.uppercased() : s))
        case .success(.font(let f)) where name == "pointSize": return .success(.number(f.size))
        case .success: return fail(e, "'.\(name)' of a value ButtonKit does not model")
        case .failure(let f): return .failure(f)
        }
    }

    /// `Type.name`: the app's static constants and enum cases first (also
    /// in extensions of UIKit types), then UIKit's own.
    func staticMember(_ t: String, _ name: String, _ e: SyntaxNode, _ scope: Scope, _ expect: Expect, depth: Int) -> R {
        if let m = index.member(t, name, kinds: [.variable, .enumCase]) {
            return constant(m.node, e, Scope(path: m.path, selfType: t), expect, depth: depth)
        }
        if index.types["\(t).\(name)"] != nil { return .success(.type("\(t).\(name)")) }
        let want: Expect
        switch t {
        case "UIColor", "Color", "CGColor": want = .color
        case "UIFont", "UIFont.Weight": want = t == "UIFont" ? .font : .weight
        case "UIFont.TextStyle": want = .textStyle
        case "UIControl.State": want = .state
        case "UIControl.Event": want = .event
        case "UIButton.ButtonType": want = .buttonType
        case "UIButton.Configuration": want = .configuration
        case "UIFontMetrics" where name == "default": return .success(.type("UIFontMetrics"))
        case "UIButton", "UIControl":
            return .success(.type("\(t).\(name)"))
        default:
            if t.hasPrefix("UI") || t.hasPrefix("NS") || t.hasPrefix("CG") { return .success(.type("\(t).\(name)")) }
            return fail(e, "'\(t).\(name)' is not a constant ButtonKit can see")
        }
        return implicit(e, scope, want, depth: depth)
    }

    /// `.name` with no base (or on a UIKit type): read as the expected type.
    func implicit(_ e: SyntaxNode, _ scope: Scope, _ expect: Expect, depth: Int) -> R {
        let name = e.text
        switch expect {
        case .color:
            if let c = Evaluator.uikitColor(name) { return .success(.color(c)) }
            if let m = index.member("UIColor", name, kinds: [.variable]) {
                return constant(m.node, e, Scope(path: m.path, selfType: "UIColor"), .color, depth: depth)
            }
            return fail(e, "'.\(name)' is not a UIKit colour or one the app declares as a constant")
        case .state:
            switch name {
            case "normal": return .success(.state(.normal))
            case "highlighted": return .success(.state(.highlighted))
            case "selected": return .success(.state(.selected))
            case "disabled": return .success(.state(.disabled))
            case "focused": return .success(.state(.focused))
            default: return fail(e, "state '.\(name)' not modelled")
            }
        case .event:
            if let ev = try? ControlEvent(parsing: name) { return .success(.event(ev)) }
            return fail(e, "event '.\(name)' not modelled")
        case .buttonType:
            switch name {
            case "custom": return .success(.buttonType(.custom))
            case "system", "roundedRect", "detailDisclosure", "infoLight", "infoDark", "contactAdd", "close": return .success(.buttonType(.system))
            default: return fail(e, "button type '.\(name)' not modelled")
            }
        case .font:
            if let m = index.member("UIFont", name, kinds: [.variable]) {
                return constant(m.node, e, Scope(path: m.path, selfType: "UIFont"), .font, depth: depth)
            }
            return fail(e, "'.\(name)' is not a font ButtonKit can see")
        case .textStyle:
            let n = name == "title" ? "title1" : name
            if TextStyle(rawValue: n) != nil { return .success(.member(n)) }
            return fail(e, "text style '.\(name)' not modelled")
        case .weight:
            if FontWeight(rawValue: name) != nil { return .success(.member(name)) }
            return fail(e, "font weight '.\(name)' not modelled")
        case .configuration:
            if let s = ConfigurationStyle(rawValue: name) { return .success(.configuration(ButtonConfiguration(style: s))) }
            return fail(e, "configuration '.\(name)' not modelled")
        case .image:
            if let m = index.member("UIImage", name, kinds: [.variable]) {
                return constant(m.node, e, Scope(path: m.path, selfType: "UIImage"), .image, depth: depth)
            }
            return fail(e, "'.\(name)' is not an image ButtonKit can see")
        default:
            if name == "zero" { return .success(.number(0)) }
            return .success(.member(name))
        }
    }

    /// UIKit's named colours: the fixed ones with UIKit's own values (not
    /// CSS's: UIKit's orange is 1, 0.5, 0), the dynamic system ones.
    static func uikitColor(_ name: String) -> ColorValue? {
        func g(_ w: Double) -> ColorValue { .fixed(Color(unitRed: w, green: w, blue: w)) }
        switch name {
        case "black": return g(0)
        case "darkGray": return g(1.0 / 3)
        case "lightGray": return g(2.0 / 3)
        case "white": return g(1)
        case "gray": return g(0.5)
        case "red": return .fixed(Color(unitRed: 1, green: 0, blue: 0))
        case "green": return .fixed(Color(unitRed: 0, green: 1, blue: 0))
        case "blue": return .fixed(Color(unitRed: 0, green: 0, blue: 1))
        case "cyan": return .fixed(Color(unitRed: 0, green: 1, blue: 1))
        case "yellow": return .fixed(Color(unitRed: 1, green: 1, blue: 0))
        case "magenta": return .fixed(Color(unitRed: 1, green: 0, blue: 1))
        case "orange": return .fixed(Color(unitRed: 1, green: 0.5, blue: 0))
        case "purple": return .fixed(Color(unitRed: 0.5, green: 0, blue: 0.5))
        case "brown": return .fixed(Color(unitRed: 0.6, green: 0.4, blue: 0.2))
        case "clear": return .fixed(.clear)
        case "tintColor": return .dynamic(.tint)
        default:
            if let s = SystemColor(named: name), s.rawValue == name { return .dynamic(.system(s)) }
            return nil
        }
    }

    // MARK: Operators

    func binary(_ e: SyntaxNode, _ scope: Scope, _ expect: Expect, depth: Int) -> R {
        guard e.children.count == 2 else { return fail(e, "a malformed expression") }
        if e.text == "??" {
            switch eval(e.children[0], scope, expect, depth: depth + 1) {
            case .success(.nil_): return eval(e.children[1], scope, expect, depth: depth + 1)
            case .success(let v): return .success(v)
            case .failure: return eval(e.children[1], scope, expect, depth: depth + 1)
            }
        }
        let l = eval(e.children[0], scope, expect, depth: depth + 1)
        guard case .success(let lv) = l else { return l }
        let r = eval(e.children[1], scope, expect, depth: depth + 1)
        guard case .success(let rv) = r else { return r }
        switch (lv, rv, e.text) {
        case (.number(let a), .number(let b), "+"): return .success(.number(a + b))
        case (.number(let a), .number(let b), "-"): return .success(.number(a - b))
        case (.number(let a), .number(let b), "*"): return .success(.number(a * b))
        case (.number(let a), .number(let b), "/"):
            return b == 0 ? fail(e, "a division by zero") : .success(.number(a / b))
        case (.string(let a), .string(let b), "+"): return .success(.string(a + b))
        case (.number(let a), .number(let b), "=="): return .success(.bool(a == b))
        case (.string(let a), .string(let b), "=="): return .success(.bool(a == b))
        case (.bool(let a), .bool(let b), "&&"): return .success(.bool(a && b))
        case (.bool(let a), .bool(let b), "||"): return .success(.bool(a || b))
        default: return fail(e, "operator '\(e.text)' on these values not evaluated")
        }
    }

    // MARK: Calls

    func args(_ call: SyntaxNode) -> [SyntaxNode] { Array(call.children.dropFirst()) }

    func arg(_ call: SyntaxNode, _ label: String) -> SyntaxNode? {
        args(call).first { $0.text == label }?.children.first
    }

    func number(_ n: SyntaxNode?, _ scope: Scope, depth: Int) -> Result<Double, EvalFailure> {
        guard let n else { return .failure(EvalFailure(node: SyntaxNode(.other), reason: "a missing argument")) }
        switch eval(n, scope, .number, depth: depth + 1) {
        case .success(.number(let v)): return .success(v)
        case .success: return .failure(EvalFailure(node: n, reason: "not a number"))
        case .failure(let f): return .failure(f)
        }
    }

    func call(_ e: SyntaxNode, _ scope: Scope, _ expect: Expect, depth: Int) -> R {
        guard let callee = e.children.first else { return fail(e, "an empty call") }
        let labels = args(e).map(\.text)
        // The callee's name and what it is called on.
        var typeName: String?
        var name = ""
        var onValue: CodeValue?
        switch callee.kind {
        case .identifier:
            name = callee.text
            if index.types[name] != nil || Evaluator.uikitTypes.contains(name) { typeName = name; name = "init" }
        case .memberAccess:
            name = callee.text
            if let b = callee.children.first {
                if b.kind == .identifier && b.text == "self", let t = scope.selfType {
                    typeName = t
                } else {
                    // `.primary.withAlphaComponent(0.5)`: an implicit member base has the call's expected type.
                    let baseExpect: Expect = (b.kind == .memberAccess && b.children.isEmpty) || b.kind == .call ? expect : .any
                    switch eval(b, scope, baseExpect, depth: depth + 1) {
                    case .success(.type(let t)): typeName = t
                    case .success(let v): onValue = v
                    case .failure(let f): return .failure(f)
                    }
                }
            } else {
                // `.init(...)`, `.systemFont(...)`, `.filled()`: the expected type's.
                switch expect {
                case .color: typeName = "UIColor"
                case .font: typeName = "UIFont"
                case .image: typeName = "UIImage"
                case .configuration: typeName = "UIButton.Configuration"
                case .insets: typeName = "UIEdgeInsets"
                default: typeName = nil
                }
            }
        default:
            return fail(e, "a call ButtonKit does not evaluate")
        }
        if let v = onValue { return methodOnValue(v, name, e, scope, depth: depth) }
        let t = typeName ?? ""
        switch (t, name) {
        case ("UIColor", "init"), ("Color", "init"):
            if labels.first == "red" || labels.first == "displayP3Red" {
                guard case .success(let r) = number(arg(e, labels[0]), scope, depth: depth),
                      case .success(let g) = number(arg(e, "green"), scope, depth: depth),
                      case .success(let b) = number(arg(e, "blue"), scope, depth: depth) else {
                    return fail(e, "a colour from values computed at run time")
                }
                var a = 1.0
                if arg(e, "alpha") != nil {
                    guard case .success(let v) = number(arg(e, "alpha"), scope, depth: depth) else { return fail(e, "an alpha computed at run time") }
                    a = v
                }
                var rgb = (r, g, b)
                if labels[0] == "displayP3Red" { rgb = ColorSpaces.sRGB(fromDisplayP3: rgb) }
                return .success(.color(.fixed(Color(unitRed: min(1, max(0, rgb.0)), green: min(1, max(0, rgb.1)),
                                                     blue: min(1, max(0, rgb.2)), alpha: min(1, max(0, a))))))
            }
            if labels.first == "white" {
                guard case .success(let w) = number(arg(e, "white"), scope, depth: depth),
                      case .success(let a) = number(arg(e, "alpha") ?? SyntaxNode(.intLiteral, "1"), scope, depth: depth) else {
                    return fail(e, "a colour from values computed at run time")
                }
                let c = min(1, max(0, w))
                return .success(.color(.fixed(Color(unitRed: c, green: c, blue: c, alpha: min(1, max(0, a))))))
            }
            if labels.first == "named" || (t == "Color" && labels.first == "") {
                guard let n = args(e).first?.children.first, case .success(.string(let s)) = eval(n, scope, .string, depth: depth + 1) else {
                    return fail(e, "a colour name computed at run time")
                }
                if let c = assets[s] { return .success(.color(c)) }
                return fail(e, hasCatalogs ? "no colour set '\(s)' in the app's asset catalogs" : "colour set '\(s)': no asset catalog was found")
            }
            return fail(e, "UIColor(\(labels.map { $0 + ":" }.joined())) is not evaluated (an initialiser of the app's own?)")
        case ("UIColor", let m) where Evaluator.uikitColor(m) != nil:
            return .success(.color(Evaluator.uikitColor(m) ?? .dynamic(.tint)))
        case ("UIFont", "systemFont"), ("UIFont", "boldSystemFont"), ("UIFont", "italicSystemFont"), ("UIFont", "monospacedSystemFont"),
             ("UIFont", "monospacedDigitSystemFont"):
            guard case .success(let size) = number(arg(e, "ofSize"), scope, depth: depth) else { return fail(e, "a font size computed at run time") }
            var weight: FontWeight = name == "boldSystemFont" ? .bold : .regular
            if let w = arg(e, "weight") {
                guard case .success(.member(let wn)) = eval(w, scope, .weight, depth: depth + 1), let fw = FontWeight(rawValue: wn) else {
                    return fail(w, "a font weight ButtonKit does not model")
                }
                weight = fw
            }
            guard let f = try? Font.make(family: name == "monospacedSystemFont" ? "monospace" : "system", size: size, weight: weight) else {
                return fail(e, "font size \(Format.number(size)) out of range")
            }
            return .success(.font(f))
        case ("UIFont", "preferredFont"):
            guard let s = arg(e, "forTextStyle"), case .success(.member(let style)) = eval(s, scope, .textStyle, depth: depth + 1),
                  let ts = TextStyle(rawValue: style) else { return fail(e, "a text style ButtonKit does not model") }
            return .success(.font(Font(textStyle: ts)))
        case ("UIFont", "init"):
            guard let n = arg(e, "name"), case .success(.string(let family)) = eval(n, scope, .string, depth: depth + 1),
                  case .success(let size) = number(arg(e, "size"), scope, depth: depth),
                  let f = try? Font.make(family: family, size: size) else { return fail(e, "a font ButtonKit cannot evaluate") }
            return .success(.font(f))
        case ("UIFontMetrics", "init") where labels == ["forTextStyle"]:
            // `UIFontMetrics(forTextStyle: .headline)`: metrics whose
            // `scaledFont(for:)` is the font itself at the default text size, as `.default`'s.
            return .success(.type("UIFontMetrics"))
        case ("UIFontMetrics", "scaledFont"), ("UIFontMetrics.default", "scaledFont"):
            guard let f = arg(e, "for") else { return fail(e, "scaledFont without a font") }
            return eval(f, scope, .font, depth: depth + 1)
        case ("UIImage", "init"):
            if let n = arg(e, "named") ?? arg(e, "systemName") {
                guard case .success(.string(let s)) = eval(n, scope, .string, depth: depth + 1) else { return fail(n, "an image name computed at run time") }
                return .success(.image(s, symbol: arg(e, "systemName") != nil))
            }
            return fail(e, "an image ButtonKit does not evaluate")
        case ("", "NSLocalizedString"), ("String", "init"):
            guard let k = args(e).first?.children.first, case .success(.string(let key)) = eval(k, scope, .string, depth: depth + 1) else {
                return fail(e, "a localized string whose key is computed at run time")
            }
            if name == "NSLocalizedString" || labels.first == "localized" {
                if let v = index.string(key) { return .success(.string(v)) }
                // `value:` is the development language's text when the tables lack the key.
                if let vn = arg(e, "value") ?? arg(e, "defaultValue"), case .success(.string(let v)) = eval(vn, scope, .string, depth: depth + 1) {
                    return .success(.string(v))
                }
                return .success(.string(key))
            }
            if labels.first == "" { return .success(.string(key)) }
            return fail(e, "String(\(labels.map { $0 + ":" }.joined())) is not evaluated")
        case ("CGFloat", "init"), ("Double", "init"), ("Float", "init"), ("Int", "init"):
            guard let a = args(e).first?.children.first else { return fail(e, "a conversion of nothing") }
            return eval(a, scope, .number, depth: depth + 1)
        case ("UIEdgeInsets", "init"):
            guard case .success(let top) = number(arg(e, "top"), scope, depth: depth), case .success(let left) = number(arg(e, "left"), scope, depth: depth),
                  case .success(let bottom) = number(arg(e, "bottom"), scope, depth: depth), case .success(let right) = number(arg(e, "right"), scope, depth: depth) else {
                return fail(e, "insets computed at run time")
            }
            return .success(.insets(top: top, left: left, bottom: bottom, right: right))
        case ("NSDirectionalEdgeInsets", "init"):
            guard case .success(let top) = number(arg(e, "top"), scope, depth: depth), case .success(let l) = number(arg(e, "leading"), scope, depth: depth),
                  case .success(let bottom) = number(arg(e, "bottom"), scope, depth: depth), case .success(let tr) = number(arg(e, "trailing"), scope, depth: depth) else {
                return fail(e, "insets computed at run time")
            }
            return .success(.insets(top: top, left: l, bottom: bottom, right: tr))
        case ("CGRect", "init"):
            guard case .success(let x) = number(arg(e, "x"), scope, depth: depth), case .success(let y) = number(arg(e, "y"), scope, depth: depth),
                  case .success(let w) = number(arg(e, "width"), scope, depth: depth), case .success(let h) = number(arg(e, "height"), scope, depth: depth) else {
                return fail(e, "a frame computed at run time")
            }
            return .success(.rect(Rect(x: x, y: y, width: w, height: h)))
        case ("UIButton.Configuration", let s) where ConfigurationStyle(rawValue: s) != nil:
            return .success(.configuration(ButtonConfiguration(style: ConfigurationStyle(rawValue: s) ?? .plain)))
        case ("UIAction", "init"):
            var title: String?, image: String?
            if let tn = arg(e, "title"), case .success(.string(let s)) = eval(tn, scope, .string, depth: depth + 1) { title = s }
            if let im = arg(e, "image"), case .success(.image(let s, _)) = eval(im, scope, .image, depth: depth + 1) { image = s }
            let handler = args(e).last { $0.has(.isTrailing) || $0.text == "handler" }?.children.first ?? e
            return .success(.action(title: title, image: image, position: "\(Evaluator.base(scope.path)):\(handler.line)"))
        default:
            break
        }
        // SwiftGen's assets: `ColorAsset(name: "Colors/Brand")`, `ImageAsset(name:)`.
        if name == "init", labels == ["name"], t.hasSuffix("ColorAsset") || t.hasSuffix("ImageAsset"),
           let n = arg(e, "name"), case .success(.string(let assetName)) = eval(n, scope, .string, depth: depth + 1) {
            if t.hasSuffix("ImageAsset") { return .success(.image(assetName, symbol: false)) }
            let last = assetName.split(separator: "/").last.map(String.init) ?? assetName
            if let c = assets[assetName] ?? assets[last] { return .success(.color(c)) }
            return fail(e, hasCatalogs ? "no colour set '\(assetName)' in the app's asset catalogs" : "colour set '\(assetName)': no asset catalog was found")
        }
        // The app's own static functions with one `return`.
        if !t.isEmpty, let f = index.functions(t, name).first, f.node.has(.isStatic) || t == scope.selfType {
            return appFunction(f.node, e, Scope(path: f.path, selfType: t), expect, depth: depth, callScope: scope)
        }
        if t.isEmpty, let f = index.functions[name] {
            return appFunction(f.node, e, Scope(path: f.path, selfType: nil), expect, depth: depth, callScope: scope)
        }
        if t.isEmpty, let st = scope.selfType, let f = index.functions(st, name).first {
            return appFunction(f.node, e, Scope(path: f.path, selfType: st), expect, depth: depth, callScope: scope)
        }
        return fail(e, "\(t.isEmpty ? "" : t + ".")\(name)(\(labels.map { ($0.isEmpty ? "_" : $0) + ":" }.joined())) is not evaluated")
    }

    /// A function of the app whose body is one `return`: its parameters
    /// bound to the call's evaluated arguments.
    func appFunction(_ f: SyntaxNode, _ call: SyntaxNode, _ inner: Scope, _ expect: Expect, depth: Int, callScope: Scope) -> R {
        guard let body = f.first(.body), let r = Evaluator.singleResult(body.children) else {
            if let v = localizingHelper(f, call, callScope, owner: inner.selfType, depth: depth) { return v }
            return fail(call, "'\(f.text)' computes its value in more than one statement")
        }
        var s = inner
        let params = f.all(.parameter)
        let given = args(call)
        var used = 0
        for p in params {
            let internalName = p.first(.identifier)?.text ?? p.text
            let label = p.text == "_" ? "" : p.text
            var valueNode: SyntaxNode?
            var fromDefault = false
            if used < given.count, given[used].text == label { valueNode = given[used].children.first; used += 1 }
            else { valueNode = p.first(.initializer)?.children.first; fromDefault = true }
            guard let vn = valueNode else { return fail(call, "argument '\(label)' of '\(f.text)' not found") }
            switch eval(vn, fromDefault ? inner : callScope, Expect.forType(p.first(.typeAnnotation)?.text), depth: depth + 1) {
            case .success(let v): s.values[internalName] = v
            case .failure(let fl): return .failure(fl)
            }
        }
        return eval(r, s, expect, depth: depth + 1)
    }

    func methodOnValue(_ v: CodeValue, _ name: String, _ e: SyntaxNode, _ scope: Scope, depth: Int) -> R {
        switch (v, name) {
        case (.color, "color"), (.image, "image"):
            return .success(v)   // SwiftGen's `Asset.Colors.brand.color`
        case (.color(let c), "withAlphaComponent"):
            guard case .success(let a) = number(args(e).first?.children.first, scope, depth: depth) else { return fail(e, "an alpha computed at run time") }
            let alpha = UInt8(min(1, max(0, a)) * 255 + 0.5)
            func with(_ x: Color) -> Color { Color(red: x.red, green: x.green, blue: x.blue, alpha: alpha) }
            switch c {
            case .fixed(let x): return .success(.color(.fixed(with(x))))
            case .dynamic(let d):
                // Each appearance with the alpha replaced, as UIKit's
                // withAlphaComponent does to a dynamic colour: kept as a
                // colour set of its own (`Brand/blurple (alpha 0.8)`).
                let name = "\(d.description) (alpha \(Format.number(a)))"
                switch d {
                case .asset(let ref):
                    guard !ref.color.variants.contains(where: { $0.system != nil }) else {
                        return fail(e, "withAlphaComponent of a colour set made of system colours")
                    }
                    let variants = ref.color.variants.map { v in
                        AssetColor.Variant(style: v.style, contrast: v.contrast, idiomSpecific: v.idiomSpecific, color: with(v.color))
                    }
                    return .success(.color(.dynamic(.asset(AssetColorRef(AssetColor(name: name, variants: variants))))))
                case .system(let sys):
                    let variants = UserInterfaceStyle.allCases.map { st in AssetColor.Variant(style: st, color: with(sys.color(in: st))) }
                    return .success(.color(.dynamic(.asset(AssetColorRef(AssetColor(name: name, variants: variants))))))
                case .tint:
                    return fail(e, "withAlphaComponent of the tint colour (the control's, known when drawn)")
                }
            }
        case (.color, "resolvedColor"):
            return .success(v)
        case (.image, "withRenderingMode"), (.image, "withTintColor"), (.image, "withConfiguration"), (.image, "applyingSymbolConfiguration"):
            return .success(v)
        case (.string(let s), "localized"): return localizedHelper(s, e)
        case (.string(let s), "uppercased"): return .success(.string(s.uppercased()))
        case (.string(let s), "lowercased"): return .success(.string(s.lowercased()))
        case (.font(let f), "withSize"):
            guard case .success(let n) = number(args(e).first?.children.first, scope, depth: depth), let g = try? Font.make(family: f.family, size: n, weight: f.weight) else {
                return fail(e, "a font size computed at run time")
            }
            return .success(.font(g))
        default:
            return fail(e, "'\(name)(...)' on \(v.describe) is not evaluated")
        }
    }

    /// A helper that looks a key up in the string tables (SwiftGen's
    /// `L10n.tr(table, key, fallback:)`, an app's `localize(key)`): its body
    /// calls `localizedString(forKey:...)` or `NSLocalizedString`, and a
    /// parameter is named `key`. The key's value in the tables, else the
    /// `fallback:`/`value:` argument, else the key.
    func localizingHelper(_ f: SyntaxNode, _ call: SyntaxNode, _ scope: Scope, owner: String?, depth: Int) -> R? {
        guard localizes(f, owner: owner, depth: 0) else { return nil }
        let params = f.all(.parameter)
        let given = args(call)
        func argument(_ match: (SyntaxNode) -> Bool) -> SyntaxNode? {
            guard let i = params.firstIndex(where: match) else { return nil }
            let p = params[i]
            if p.text != "_" { return given.first { $0.text == p.text }?.children.first }
            return i < given.count && given[i].text.isEmpty ? given[i].children.first : nil
        }
        guard let keyNode = argument({ ($0.first(.identifier)?.text ?? $0.text) == "key" || $0.text == "key" }),
              case .success(.string(let key)) = eval(keyNode, scope, .string, depth: depth + 1) else { return nil }
        if let v = index.string(key) { return .success(.string(v)) }
        if let fb = argument({ $0.text == "fallback" || ($0.first(.identifier)?.text ?? "") == "value" }),
           case .success(.string(let s)) = eval(fb, scope, .string, depth: depth + 1) { return .success(.string(s)) }
        return .success(.string(key))
    }

    /// Whether `f`'s body looks a string up in the tables: it calls
    /// `localizedString` or `NSLocalizedString`, or an app function of its
    /// own type (or a global one) that does, two levels deep (SwiftGen's
    /// `tr` calling the app's `localizedFormat(key, table)`).
    func localizes(_ f: SyntaxNode, owner: String?, depth: Int) -> Bool {
        if Evaluator.contains(f, call: "localizedString") || Evaluator.contains(f, call: "NSLocalizedString") { return true }
        guard depth < 2, let body = f.first(.body) else { return false }
        var names: [String] = []
        func collect(_ n: SyntaxNode) {
            if n.kind == .call, let c = n.children.first, c.kind == .identifier { names.append(c.text) }
            for ch in n.children { collect(ch) }
        }
        collect(body)
        for name in names where name != f.text {
            let candidates = (owner.map { index.functions($0, name) } ?? []) + (index.functions[name].map { [$0] } ?? [])
            if candidates.contains(where: { localizes($0.node, owner: owner, depth: depth + 1) }) { return true }
        }
        return false
    }

    /// `"key".localized`: the app's helper, when its body is `NSLocalizedString`.
    func localizedHelper(_ key: String, _ e: SyntaxNode) -> R {
        if let m = index.member("String", "localized", kinds: [.variable, .function]), Evaluator.contains(m.node, call: "NSLocalizedString") {
            return .success(.string(index.string(key) ?? key))
        }
        return fail(e, "'.localized' is not a helper whose body is NSLocalizedString")
    }

    static func contains(_ n: SyntaxNode, call name: String) -> Bool {
        if n.kind == .call, let c = n.children.first, (c.kind == .identifier || c.kind == .memberAccess), c.text == name { return true }
        return n.children.contains { contains($0, call: name) }
    }

    func macro(_ e: SyntaxNode, _ scope: Scope, depth: Int) -> R {
        switch e.text {
        case "colorLiteral":
            guard case .success(let r) = number(e.children.first { $0.text == "red" }?.children.first, scope, depth: depth),
                  case .success(let g) = number(e.children.first { $0.text == "green" }?.children.first, scope, depth: depth),
                  case .success(let b) = number(e.children.first { $0.text == "blue" }?.children.first, scope, depth: depth),
                  case .success(let a) = number(e.children.first { $0.text == "alpha" }?.children.first, scope, depth: depth) else {
                return fail(e, "a colour literal with values ButtonKit cannot read")
            }
            return .success(.color(.fixed(Color(unitRed: min(1, max(0, r)), green: min(1, max(0, g)), blue: min(1, max(0, b)), alpha: min(1, max(0, a))))))
        case "imageLiteral":
            guard let n = e.children.first?.children.first, case .success(.string(let s)) = eval(n, scope, .string, depth: depth + 1) else {
                return fail(e, "an image literal ButtonKit cannot read")
            }
            return .success(.image(s, symbol: false))
        case "selector":
            guard let inner = e.children.first?.children.first else { return fail(e, "an empty #selector") }
            return .success(.selector(Evaluator.objcSelector(inner)))
        default:
            return fail(e, "#\(e.text) is not evaluated")
        }
    }

    /// `#selector(pay(_:))` → `pay:`; `done` → `done`; `tap(sender:)` →
    /// `tapWithSender:` (Swift's names as the Objective-C runtime sees them).
    static func objcSelector(_ n: SyntaxNode) -> String {
        var text = n.kind == .memberAccess ? n.text : n.text
        if let dot = text.lastIndex(of: "."), !text.contains("(") || dot < (text.firstIndex(of: "(") ?? text.endIndex) {
            text = String(text[text.index(after: dot)...])
        }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return text }
        let base = String(text[..<open])
        let labels = text[text.index(after: open)..<text.index(before: text.endIndex)].split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        var out = base
        for (i, l) in labels.enumerated() {
            if i == 0 {
                out += l == "_" ? ":" : "With" + l.prefix(1).uppercased() + l.dropFirst() + ":"
            } else {
                out += (l == "_" ? "" : l) + ":"
            }
        }
        return out
    }
}

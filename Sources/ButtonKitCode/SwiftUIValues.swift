import ButtonKit
import ButtonKitSwiftIR

/// SwiftUI's values on top of the UIKit evaluator: `Color`'s own names
/// (which are the dynamic system colours, `Color.red` is `systemRed`),
/// `.primary`/`.secondary`, `.accentColor`, `.opacity(_:)`, `Color(uiColor:)`;
/// `Font`'s text styles, `.system(size:weight:)`, `.custom(_:size:)`,
/// `.bold()`/`.weight(_:)`; localized string keys. Anything else goes to the
/// `Evaluator` (literals, the app's constants across files, `Color("Name")`
/// through the catalogs, `Color(red:green:blue:)`), so both halves read the
/// app's constants the same way.
struct SwiftUIValues {
    let evaluator: Evaluator
    typealias R<T> = Result<T, EvalFailure>

    func fail<T>(_ n: SyntaxNode, _ why: String) -> R<T> { .failure(EvalFailure(node: n, reason: why)) }

    /// SwiftUI's named colours: the system colours they are.
    static func named(_ name: String) -> ColorValue? {
        switch name {
        case "primary": return .dynamic(.system(.label))
        case "secondary": return .dynamic(.system(.secondaryLabel))
        case "accentColor", "accent", "tint": return .dynamic(.tint)
        case "black": return .fixed(Color(unitRed: 0, green: 0, blue: 0))
        case "white": return .fixed(Color(unitRed: 1, green: 1, blue: 1))
        case "clear": return .fixed(.clear)
        case "gray", "grey": return .dynamic(.system(.systemGray))
        default:
            let system = "system" + name.prefix(1).uppercased() + name.dropFirst()
            if let s = SystemColor(named: system), s.rawValue == system { return .dynamic(.system(s)) }
            if let s = SystemColor(named: name), s.rawValue == name { return .dynamic(.system(s)) }
            return nil
        }
    }

    func color(_ e: SyntaxNode, _ scope: Scope, depth: Int = 0) -> R<ColorValue> {
        guard depth < Evaluator.maxDepth else { return fail(e, "colours nested too deeply") }
        switch e.kind {
        case .memberAccess:
            // `.red`, `Color.red`, `.accentColor`, `Color.primary`.
            let base = e.children.first
            if base == nil || (base?.kind == .identifier && ["Color", "ShapeStyle", "HierarchicalShapeStyle"].contains(base?.text ?? "")) {
                if let c = SwiftUIValues.named(e.text) { return .success(c) }
                if base == nil || base?.text == "Color" {
                    // The app's own `extension Color { static let brand = ... }`.
                    if let m = evaluator.index.member("Color", e.text, kinds: [.variable]) ?? evaluator.index.member("ShapeStyle", e.text, kinds: [.variable]) {
                        return declared(m.node, e, Scope(path: m.path, selfType: "Color"), depth: depth)
                    }
                }
            }
            // `Theme.brand`: the app's own constant, read as a SwiftUI colour.
            if let b = base, b.kind == .identifier, evaluator.index.types[b.text] != nil,
               let m = evaluator.index.member(b.text, e.text, kinds: [.variable, .enumCase]), m.node.kind == .variable {
                return declared(m.node, e, Scope(path: m.path, selfType: b.text), depth: depth)
            }
        case .call:
            if let callee = e.children.first, callee.kind == .memberAccess, let base = callee.children.first,
               ["opacity", "opacity(_:)"].contains(callee.text) {
                guard case .success(let c) = color(base, scope, depth: depth + 1) else { return color(base, scope, depth: depth + 1) }
                guard case .success(.number(let a)) = evaluator.eval(e.children.dropFirst().first?.children.first ?? e, scope, .number) else {
                    return fail(e, "an opacity computed at run time")
                }
                return .success(SwiftUIValues.multiply(c, alpha: a))
            }
            if let callee = e.children.first, callee.kind == .identifier, callee.text == "Color",
               let a = e.children.dropFirst().first, ["uiColor", ""].contains(a.text), let v = a.children.first, v.kind != .stringLiteral {
                // `Color(uiColor: .systemBlue)`, `Color(.systemBlue)`: a UIKit colour.
                if case .success(.color(let c)) = evaluator.eval(v, scope, .color) { return .success(c) }
            }
        case .identifier:
            if let v = scope.values[e.text], case .color(let c) = v { return .success(c) }
            if let t = scope.selfType, let m = evaluator.index.member(t, e.text, kinds: [.variable]) {
                return declared(m.node, e, Scope(path: m.path, selfType: t), depth: depth)
            }
            if let g = evaluator.index.globals[e.text] { return declared(g.node, e, Scope(path: g.path, selfType: nil), depth: depth) }
        default: break
        }
        switch evaluator.eval(e, scope, .color) {
        case .success(.color(let c)): return .success(c)
        case .success: return fail(e, "not a colour")
        case .failure(let f): return .failure(f)
        }
    }

    /// A constant's value read as a colour (its initializer through `color`).
    func declared(_ decl: SyntaxNode, _ use: SyntaxNode, _ scope: Scope, depth: Int) -> R<ColorValue> {
        if let i = decl.first(.initializer)?.children.first { return color(i, scope, depth: depth + 1) }
        if let get = decl.children.first(where: { $0.kind == .accessor && $0.text == "get" }), let r = Evaluator.singleResult(get.children) {
            return color(r, scope, depth: depth + 1)
        }
        return fail(use, "'\(decl.text)' has no value ButtonKit can see (set at run time)")
    }

    static func multiply(_ c: ColorValue, alpha: Double) -> ColorValue {
        let a = min(1, max(0, alpha))
        switch c {
        case .fixed(let f): return .fixed(f.multiplyingAlpha(a))
        default:
            let f = c.resolve(.default)
            return .fixed(f.multiplyingAlpha(a))
        }
    }

    static let textStyles: [String: TextStyle] = [
        "largeTitle": .largeTitle, "title": .title1, "title2": .title2, "title3": .title3, "headline": .headline,
        "subheadline": .subheadline, "body": .body, "callout": .callout, "footnote": .footnote, "caption": .caption1,
        "caption2": .caption2,
    ]

    static func weight(_ name: String) -> FontWeight? { FontWeight(rawValue: name) }

    func font(_ e: SyntaxNode, _ scope: Scope, depth: Int = 0) -> R<Font> {
        guard depth < Evaluator.maxDepth else { return fail(e, "fonts nested too deeply") }
        switch e.kind {
        case .memberAccess:
            if e.children.isEmpty || e.children.first?.text == "Font" {
                if let ts = SwiftUIValues.textStyles[e.text] { return .success(Font(textStyle: ts)) }
                if let m = evaluator.index.member("Font", e.text, kinds: [.variable]) {
                    return declaredFont(m.node, e, Scope(path: m.path, selfType: "Font"), depth: depth)
                }
                return fail(e, "'.\(e.text)' is not a SwiftUI font ButtonKit models")
            }
            if let base = e.children.first, let t = scope.selfType ?? Optional(""), base.kind == .identifier, base.text != "Font" {
                _ = t
                if let m = evaluator.index.member(base.text, e.text, kinds: [.variable]) {
                    return declaredFont(m.node, e, Scope(path: m.path, selfType: base.text), depth: depth)
                }
            }
        case .identifier:
            if let t = scope.selfType, let m = evaluator.index.member(t, e.text, kinds: [.variable]) {
                return declaredFont(m.node, e, Scope(path: m.path, selfType: t), depth: depth)
            }
            if let g = evaluator.index.globals[e.text] { return declaredFont(g.node, e, Scope(path: g.path, selfType: nil), depth: depth) }
        case .call:
            guard let callee = e.children.first, callee.kind == .memberAccess else { break }
            let args = Array(e.children.dropFirst())
            func arg(_ l: String) -> SyntaxNode? { args.first { $0.text == l }?.children.first }
            if let base = callee.children.first, base.kind != .identifier || base.text != "Font" {
                // `.headline.bold()`, `.body.weight(.semibold)`, `.title.italic()`.
                guard case .success(var f) = font(base, scope, depth: depth + 1) else { return font(base, scope, depth: depth + 1) }
                switch callee.text {
                case "bold": f.weight = .bold
                case "weight":
                    guard let w = args.first?.children.first, w.kind == .memberAccess, let fw = SwiftUIValues.weight(w.text) else {
                        return fail(e, "a font weight ButtonKit does not model")
                    }
                    f.weight = fw
                case "italic", "monospacedDigit", "smallCaps", "leading": break
                default: return fail(e, "'.\(callee.text)(...)' of a font is not modelled")
                }
                return .success(f)
            }
            switch callee.text {
            case "system":
                if let s = arg("size") {
                    guard case .success(.number(let size)) = evaluator.eval(s, scope, .number) else { return fail(s, "a font size computed at run time") }
                    var weight = FontWeight.regular
                    if let w = arg("weight") {
                        guard w.kind == .memberAccess, let fw = SwiftUIValues.weight(w.text) else { return fail(w, "a font weight ButtonKit does not model") }
                        weight = fw
                    }
                    guard let f = try? Font.make(family: arg("design")?.text == "monospaced" ? "monospace" : "system", size: size, weight: weight) else {
                        return fail(e, "font size \(Format.number(size)) out of range")
                    }
                    return .success(f)
                }
                if let first = args.first?.children.first, first.kind == .memberAccess, let ts = SwiftUIValues.textStyles[first.text] {
                    var f = Font(textStyle: ts)
                    if let w = arg("weight"), w.kind == .memberAccess, let fw = SwiftUIValues.weight(w.text) { f.weight = fw }
                    return .success(f)
                }
            case "custom":
                guard let n = args.first?.children.first, case .success(.string(let family)) = evaluator.eval(n, scope, .string) else {
                    return fail(e, "a font name computed at run time")
                }
                if let s = arg("size"), case .success(.number(let size)) = evaluator.eval(s, scope, .number), let f = try? Font.make(family: family, size: size) {
                    return .success(f)
                }
                if let r = arg("relativeTo"), r.kind == .memberAccess, let ts = SwiftUIValues.textStyles[r.text] {
                    return .success(Font(textStyle: ts, family: family))
                }
                return fail(e, "a custom font's size computed at run time")
            default: break
            }
            return fail(e, "Font.\(callee.text)(...) is not modelled")
        default: break
        }
        switch evaluator.eval(e, scope, .font) {
        case .success(.font(let f)): return .success(f)
        case .success: return fail(e, "not a font")
        case .failure(let f): return .failure(f)
        }
    }

    func declaredFont(_ decl: SyntaxNode, _ use: SyntaxNode, _ scope: Scope, depth: Int) -> R<Font> {
        if let i = decl.first(.initializer)?.children.first { return font(i, scope, depth: depth + 1) }
        if let get = decl.children.first(where: { $0.kind == .accessor && $0.text == "get" }), let r = Evaluator.singleResult(get.children) {
            return font(r, scope, depth: depth + 1)
        }
        return fail(use, "'\(decl.text)' has no value ButtonKit can see (set at run time)")
    }

    /// A title: a string literal is a `LocalizedStringKey` (looked up in the
    /// app's tables), any other string is shown as it is (SwiftUI's
    /// `StringProtocol` initialisers do not localize).
    func title(_ e: SyntaxNode, _ scope: Scope, verbatim: Bool = false) -> R<String> {
        if e.kind == .stringLiteral, !e.has(.isInterpolated) {
            return .success(verbatim ? e.text : (evaluator.index.string(e.text) ?? e.text))
        }
        if let s = evaluator.generatedString(e) { return .success(s) }
        // `"count-\(n)"` is the key `count-%lld` when the table has it.
        if !verbatim, let (s, complete) = localized(e, scope), complete { return .success(s) }
        switch evaluator.eval(e, scope, .string) {
        case .success(.string(let s)): return .success(s)
        case .success: return fail(e, "a title that is not text")
        case .failure(let f): return .failure(f)
        }
    }

    /// An interpolated title with parts known only at run time, as a
    /// pattern: a `LocalizedStringKey`'s table entry (`"follow-\(name)"` is
    /// the key `follow-%@`) with its arguments filled in where they are
    /// known, else the literal parts; each unknown part is `…`. Nil when no
    /// literal text is left to show.
    func pattern(_ e: SyntaxNode, _ scope: Scope, verbatim: Bool = false) -> String? {
        guard e.kind == .stringLiteral, e.has(.isInterpolated) else { return nil }
        if !verbatim, let (s, _) = localized(e, scope) { return s }
        let parts = interpolation(e, scope).parts
        guard parts.contains(where: { ($0 ?? "").contains { !$0.isWhitespace } }), parts.contains(where: { $0 == nil }) else { return nil }
        let literal = parts.map { $0 ?? "…" }.joined()
        return literal.contains { !$0.isWhitespace && $0 != "…" } ? literal : nil
    }

    /// An interpolated `LocalizedStringKey`'s table entry with its arguments
    /// (`…` for each unknown), and whether every argument was known.
    func localized(_ e: SyntaxNode, _ scope: Scope) -> (String, Bool)? {
        guard e.kind == .stringLiteral, e.has(.isInterpolated) else { return nil }
        let (parts, keyParts) = interpolation(e, scope)
        let args = parts.enumerated().filter { keyParts[$0.offset] == nil }.map(\.element)
        for spec in ["%@", "%lld", "%d"] {
            let key = keyParts.map { $0 ?? spec }.joined()
            if let format = evaluator.index.strings[key] { return (SwiftUIValues.fill(format, args), !args.contains { $0 == nil }) }
        }
        return nil
    }

    /// An interpolation's parts (nil where unknown) and its literal parts (nil at each interpolation).
    func interpolation(_ e: SyntaxNode, _ scope: Scope) -> (parts: [String?], keyParts: [String?]) {
        var parts: [String?] = []
        var keyParts: [String?] = []
        for p in e.children {
            if p.kind == .stringSegment { parts.append(p.text); keyParts.append(p.text); continue }
            switch evaluator.eval(p, scope, .any) {
            case .success(.string(let s)): parts.append(s)
            case .success(.number(let n)): parts.append(Format.number(n))
            default: parts.append(nil)
            }
            keyParts.append(nil)
        }
        return (parts, keyParts)
    }

    /// A format (`"Follow %@"`, `"%1$@ and %2$lld"`) with its arguments, `…` for each unknown.
    static func fill(_ format: String, _ args: [String?]) -> String {
        var out = ""
        var next = 0
        var i = format.startIndex
        while i < format.endIndex {
            let ch = format[i]
            guard ch == "%" else { out.append(ch); i = format.index(after: i); continue }
            var j = format.index(after: i)
            if j < format.endIndex, format[j] == "%" { out.append("%"); i = format.index(after: j); continue }
            var digits = ""
            while j < format.endIndex, format[j].isNumber { digits.append(format[j]); j = format.index(after: j) }
            var position: Int?
            if j < format.endIndex, format[j] == "$", let n = Int(digits) { position = n - 1; j = format.index(after: j) }
            while j < format.endIndex, "lhqzjt.0123456789".contains(format[j]) { j = format.index(after: j) }
            guard j < format.endIndex else { out += format[i...]; break }
            let index = position ?? next
            next += 1
            out += (index >= 0 && index < args.count ? args[index] : nil) ?? "…"
            i = format.index(after: j)
        }
        return out
    }

    func number(_ e: SyntaxNode, _ scope: Scope) -> R<Double> {
        switch evaluator.eval(e, scope, .number) {
        case .success(.number(let n)): return .success(n)
        case .success: return fail(e, "not a number")
        case .failure(let f): return .failure(f)
        }
    }

    func bool(_ e: SyntaxNode, _ scope: Scope) -> R<Bool> {
        switch evaluator.eval(e, scope, .bool) {
        case .success(.bool(let b)): return .success(b)
        case .success: return fail(e, "not a Bool")
        case .failure(let f): return .failure(f)
        }
    }
}

import ButtonKit
import ButtonKitSwiftIR

/// What the modifiers reaching a SwiftUI control say, applied in order (the
/// innermost last, so it wins). Values are evaluated with `SwiftUIValues`;
/// a value it cannot evaluate is listed as unresolved and the control keeps
/// the rest. Modifiers that do not change a button's look (`onTapGesture`,
/// `sheet`...) are passed over.
struct SwiftUILook {
    /// `automatic`, `bordered`, `borderedProminent`, `borderless`, `plain`,
    /// or the app's own style type's name.
    var style = "automatic"
    var customStyle: String?
    var tint: ColorValue?
    var foreground: ColorValue?
    var font: Font?
    var weight: FontWeight?
    var disabled = false
    var size: ConfigurationSize = .medium
    var shape: ConfigurationCornerStyle?
    var shapeRadius: Double?
    var accessibilityLabel: String?
    var accessibilityIdentifier: String?
    var accessibilityHint: String?
    var traits: [AccessibilityTrait] = []
    var width: Double?
    var height: Double?
    var fillsWidth = false
    var center: (x: Double, y: Double)?
    var padding = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
    var opacity: Double?
    var background: ColorValue?
    var clipRadius: Double?
    var clipCapsule = false
    var colorScheme: UserInterfaceStyle?
    var toggleButton = false
    /// `iconOnly`, `titleOnly`, `titleAndIcon`.
    var labelStyle: String?

    /// The built-in styles' types (`BorderlessButtonStyle()`, as written before iOS 15's `.borderless`).
    static let builtInTypes = [
        "DefaultButtonStyle": "automatic", "BorderedButtonStyle": "bordered", "BorderedProminentButtonStyle": "borderedProminent",
        "BorderlessButtonStyle": "borderless", "PlainButtonStyle": "plain",
    ]

    /// Modifiers understood; any other is not about a button's look.
    static let understood: Set<String> = [
        "buttonStyle", "tint", "accentColor", "foregroundColor", "foregroundStyle", "font", "fontWeight", "bold", "disabled",
        "controlSize", "buttonBorderShape", "accessibilityLabel", "accessibilityIdentifier", "accessibilityHint",
        "accessibilityAddTraits", "frame", "padding", "opacity", "background", "clipShape", "cornerRadius", "environment",
        "preferredColorScheme", "toggleStyle", "labelStyle", "position",
    ]

    /// `bound`: the view's properties a preview gives values.
    mutating func apply(_ m: SyntaxNode, path: String, selfType: String?, values: SwiftUIValues, bound: [String: CodeValue] = [:],
                        note: (SyntaxNode, String) -> Void) -> Bool {
        guard let callee = m.children.first, callee.kind == .memberAccess else { return false }
        let name = callee.text
        guard SwiftUILook.understood.contains(name) else { return false }
        var scope = Scope(path: path, selfType: selfType)
        scope.values = bound
        let args = Array(m.children.dropFirst())
        let first = args.first?.children.first
        func arg(_ l: String) -> SyntaxNode? { args.first { $0.text == l }?.children.first }
        func color(_ n: SyntaxNode?) -> ColorValue? {
            guard let n else { note(m, "\(name) without a value"); return nil }
            switch values.color(n, scope) {
            case .success(let c): return c
            case .failure(let f): note(f.node, "\(name): \(f.reason)"); return nil
            }
        }
        func number(_ n: SyntaxNode?) -> Double? {
            guard let n else { return nil }
            switch values.number(n, scope) {
            case .success(let v): return v
            case .failure(let f): note(f.node, "\(name): \(f.reason)"); return nil
            }
        }
        func string(_ n: SyntaxNode?) -> String? {
            guard let n else { return nil }
            switch values.title(n, scope) {
            case .success(let s): return s
            case .failure(let f): note(f.node, "\(name): \(f.reason)"); return nil
            }
        }
        switch name {
        case "buttonStyle":
            guard let s = first else { return false }
            if s.kind == .memberAccess, s.children.isEmpty, ["automatic", "bordered", "borderedProminent", "borderless", "plain"].contains(s.text) {
                style = s.text; customStyle = nil
            } else if s.kind == .call, let c = s.children.first, c.kind == .identifier, let b = SwiftUILook.builtInTypes[c.text] {
                style = b; customStyle = nil
            } else if s.kind == .call, let c = s.children.first, c.kind == .identifier, values.evaluator.index.types[c.text] != nil {
                style = c.text; customStyle = c.text
            } else if s.kind == .identifier, values.evaluator.index.types[s.text] != nil {
                style = s.text; customStyle = s.text
            } else if s.kind == .memberAccess, s.children.isEmpty, let t = SwiftUILook.styleExtension(s.text, values.evaluator.index) {
                style = t; customStyle = t
            } else {
                note(s, "a button style ButtonKit does not read"); return false
            }
        case "tint", "accentColor":
            if first?.kind == .nilLiteral { tint = nil } else if let c = color(first) { tint = c } else { return false }
        case "foregroundColor", "foregroundStyle":
            if let c = color(first) { foreground = c } else { return false }
        case "font":
            guard let f = first else { return false }
            switch values.font(f, scope) {
            case .success(let v): font = v
            case .failure(let fl): note(fl.node, "font: \(fl.reason)"); return false
            }
        case "fontWeight":
            guard let w = first, w.kind == .memberAccess, let fw = SwiftUIValues.weight(w.text) else { note(m, "a font weight ButtonKit does not model"); return false }
            weight = fw
        case "bold":
            weight = .bold
        case "disabled":
            guard let d = first else { return false }
            switch values.bool(d, scope) {
            case .success(let b): disabled = disabled || b
            case .failure(let f): note(f.node, "disabled: \(f.reason) (the button is taken as enabled)"); return false
            }
        case "controlSize":
            guard let s = first, s.kind == .memberAccess else { return false }
            switch s.text {
            case "mini": size = .mini
            case "small": size = .small
            case "regular": size = .medium
            case "large", "extraLarge": size = .large
            default: note(s, "a control size ButtonKit does not model"); return false
            }
        case "buttonBorderShape":
            guard let s = first else { return false }
            let n = s.kind == .call ? (s.children.first?.text ?? "") : s.text
            switch n {
            case "capsule", "circle": shape = .capsule
            case "automatic": shape = nil
            case "roundedRectangle":
                if s.kind == .call, let r = number(s.children.dropFirst().first?.children.first) { shape = .fixed; shapeRadius = r } else { shape = .dynamic }
            default: note(s, "a border shape ButtonKit does not model"); return false
            }
        case "accessibilityLabel":
            guard let s = string(first) else { return false }
            accessibilityLabel = s
        case "accessibilityIdentifier":
            guard let s = first, case .success(.string(let v)) = values.evaluator.eval(s, scope, .string) else { note(first ?? m, "an identifier computed at run time"); return false }
            accessibilityIdentifier = v
        case "accessibilityHint":
            guard let s = string(first) else { return false }
            accessibilityHint = s
        case "accessibilityAddTraits":
            guard let t = first else { return false }
            let names = t.kind == .arrayLiteral ? t.children.map(\.text) : [t.text]
            for n in names {
                let trait = n.hasPrefix("is") ? String(n.dropFirst(2)) : n
                let lower = trait.prefix(1).lowercased() + trait.dropFirst()
                if let a = AccessibilityTrait(rawValue: lower) { traits.append(a) }
            }
        case "frame":
            if let w = arg("width") { width = number(w) }
            if let h = arg("height") { height = number(h) }
            if let mw = arg("maxWidth"), mw.kind == .memberAccess, mw.text == "infinity" { fillsWidth = true }
            if let mh = arg("minHeight"), let h = number(mh) { height = max(height ?? 0, h) }
            if let mw = arg("minWidth"), let w = number(mw) { width = max(width ?? 0, w) }
        case "position":
            guard let x = number(arg("x")), let y = number(arg("y")) else { return false }
            center = (x, y)
        case "padding":
            var amount = 16.0
            var edges = "all"
            for a in args {
                guard let v = a.children.first else { continue }
                if v.kind == .memberAccess, v.children.isEmpty { edges = v.text }
                else if v.kind == .arrayLiteral { edges = v.children.map(\.text).joined(separator: ",") }
                else if let n = number(v) { amount = n }
                else { return false }
            }
            for e in edges.split(separator: ",") {
                switch e {
                case "all": padding.top += amount; padding.bottom += amount; padding.leading += amount; padding.trailing += amount
                case "horizontal": padding.leading += amount; padding.trailing += amount
                case "vertical": padding.top += amount; padding.bottom += amount
                case "top": padding.top += amount
                case "bottom": padding.bottom += amount
                case "leading": padding.leading += amount
                case "trailing": padding.trailing += amount
                default: break
                }
            }
        case "opacity":
            guard let o = number(first) else { return false }
            opacity = (opacity ?? 1) * min(1, max(0, o))
        case "background":
            // `background(_:)`, `background(_:in:)`, `background(alignment:) { }`.
            guard let b = args.first(where: { $0.text == "" })?.children.first ?? args.last?.children.first, b.kind != .keyPath else { return false }
            switch SwiftUIBackground.read(b, in: arg("in"), scope, values) {
            case .success(let bg):
                background = bg.color
                if bg.capsule { clipCapsule = true } else if let r = bg.cornerRadius { clipRadius = r }
            case .failure(let f): note(f.node, "background: \(f.reason)"); return false
            }
        case "cornerRadius":
            guard let r = number(first) else { return false }
            clipRadius = r
        case "clipShape":
            guard let s = first else { return false }
            let n = s.kind == .call ? (s.children.first?.text ?? "") : s.text
            switch n {
            case "Capsule", "capsule", "Circle", "circle": clipCapsule = true
            case "RoundedRectangle", "rect":
                guard let r = number(s.children.dropFirst().first { $0.text == "cornerRadius" }?.children.first) else { note(s, "a shape ButtonKit does not read"); return false }
                clipRadius = r
            default: note(s, "a shape ButtonKit does not read"); return false
            }
        case "environment":
            guard args.count == 2, let k = first, k.kind == .keyPath else { return false }
            guard k.text.hasSuffix("colorScheme") else { return false }
            guard let v = args[1].children.first, v.kind == .memberAccess, ["dark", "light"].contains(v.text) else { note(args[1], "a colour scheme computed at run time"); return false }
            colorScheme = v.text == "dark" ? .dark : .light
        case "preferredColorScheme":
            guard let v = first else { return false }
            if v.kind == .nilLiteral { colorScheme = nil }
            else if v.kind == .memberAccess, ["dark", "light"].contains(v.text) { colorScheme = v.text == "dark" ? .dark : .light }
            else { note(v, "a colour scheme computed at run time"); return false }
        case "toggleStyle":
            guard let v = first, v.kind == .memberAccess else { return false }
            toggleButton = v.text == "button"
        case "labelStyle":
            guard let v = first, v.kind == .memberAccess else { return false }
            labelStyle = v.text
        default:
            return false
        }
        return true
    }

    /// `.capsule` for `extension ButtonStyle where Self == CapsuleStyle { static var capsule: ... }`:
    /// the type a static member of a `ButtonStyle` extension makes.
    static func styleExtension(_ name: String, _ index: CodeIndex) -> String? {
        for base in ["ButtonStyle", "PrimitiveButtonStyle"] {
            guard let m = index.member(base, name, kinds: [.variable, .function]) else { continue }
            if let t = m.node.first(.typeAnnotation)?.text, index.types[CodeIndex.plainTypeName(t)] != nil { return CodeIndex.plainTypeName(t) }
        }
        return nil
    }
}

import ButtonKit
import ButtonKitSwiftIR

/// What a `.background(...)` draws behind a SwiftUI control, as far as a
/// button's look holds it: one colour and the shape it fills.
///
/// Read forms: a colour (`Color.blue`, `.blue.opacity(0.2)`); a shape
/// filled with one (`RoundedRectangle(cornerRadius: 8).fill(.blue)`,
/// `Capsule().fill(...)`, `.foregroundColor(...)`); a colour clipped
/// (`Color.red.cornerRadius(8)`, `.clipShape(Capsule())`); the iOS 15
/// `background(.red, in: Capsule())`; a trailing closure of one of those
/// (`.background { ... }`). Two approximations, since the model holds one
/// colour per state: a gradient is its stops' average (its first stop
/// when a stop is a dynamic colour, to keep light and dark apart), and a
/// material is the system background it blurs over the default screen
/// (`.ultraThinMaterial`/`.thinMaterial` are `systemBackground`, the
/// others `secondarySystemBackground`). What is behind a material or the
/// gradient's run across the button is not drawn.
struct SwiftUIBackground {
    var color: ColorValue
    var cornerRadius: Double?
    var capsule = false
    /// A gradient or a material stood in for by one colour.
    var approximated = false

    typealias R = Result<SwiftUIBackground, EvalFailure>

    static let materials: [String: SystemColor] = [
        "ultraThinMaterial": .systemBackground, "thinMaterial": .systemBackground, "regularMaterial": .secondarySystemBackground,
        "thickMaterial": .secondarySystemBackground, "ultraThickMaterial": .secondarySystemBackground, "bar": .secondarySystemBackground,
    ]

    /// Modifiers of a background view that do not change its fill.
    static let passThrough: Set<String> = [
        "contentShape", "onTapGesture", "onLongPressGesture", "gesture", "animation", "transition", "frame", "padding",
        "ignoresSafeArea", "edgesIgnoringSafeArea", "allowsHitTesting", "accessibilityHidden", "id", "onAppear", "onDisappear",
        "shadow", "blur", "matchedGeometryEffect", "compositingGroup", "drawingGroup",
    ]

    static let gradients: Set<String> = ["LinearGradient", "RadialGradient", "AngularGradient", "EllipticalGradient",
                                         "linearGradient", "radialGradient", "angularGradient", "ellipticalGradient"]

    /// The background `e` draws (`shape`: an `in:` shape given beside it).
    static func read(_ e: SyntaxNode, in shape: SyntaxNode?, _ scope: Scope, _ values: SwiftUIValues, depth: Int = 0) -> R {
        guard depth < Evaluator.maxDepth else { return .failure(EvalFailure(node: e, reason: "a background nested too deeply")) }
        var out: SwiftUIBackground
        switch read(e, scope, values, depth: depth) {
        case .success(let b): out = b
        case .failure(let f): return .failure(f)
        }
        if let s = shape {
            guard SwiftUIBackground.shape(s, scope, values, into: &out) else { return .failure(EvalFailure(node: s, reason: "a shape ButtonKit does not read")) }
        }
        return .success(out)
    }

    private static func read(_ e: SyntaxNode, _ scope: Scope, _ values: SwiftUIValues, depth: Int) -> R {
        func fail(_ n: SyntaxNode, _ why: String) -> R { .failure(EvalFailure(node: n, reason: why)) }
        switch e.kind {
        case .closure:
            // `.background { RoundedRectangle(...).fill(...) }`: one view.
            let stmts = e.first(.body)?.children.filter { $0.kind != .variable } ?? []
            guard stmts.count == 1, var only = stmts.first else { return fail(e, "a background of several views") }
            if only.kind == .returnStmt, let v = only.children.first { only = v }
            return read(only, scope, values, depth: depth + 1)
        case .memberAccess where e.children.isEmpty || ["Material", "ShapeStyle"].contains(e.children.first?.text ?? ""):
            if let m = materials[e.text] { return .success(SwiftUIBackground(color: .dynamic(.system(m)), approximated: true)) }
        case .call:
            guard let callee = e.children.first else { break }
            let args = Array(e.children.dropFirst())
            if callee.kind == .memberAccess, let base = callee.children.first, !(base.kind == .identifier && base.text == "Color") {
                switch callee.text {
                case "fill", "foregroundColor", "foregroundStyle":
                    // `Shape().fill(style)`: the style, in the shape.
                    guard let style = args.first?.children.first else { return fail(e, "a fill without a colour") }
                    var out: SwiftUIBackground
                    switch read(style, scope, values, depth: depth + 1) {
                    case .success(let b): out = b
                    case .failure(let f): return .failure(f)
                    }
                    guard shape(base, scope, values, into: &out) else { return fail(base, "a shape ButtonKit does not read") }
                    return .success(out)
                case "cornerRadius", "clipShape":
                    // `Color.red.cornerRadius(8)`, `.clipShape(Capsule())`.
                    var out: SwiftUIBackground
                    switch read(base, scope, values, depth: depth + 1) {
                    case .success(let b): out = b
                    case .failure(let f): return .failure(f)
                    }
                    guard let a = args.first?.children.first else { return fail(e, "\(callee.text) without a value") }
                    if callee.text == "cornerRadius" {
                        guard case .success(let r) = values.number(a, scope) else { return fail(a, "a corner radius computed at run time") }
                        out.cornerRadius = r
                    } else if !shape(a, scope, values, into: &out) {
                        return fail(a, "a shape ButtonKit does not read")
                    }
                    return .success(out)
                case "stroke", "strokeBorder":
                    return fail(e, "an outline, not a fill (ButtonKit draws no borders of SwiftUI shapes)")
                case "opacity", "opacity(_:)":
                    break
                case _ where passThrough.contains(callee.text):
                    return read(base, scope, values, depth: depth + 1)
                default:
                    if gradients.contains(callee.text), base.kind != .identifier || base.text == "ShapeStyle" { return gradient(e, scope, values) }
                    return fail(e, "'.\(callee.text)(...)' on a background is not read")
                }
            }
            if callee.kind == .identifier || callee.kind == .memberAccess, gradients.contains(callee.text) { return gradient(e, scope, values) }
            if callee.kind == .identifier, ["RoundedRectangle", "Capsule", "Circle", "Rectangle"].contains(callee.text) {
                // An unfilled shape is drawn in the foreground colour.
                var out = SwiftUIBackground(color: .dynamic(.system(.label)))
                guard shape(e, scope, values, into: &out) else { return fail(e, "a shape ButtonKit does not read") }
                return .success(out)
            }
        default:
            break
        }
        switch values.color(e, scope) {
        case .success(let c): return .success(SwiftUIBackground(color: c))
        case .failure(let f): return .failure(f)
        }
    }

    /// `RoundedRectangle(cornerRadius: 8)`, `Capsule()`, `Circle()`,
    /// `Rectangle()`, `.rect(cornerRadius:)`, `.capsule`: the corners.
    static func shape(_ s: SyntaxNode, _ scope: Scope, _ values: SwiftUIValues, into out: inout SwiftUIBackground) -> Bool {
        let name = s.kind == .call ? (s.children.first?.text ?? "") : s.text
        switch name {
        case "Capsule", "capsule", "Circle", "circle":
            out.capsule = true
        case "Rectangle", "rect", "rectangle":
            guard s.kind == .call, let r = s.children.dropFirst().first(where: { $0.text == "cornerRadius" })?.children.first else { return name != "rect" || s.kind != .call }
            guard case .success(let v) = values.number(r, scope) else { return false }
            out.cornerRadius = v
        case "RoundedRectangle":
            guard let r = s.children.dropFirst().first(where: { $0.text == "cornerRadius" })?.children.first,
                  case .success(let v) = values.number(r, scope) else { return false }
            out.cornerRadius = v
        default:
            return false
        }
        return true
    }

    /// A gradient's stops (`colors: [...]`, `gradient: Gradient(colors: [...])`,
    /// `stops: [.init(color:location:)]`, `Gradient.Stop(color:...)`) as one colour.
    static func gradient(_ e: SyntaxNode, _ scope: Scope, _ values: SwiftUIValues) -> R {
        func fail(_ why: String) -> R { .failure(EvalFailure(node: e, reason: why)) }
        let args = Array(e.children.dropFirst())
        var list = args.first { $0.text == "colors" || $0.text == "stops" }?.children.first
        if list == nil, let g = args.first(where: { $0.text == "gradient" })?.children.first, g.kind == .call {
            list = g.children.dropFirst().first { $0.text == "colors" || $0.text == "stops" }?.children.first
        }
        guard let list, list.kind == .arrayLiteral, !list.children.isEmpty else { return fail("a gradient whose colours are computed at run time") }
        var colors: [ColorValue] = []
        for item in list.children {
            var c = item
            if item.kind == .call, let stop = item.children.dropFirst().first(where: { $0.text == "color" })?.children.first { c = stop }
            switch values.color(c, scope) {
            case .success(let v): colors.append(v)
            case .failure(let f): return .failure(f)
            }
        }
        guard let first = colors.first else { return fail("a gradient without colours") }
        var fixed: [Color] = []
        for c in colors { if case .fixed(let f) = c { fixed.append(f) } }
        guard fixed.count == colors.count else { return .success(SwiftUIBackground(color: first, approximated: true)) }
        let n = Double(fixed.count) * 255
        func mean(_ k: KeyPath<Color, UInt8>) -> Double { fixed.map { Double($0[keyPath: k]) }.reduce(0, +) / n }
        let avg = Color(unitRed: mean(\.red), green: mean(\.green), blue: mean(\.blue), alpha: mean(\.alpha))
        return .success(SwiftUIBackground(color: .fixed(avg), approximated: true))
    }
}

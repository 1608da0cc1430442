import ButtonKit
import ButtonKitIB
import ButtonKitSwiftIR

/// A `SwiftUIControl` into the model's `Button`, as iOS 17 draws it.
///
/// SwiftUI's built-in styles are UIButton configurations (the same
/// renderer draws both on iOS): `.automatic`/`.borderless` is `borderless`
/// (plain: tint-coloured text), `.bordered` is `bordered` (gray: a
/// tertiary fill under tint-coloured text), `.borderedProminent` is
/// `borderedProminent` (filled). `.plain`, the app's own `ButtonStyle`
/// types and a label with a `background` are drawn from per-state styles:
/// `.plain` with the primary colour, dimmed while pressed as a system
/// button is; an app style with what its `makeBody` says, and its pressed
/// look from the branches of `configuration.isPressed`.
///
/// A SwiftUI control has no frame of its own: layout places it. Its size is
/// estimated from its label, font, style and control size; it has a
/// position only when `.position(x:y:)` gives one. The others are placed in
/// a column so pictures show them, and `hasPosition` is false so the
/// overlap check passes over them.
enum SwiftUIButtonFactory {
    static let left = 16.0

    static func build(_ c: SwiftUIControl, y: Double, reader: SwiftUIReader, screenWidth: Double) -> (Button, IBControlInfo) {
        let values = reader.values
        var look = SwiftUILook()
        func run(_ list: [(node: SyntaxNode, path: String)], into l: inout SwiftUILook, selfType: String?, quiet: Bool = false) {
            for (m, p) in list {
                let ok = l.apply(m, path: p, selfType: selfType, values: values, bound: selfType == c.owner ? c.bindings : [:]) { n, why in if !quiet { reader.note(p, n, why, c) } }
                if ok && !quiet { c.resolved += 1 }
            }
        }
        run(c.modifiers, into: &look, selfType: c.owner)
        // The app's own style: what makeBody does to the label, normal and pressed.
        var pressed: SwiftUILook?
        if let styleType = look.customStyle {
            let chain = styleChain(styleType, reader.index)
            if chain.isEmpty, let t = reader.index.types[styleType] {
                reader.note(t.path, SyntaxNode(.identifier, styleType, line: Int32(t.line), column: Int32(t.column)),
                            "a button style whose makeBody ButtonKit does not read", c)
            }
            var normal = look
            run(chain.map { (substitute($0.node, pressed: false), $0.path) }, into: &normal, selfType: styleType)
            var down = look
            run(chain.map { (substitute($0.node, pressed: true), $0.path) }, into: &down, selfType: styleType, quiet: true)
            run(c.labelModifiers, into: &normal, selfType: c.owner)
            run(c.labelModifiers, into: &down, selfType: c.owner, quiet: true)
            look = normal
            pressed = down
        } else {
            run(c.labelModifiers, into: &look, selfType: c.owner)
        }

        var title = c.title
        var image = c.image
        if look.labelStyle == "iconOnly", image != nil { title = nil }
        if look.labelStyle == "titleOnly", title != nil { image = nil }
        var font = look.font
        if let w = look.weight { var f = font ?? Font(textStyle: .body); f.weight = w; font = f }
        let id = look.accessibilityIdentifier ?? "\(c.owner).\(c.source.line)"

        var settings: [ButtonSetting] = []
        var styles: [ControlState: Style] = [:]
        let builtIn = look.customStyle == nil && look.style != "plain" && look.background == nil
        let destructive = c.role == "destructive" ? ColorValue.dynamic(.system(.systemRed)) : nil
        var config: ButtonConfiguration?
        if builtIn {
            var cf = ButtonConfiguration(style: look.style == "bordered" ? .bordered : look.style == "borderedProminent" ? .borderedProminent : .borderless)
            cf.title = title
            cf.image = image
            cf.imagePadding = title != nil && image != nil ? 8 : 0
            cf.buttonSize = look.size
            // SwiftUI's borderless button is its label: no insets around it.
            if cf.style == .borderless { cf.contentInsets = EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0) }
            if let s = look.shape { cf.cornerStyle = s; cf.cornerRadius = look.shapeRadius ?? 0 }
            if look.clipCapsule { cf.cornerStyle = .capsule } else if let r = look.clipRadius { cf.cornerStyle = .fixed; cf.cornerRadius = r }
            if cf.style == .borderedProminent {
                cf.baseForegroundColor = look.foreground
                if look.tint == nil, let d = destructive { cf.baseBackgroundColor = d }
            } else {
                cf.baseForegroundColor = look.foreground ?? (look.tint == nil ? destructive : nil)
            }
            cf.titleFont = font
            config = cf
            settings.append(.configuration(cf))
        } else {
            var st = Style()
            st.title = title
            st.image = image
            let plainLook = look.customStyle == nil
            let fg = look.foreground ?? destructive ?? (plainLook && look.style != "plain" ? (look.tint ?? Traits.defaultTint) : .dynamic(.system(.label)))
            try? st.setColor(.titleColor, fg)
            if let b = look.background { try? st.setColor(.backgroundColor, b) }
            if let f = font { st.font = f }
            if let o = look.opacity { st.alpha = o }
            if let r = look.clipRadius { st.cornerRadius = r }
            styles[.normal] = st
            if let p = pressed {
                var h = Style()
                if let f = p.foreground, f != look.foreground { try? h.setColor(.titleColor, f) }
                if let b = p.background, b != look.background { try? h.setColor(.backgroundColor, b) }
                if let o = p.opacity, o != look.opacity { h.alpha = o }
                if !h.isEmpty { styles[.highlighted] = h }
            }
            if plainLook { settings.append(.type(.system)) }
            settings.insert(.styles(styles.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) }), at: 0)
        }
        if let t = look.tint { settings.append(.tintColor(t)) }
        if look.disabled { settings.append(.enabled(false)) }
        if let s = look.colorScheme { settings.append(.userInterfaceStyle(s)) }
        if let l = look.accessibilityLabel { settings.append(.accessibilityLabel(l)) }
        else if look.labelStyle == "iconOnly", let t = c.title { settings.append(.accessibilityLabel(t)) }
        if let h = look.accessibilityHint { settings.append(.accessibilityHint(h)) }
        var traits = look.traits
        if c.kind == "link" { traits.append(.link) }
        if !traits.isEmpty { settings.append(.accessibilityTraits([.button] + traits)) }
        if c.kind == "toggle" { settings.append(.changesSelectionAsPrimaryAction(true)) }
        // SwiftUI's text styles always follow Dynamic Type.
        settings.append(.adjustsFontForContentSizeCategory(true))

        // The size: the label measured, the style's insets, padding, frame.
        let measurer = EstimatedMeasurer()
        let textFont = font ?? (config.map { DerivedLooks.titleFont($0.buttonSize) } ?? Font(textStyle: .body))
        var w = title.map { measurer.width(of: $0, font: textFont) } ?? 0
        var h = measurer.lineHeight(of: textFont)
        if image != nil { w += textFont.size * 1.2 + (title == nil ? 0 : 8) }
        if let cf = config, cf.style != .borderless {
            let i = cf.effectiveContentInsets
            w += i.leading + i.trailing; h += i.top + i.bottom
        }
        w += look.padding.leading + look.padding.trailing
        h += look.padding.top + look.padding.bottom
        if look.fillsWidth { w = screenWidth - 2 * left }
        if let fw = look.width { w = fw }
        if let fh = look.height { h = fh }
        w = (max(w, 1) * 2).rounded(.up) / 2; h = (max(h, 1) * 2).rounded(.up) / 2
        if look.clipCapsule, config == nil { styles[.normal]?.cornerRadius = h / 2 }
        let frame = look.center.map { Rect(x: $0.x - w / 2, y: $0.y - h / 2, width: w, height: h) } ?? Rect(x: left, y: y, width: w, height: h)

        let button = Button(id: id, frame: frame)
        button.hasPosition = look.center != nil
        button.alternatives = c.alternatives
        if look.clipCapsule, config == nil, var st = styles[.normal] { st.cornerRadius = h / 2; styles[.normal] = st
            if let i = settings.firstIndex(where: { if case .styles = $0 { return true }; return false }) {
                settings[i] = .styles(styles.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) })
            }
        }
        for s in settings { try? button.apply(s) }
        button.sizedByLayout = look.width == nil && look.height == nil && !look.fillsWidth
        // Layout gives a label the room it needs: widen an estimate the
        // model's own text metrics find short.
        if button.sizedByLayout {
            for _ in 0..<16 {
                let l = button.titleLayout(for: .normal)
                guard l.truncated || l.clippedVertically else { break }
                if l.truncated { button.frame.width = ((button.frame.width + max(4, l.textWidth - l.availableWidth + 1)) * 2).rounded(.up) / 2 }
                if l.clippedVertically { button.frame.height = ((button.frame.height + 2) * 2).rounded(.up) / 2 }
            }
        }
        let actions = c.action.map { [IBAction(selector: $0, event: .primaryActionTriggered, destination: c.owner)] } ?? []
        // A NavigationLink pushes its destination: a "show" segue, as a storyboard's.
        let segues = c.destination.map { [IBSegue(kind: "show", destination: $0, identifier: nil)] } ?? []
        let info = IBControlInfo(ibID: id, customClass: look.customStyle, actions: actions, segues: segues, runtimeAttributes: [],
                                 userLabel: c.kind == "button" ? nil : c.kind, role: c.role, line: c.source.line, origin: .swiftui,
                                 source: c.source, property: nil, accessibilityIdentifier: look.accessibilityIdentifier)
        return (button, info)
    }

    /// The modifiers of a `ButtonStyle`'s `makeBody` on `configuration.label`, outermost first.
    static func styleChain(_ type: String, _ index: CodeIndex) -> [(node: SyntaxNode, path: String)] {
        guard let f = index.functions(type, "makeBody").first, let body = f.node.first(.body) else { return [] }
        guard var e = Evaluator.singleResult(body.children.filter { $0.kind != .variable }) ?? body.children.last else { return [] }
        if e.kind == .returnStmt, let v = e.children.first { e = v }
        var out: [(node: SyntaxNode, path: String)] = []
        while e.kind == .call, let callee = e.children.first, callee.kind == .memberAccess, let base = callee.children.first {
            out.append((e, f.path))
            e = base
        }
        return out
    }

    /// `cond ? a : b` where the condition is `configuration.isPressed` (or its
    /// negation), replaced by the branch for `pressed`.
    static func substitute(_ n: SyntaxNode, pressed: Bool) -> SyntaxNode {
        if n.kind == .ternary, n.children.count == 3 {
            let cond = n.children[0]
            if cond.kind == .memberAccess, cond.text == "isPressed" { return substitute(n.children[pressed ? 1 : 2], pressed: pressed) }
            if cond.kind == .prefix, cond.text == "!", cond.children.first?.text == "isPressed" { return substitute(n.children[pressed ? 2 : 1], pressed: pressed) }
        }
        var m = n
        m.children = n.children.map { substitute($0, pressed: pressed) }
        return m
    }
}

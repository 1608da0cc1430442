import ButtonKit

/// One `<button>` element into a `Button` (or `SortButton`) and its
/// `IBControlInfo`: what UIKit's `UIButton(coder:)` restores, with UIKit's
/// defaults for what the element leaves out. Everything seen and not
/// modelled is listed in the context.
struct IBButtonReader {
    /// A button read, with what forming radio groups needs.
    struct Read {
        let button: Button
        let info: IBControlInfo
        let kind: IBLoadOptions.ClassKind
        /// IB ids named by an `otherButtons` outlet collection.
        let otherButtons: [String]
    }

    let ctx: IBContext

    /// Attributes whose value is UIButton's default: nothing to model, so
    /// not listed when they have it (another value is listed).
    static let defaults: [(String, String)] = [
        ("contentMode", "scaleToFill"), ("opaque", "NO"), ("lineBreakMode", "middleTruncation"),
    ]

    /// Attributes that name the class with its module: kept with it.
    static let classNaming = ["customModule", "customModuleProvider"]

    static func state(_ key: String) -> ControlState? {
        switch key {
        case "normal": return .normal
        case "highlighted": return .highlighted
        case "selected": return .selected
        case "disabled": return .disabled
        case "focused": return .focused
        default: return nil
        }
    }

    /// Reads the element; `origin` is its superview's origin in screen
    /// coordinates, `above` what its superviews pass down (see `IBInherited`).
    func read(_ node: XMLNode, origin: Point, above: IBInherited) -> Read {
        let ibID = node["id"] ?? "button"
        node.take()
        for (name, value) in IBButtonReader.defaults where node.peek(name) == value { _ = node[name] }
        for name in IBButtonReader.classNaming { _ = node[name] }
        var styles: [ControlState: Style] = [:]
        func edit(_ s: ControlState, _ body: (inout Style) -> Void) {
            var st = styles[s] ?? Style()
            body(&st)
            styles[s] = st
        }
        var settings: [ButtonSetting] = []
        var frame = Rect.defaultButton
        var accessibilityID: String?
        var runtime: [(key: String, value: IBRuntimeValue)] = []
        var actions: [IBAction] = []
        var segues: [IBSegue] = []
        var others: [String] = []
        var imageEdgeInsets: ButtonInsets?
        var shadows: [String: ColorValue] = [:]
        var images: [String] = []
        var symbols = Set<String>()
        var tint: ColorValue?

        // The type: roundedRect is the system type since iOS 7; the
        // detail/info/add/close types are system buttons with an image.
        let typeName = node["buttonType"] ?? "custom"
        var type = ButtonType.custom
        switch typeName {
        case "custom": break
        case "system", "roundedRect": type = .system
        case "detailDisclosure", "infoLight", "infoDark", "contactAdd", "close":
            type = .system
            ctx.ignore(node, "buttonType", "'\(typeName)' is read as a system button (its symbol image is not modelled)")
        default: ctx.ignore(node, "buttonType", "unknown button type '\(typeName)'")
        }
        if type == .system { settings.append(.type(.system)) }

        for child in node.children {
            switch (child.name, child["key"]) {
            case ("rect", "frame"):
                let x = ctx.number(child, "x") ?? 0, y = ctx.number(child, "y") ?? 0
                let w = ctx.number(child, "width") ?? 0, h = ctx.number(child, "height") ?? 0
                do { frame = try Rect.make(x: origin.x + x, y: origin.y + y, width: w, height: h) } catch {
                    ctx.ignore(child, nil, "frame: \(error.message)")
                }
            case ("fontDescription", "fontDescription"), ("font", "font"):
                if let f = IBFontReader.read(child, ctx) { edit(.normal) { $0.font = f } }
            case ("color", "backgroundColor"):
                if let c = ctx.color(child) { edit(.normal) { try? $0.setColor(.backgroundColor, c) } }
            case ("color", "tintColor"):
                if let c = ctx.color(child) {
                    if case .dynamic(.tint) = c {} else { tint = c }
                }
            case ("state", _):
                readState(child, edit: edit, shadows: &shadows, images: &images, symbols: &symbols)
            case ("inset", let key?):
                guard let insets = try? ButtonInsets.make(top: ctx.number(child, "minY") ?? 0, left: ctx.number(child, "minX") ?? 0,
                                                          bottom: ctx.number(child, "maxY") ?? 0, right: ctx.number(child, "maxX") ?? 0) else {
                    ctx.ignore(child, nil, "insets must be from -10000 to 10000")
                    continue
                }
                switch key {
                case "contentEdgeInsets": settings.append(.contentEdgeInsets(insets))
                case "titleEdgeInsets": settings.append(.titleEdgeInsets(insets))
                case "imageEdgeInsets": imageEdgeInsets = insets
                default: ctx.ignore(child, "key", "inset '\(key)' not modelled")
                }
            case ("buttonConfiguration", "configuration"):
                if let c = readConfiguration(child, images: &images, symbols: &symbols) { settings.append(.configuration(c)) }
            case ("accessibility", _):
                accessibilityID = readAccessibility(child, settings: &settings)
            case ("userDefinedRuntimeAttributes", _):
                child.take()
                for a in child.children { if let r = readRuntime(a) { runtime.append(r) } }
            case ("connections", _):
                child.take()
                for c in child.children {
                    switch c.name {
                    case "action":
                        guard let sel = c["selector"] else { ctx.ignore(c, nil, "an action without a selector"); continue }
                        let eventName = c["eventType"] ?? "touchUpInside"
                        guard let event = try? ControlEvent(parsing: eventName), event.name != nil else {
                            ctx.ignore(c, "eventType", "event '\(eventName)' is not one a button sends"); continue
                        }
                        actions.append(IBAction(selector: sel, event: event, destination: c["destination"].map(ctx.destinationName)))
                    case "segue":
                        guard let dest = c["destination"] else { ctx.ignore(c, nil, "a segue without a destination"); continue }
                        segues.append(IBSegue(kind: c["kind"] ?? "show", destination: ctx.destinationName(dest), identifier: c["identifier"]))
                    case "outletCollection" where c["property"] == "otherButtons":
                        c.takeAll()
                        if let d = c["destination"] { others.append(d) }
                    default:
                        ctx.ignore(c, nil, "\(c.name) '\(c["property"] ?? "")' not modelled")
                    }
                }
            case ("subviews", _):
                child.take()   // walked by the document builder
            case ("constraints", _):
                break   // each constraint is listed by the sweep
            default:
                ctx.ignore(child, nil, "not modelled")
            }
        }

        // Runtime attributes the model has (the layer's border and corners).
        for (key, value) in runtime {
            switch (key, value) {
            case ("layer.cornerRadius", .number(let n)) where n >= 0 && n <= Style.maxLength: edit(.normal) { $0.cornerRadius = n }
            case ("layer.borderWidth", .number(let n)) where n >= 0 && n <= Style.maxLength: edit(.normal) { $0.borderWidth = n }
            case ("layer.borderColor", .color(let c)): edit(.normal) { try? $0.setColor(.borderColor, c) }
            default: break
            }
        }

        let ownAlpha = ctx.number(node, "alpha").map { min(1, max(0, $0)) }
        if ownAlpha != nil || above.alpha < 1 { edit(.normal) { $0.alpha = (ownAlpha ?? 1) * above.alpha } }
        if ctx.flag(node, "enabled") == false { settings.append(.enabled(false)) }
        if ctx.flag(node, "highlighted") == true { settings.append(.highlighted(true)) }
        // `hidden` is the button's own flag, as UIKit's isHidden; a hidden
        // superview makes it not visible without changing the flag.
        if ctx.flag(node, "hidden") == true { settings.append(.hidden(true)) }
        if ctx.flag(node, "userInteractionEnabled") == false || !above.touches { settings.append(.userInteractionEnabled(false)) }
        if let t = node["tag"] {
            if let n = Int(t) { settings.append(.tag(n)) } else { ctx.ignore(node, "tag", "'\(t)' is not an integer") }
        }
        if ctx.flag(node, "adjustsImageWhenHighlighted") == false { settings.append(.adjustsImageWhenHighlighted(false)) }
        if ctx.flag(node, "adjustsImageWhenDisabled") == false { settings.append(.adjustsImageWhenDisabled(false)) }
        if ctx.flag(node, "changesSelectionAsPrimaryAction") == true { settings.append(.changesSelectionAsPrimaryAction(true)) }
        if let s = node["semanticContentAttribute"] {
            if let a = SemanticContentAttribute(rawValue: s) { settings.append(.semanticContentAttribute(a)) } else {
                ctx.ignore(node, "semanticContentAttribute", "unknown value '\(s)'")
            }
        }
        if let s = node["contentHorizontalAlignment"] {
            if let a = ContentHorizontalAlignment(rawValue: s) { settings.append(.contentHorizontalAlignment(a)) } else {
                ctx.ignore(node, "contentHorizontalAlignment", "unknown value '\(s)'")
            }
        }
        if let s = node["contentVerticalAlignment"] {
            if let a = ContentVerticalAlignment(rawValue: s) { settings.append(.contentVerticalAlignment(a)) } else {
                ctx.ignore(node, "contentVerticalAlignment", "unknown value '\(s)'")
            }
        }
        if let tint = tint ?? above.tint { settings.append(.tintColor(tint)) }
        let role = node["role"]
        if let r = role, !["normal", "primary", "cancel", "destructive"].contains(r) { ctx.ignore(node, "role", "unknown role '\(r)'") }

        let customClass = node["customClass"]
        let kind = customClass.flatMap { ctx.options.classes[$0] } ?? .button
        let id = accessibilityID ?? node["userLabel"] ?? ibID
        let button: Button = kind == .sortButton ? SortButton(key: id, id: id, frame: frame) : Button(id: id, frame: frame)
        settings.append(.styles(styles.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) }))
        // Selection last (a radio member's is applied by its group).
        let selected = ctx.flag(node, "selected") == true
        if selected && kind != .radio { settings.append(.selected(true)) }
        do { try button.apply(settings) } catch {
            ctx.ignore(node, nil, "could not apply: \(error)")
        }
        if selected && kind == .radio { try? button.setSelected(true) }
        if !symbols.isEmpty { button.symbolImages = symbols }
        if above.hidden { button.isHiddenBySuperview = true }

        let missing = ctx.hasCatalogs ? images.filter { !ctx.imageNames.contains($0) } : []
        let info = IBControlInfo(ibID: ibID, customClass: customClass, actions: actions, segues: segues,
                                 runtimeAttributes: runtime, userLabel: node["userLabel"], role: role,
                                 imageEdgeInsets: imageEdgeInsets, titleShadowColors: shadows,
                                 missingImages: missing, line: node.line, outlet: ctx.outlet(for: ibID),
                                 origin: ctx.kind == .xib ? .xib : .storyboard,
                                 source: SourceLocation(path: ctx.path, line: node.line, column: ctx.lines.column(of: node)),
                                 cell: above.cell, accessibilityIdentifier: accessibilityID)
        return Read(button: button, info: info, kind: kind, otherButtons: others)
    }

    /// `<state key="normal" title= image= backgroundImage=>` with its colours
    /// and attributed title.
    private func readState(_ node: XMLNode, edit: ((ControlState, (inout Style) -> Void) -> Void),
                           shadows: inout [String: ColorValue], images: inout [String], symbols: inout Set<String>) {
        let key = node["key"] ?? ""
        guard let state = IBButtonReader.state(key) else { ctx.ignore(node, "key", "unknown state '\(key)'"); return }
        defer { node.takeAll() }   // each attribute below is read or listed
        let symbol = node["catalog"] == "system"
        for a in node.attributes {
            switch a.name {
            case "key", "catalog": break
            case "title": edit(state) { $0.title = a.value }
            case "image":
                edit(state) { $0.image = a.value }
                if symbol { symbols.insert(a.value) } else { images.append(a.value) }
            case "backgroundImage":
                edit(state) { $0.backgroundImage = a.value }
                images.append(a.value)
            default: ctx.ignore(node, a.name, "not modelled")
            }
        }
        for c in node.children {
            switch (c.name, c["key"]) {
            case ("color", "titleColor"):
                if let col = ctx.color(c) { edit(state) { try? $0.setColor(.titleColor, col) } }
            case ("color", "titleShadowColor"):
                if let col = ctx.color(c) { shadows[key] = col }
            case ("string", "title"):
                c.takeAll()
                let t = c.text
                edit(state) { $0.title = t }
            case ("attributedString", "attributedTitle"):
                c.take()
                let runs = readAttributed(c)
                if !runs.isEmpty { edit(state) { $0.attributedTitle = runs } }
            case ("imageReference", "image"), ("imageReference", "backgroundImage"):
                // Xcode 13+: `<imageReference key="image" image="heart.fill"
                // catalog="system" symbolScale=...>`; a symbol by its name.
                guard let name = c["image"] else { ctx.ignore(c, nil, "an image reference without an image name"); continue }
                c.take()
                let isSymbol = c["catalog"] == "system"
                if c.peek("key") == "image" { edit(state) { $0.image = name } } else { edit(state) { $0.backgroundImage = name } }
                if isSymbol { symbols.insert(name) } else { images.append(name) }
                for sub in c.children { ctx.ignore(sub, nil, "symbol configuration not modelled (the symbol is drawn at the title's size)") }
            default: ctx.ignore(c, nil, "not modelled")
            }
        }
    }

    /// `<attributedString>`'s fragments into runs (text, colour, font).
    func readAttributed(_ node: XMLNode) -> [AttributedRun] {
        var runs: [AttributedRun] = []
        for f in node.children {
            guard f.name == "fragment" else { ctx.ignore(f, nil, "not modelled"); continue }
            f.take()
            let contentString = f.child("string", key: "content")
            contentString?.takeAll()
            var run = AttributedRun(text: f["content"] ?? contentString?.text ?? "")
            for attrs in f.children where attrs.name == "attributes" {
                attrs.take()
                for a in attrs.children {
                    switch (a.name, a["key"]) {
                    case ("color", "NSColor"):
                        if let c = ctx.color(a) {
                            if case .dynamic = c { ctx.ignore(a, nil, "a dynamic colour in an attributed title is fixed to its light value") }
                            run.color = c.resolve(.default)
                        }
                    case ("fontDescription", "NSFont"), ("font", "NSFont"):
                        run.font = IBFontReader.read(a, ctx)
                    default: ctx.ignore(a, nil, "text attribute '\(a["key"] ?? a.name)' not modelled")
                    }
                }
            }
            runs.append(run)
        }
        return runs
    }

    /// `<buttonConfiguration key="configuration" style= title= ...>`.
    private func readConfiguration(_ node: XMLNode, images: inout [String], symbols: inout Set<String>) -> ButtonConfiguration? {
        let styleName = node["style"] ?? "plain"
        guard let style = ConfigurationStyle(rawValue: styleName) else {
            ctx.ignore(node, "style", "unknown configuration style '\(styleName)'")
            return nil
        }
        var c = ButtonConfiguration(style: style)
        defer { node.takeAll() }   // each attribute below is read or listed
        let symbol = node["catalog"] == "system"
        for a in node.attributes {
            switch a.name {
            case "key", "style", "catalog": break
            case "title": c.title = a.value
            case "subtitle": c.subtitle = a.value
            case "image":
                c.image = a.value
                if symbol { symbols.insert(a.value) } else { images.append(a.value) }
            case "imagePlacement":
                if let p = ImagePlacement(rawValue: a.value) { c.imagePlacement = p } else { ctx.ignore(node, a.name, "unknown placement '\(a.value)'") }
            case "cornerStyle":
                if let s = ConfigurationCornerStyle(rawValue: a.value) { c.cornerStyle = s } else { ctx.ignore(node, a.name, "unknown corner style '\(a.value)'") }
            case "buttonSize":
                if let s = ConfigurationSize(rawValue: a.value) { c.buttonSize = s } else { ctx.ignore(node, a.name, "unknown button size '\(a.value)'") }
            case "imagePadding":
                if let n = ctx.number(node, a.name), n >= 0, n <= Style.maxLength { c.imagePadding = n }
            case "titlePadding":
                if let n = ctx.number(node, a.name), n >= 0, n <= Style.maxLength { c.titlePadding = n }
            case "showsActivityIndicator": c.showsActivityIndicator = ctx.flag(node, a.name) ?? false
            default: ctx.ignore(node, a.name, "not modelled")
            }
        }
        for child in node.children {
            switch (child.name, child["key"]) {
            case ("color", "baseForegroundColor"): c.baseForegroundColor = ctx.color(child)
            case ("color", "baseBackgroundColor"): c.baseBackgroundColor = ctx.color(child)
            case ("directionalEdgeInsets", "contentInsets"):
                let insets = EdgeInsets(top: ctx.number(child, "top") ?? 0, leading: ctx.number(child, "leading") ?? 0,
                                        bottom: ctx.number(child, "bottom") ?? 0, trailing: ctx.number(child, "trailing") ?? 0)
                if let checked = try? EdgeInsets.make(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing) {
                    c.contentInsets = checked
                } else {
                    ctx.ignore(child, nil, "content insets must be from 0 to 10000")
                }
            case ("backgroundConfiguration", "background"):
                child.take()
                for a in child.attributes where a.name != "key" {
                    if a.name == "cornerRadius", let n = ctx.number(child, a.name), n >= 0, n <= Style.maxLength {
                        c.cornerRadius = n
                        if node["cornerStyle"] == nil { c.cornerStyle = .fixed }
                    } else {
                        ctx.ignore(child, a.name, "not modelled")
                    }
                }
                for g in child.children { ctx.ignore(g, nil, "background configuration: not modelled") }
                child.takeAll()
            case ("imageReference", "image"):
                if let name = child["image"] {
                    c.image = name
                    if child["catalog"] == "system" { symbols.insert(name) } else { images.append(name) }
                }
            case ("attributedString", "attributedTitle"):
                child.take()
                c.title = readAttributed(child).map(\.text).joined()
            case ("attributedString", "attributedSubtitle"):
                child.take()
                c.subtitle = readAttributed(child).map(\.text).joined()
            case ("fontDescription", _):
                ctx.ignore(child, nil, "a configuration's fonts follow its button size (titleTextAttributesTransformer is not modelled)")
            default: ctx.ignore(child, nil, "not modelled")
            }
        }
        return c
    }

    /// `<accessibility key="accessibilityConfiguration" identifier= label= hint=>`
    /// with its traits; returns the identifier.
    private func readAccessibility(_ node: XMLNode, settings: inout [ButtonSetting]) -> String? {
        var identifier: String?
        defer { node.takeAll() }   // each attribute below is read or listed
        for a in node.attributes {
            switch a.name {
            case "key": break
            case "identifier": identifier = a.value
            case "label": settings.append(.accessibilityLabel(a.value))
            case "hint": settings.append(.accessibilityHint(a.value))
            case "value": settings.append(.accessibilityValue(a.value))
            default: ctx.ignore(node, a.name, "not modelled")
            }
        }
        for c in node.children {
            switch (c.name, c["key"]) {
            case ("accessibilityTraits", "traits"):
                c.take()
                var traits: [AccessibilityTrait] = []
                for a in c.attributes where a.name != "key" {
                    if let t = AccessibilityTrait(rawValue: a.name) {
                        if ctx.flag(c, a.name) == true { traits.append(t) }
                    } else {
                        ctx.ignore(c, a.name, "unknown accessibility trait")
                    }
                }
                settings.append(.accessibilityTraits(traits))
            case ("bool", "isElement"):
                if ctx.flag(c, "value") == false { ctx.ignore(c, nil, "isAccessibilityElement = NO is not modelled (the audit still checks the button)") }
            case ("string", "label"): c.takeAll(); settings.append(.accessibilityLabel(c.text))
            case ("string", "hint"): c.takeAll(); settings.append(.accessibilityHint(c.text))
            default: ctx.ignore(c, nil, "not modelled")
            }
        }
        return identifier
    }

    /// One `<userDefinedRuntimeAttribute type= keyPath= value=>`.
    private func readRuntime(_ node: XMLNode) -> (key: String, value: IBRuntimeValue)? {
        guard node.name == "userDefinedRuntimeAttribute", let key = node["keyPath"] else {
            ctx.ignore(node, nil, "not a runtime attribute")
            return nil
        }
        let type = node["type"] ?? "string"
        let valueNode = node.child(key: "value")
        valueNode?.takeAll()
        func num() -> Double? { node["value"].flatMap(Double.init) ?? valueNode.flatMap { $0["value"] }.flatMap(Double.init) }
        switch type {
        case "number":
            if let n = num(), n.isFinite { return (key, .number(n)) }
        case "boolean":
            let v = node["value"] ?? valueNode?["value"]
            if let v { return (key, .bool(v == "YES" || v == "true")) }
        case "string", "localizedString", "image":
            return (key, .string(node["value"] ?? valueNode?.text ?? valueNode?["value"] ?? ""))
        case "color":
            if let v = valueNode, let c = ctx.color(v) { return (key, .color(c)) }
        case "point":
            if let v = valueNode, let x = ctx.number(v, "x"), let y = ctx.number(v, "y") { return (key, .point(x, y)) }
        case "size":
            if let v = valueNode, let w = ctx.number(v, "width"), let h = ctx.number(v, "height") { return (key, .size(w, h)) }
        case "rect":
            if let v = valueNode, let x = ctx.number(v, "x"), let y = ctx.number(v, "y"),
               let w = ctx.number(v, "width"), let h = ctx.number(v, "height") {
                return (key, .rect(Rect(x: x, y: y, width: w, height: h)))
            }
        case "nil": return (key, .nil_)
        case "range":
            if let v = valueNode { return (key, .string("\(v["location"] ?? "0"),\(v["length"] ?? "0")")) }
        default:
            ctx.ignore(node, "type", "unknown runtime attribute type '\(type)'")
            return nil
        }
        ctx.ignore(node, "value", "no usable \(type) value")
        return nil
    }
}

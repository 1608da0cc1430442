import ButtonKit

/// SVG documents of controls and screens. Output is deterministic: the same
/// model gives the same bytes (tests pin it).
///
/// Every picture of a control draws it over what is behind it (its
/// screen's background in that style), with its title as the button lays
/// it out (truncated or wrapped, clipped to the frame), and can be taken
/// under other traits (`TraitOverrides`: a style, a content size, a
/// layout direction). A control whose look can change with the interface
/// style gets a light row over a dark row; so does every member of a group
/// or bar that has one.
public enum Pictures {
    /// The states of the labelled strip, in order.
    public static let stripStates: [ControlState] = [.normal, .highlighted, .selected, [.selected, .highlighted], .disabled]

    static func document(width: Double, height: Double, _ body: String, title: String? = nil) -> String {
        let n = SVGNumber.format
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\">"
        if let t = title { out += "<title>\(SVGText.escape(t))</title>" }
        return out + body + "</svg>\n"
    }

    /// The traits a picture is taken under, said in its heading ("" for none).
    static func traitsNote(_ o: TraitOverrides) -> String {
        var parts: [String] = []
        if let c = o.contentSize { parts.append("content size " + c.rawValue) }
        if let d = o.layoutDirection { parts.append(d.rawValue) }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }

    /// The control as it looks now; nothing for a hidden control but an empty canvas.
    /// `meter` counts what the drawing holds (see `PictureMeter`); once it
    /// refuses, the picture is unfinished and the caller discards it.
    public static func svg(_ b: Button, under o: TraitOverrides = TraitOverrides(), meter: PictureMeter? = nil) -> String {
        let w = max(1, b.frame.width), h = max(1, b.frame.height)
        let (look, _) = preview(b, b.state, o)
        let body = b.isHidden ? "" : picture(b, look, o).svg()
        meter.add(body)
        return document(width: w, height: h, body, title: "\(b.kind.rawValue) \(b.id) \(b.state.description)")
    }

    /// `b`'s look drawn as `b` lays it out under the overrides.
    static func picture(_ b: Button, _ a: Appearance, _ o: TraitOverrides, height: Double? = nil) -> ControlPicture {
        var p = ControlPicture(b, a, height: height)
        if let d = o.layoutDirection { p.rightToLeft = b.semanticContentAttribute.direction(under: d) == .rightToLeft }
        return p
    }

    /// One appearance at a size (for reports: expected vs actual), over
    /// `backdrop` when given (what is behind the control: dark mode's black).
    public static func svg(_ a: Appearance, width: Double, height: Double, label: String? = nil, backdrop: Color? = nil) -> String {
        let labelHeight = label == nil ? 0.0 : 16
        var body = ""
        if let backdrop {
            body += "<rect class=\"backdrop\" width=\"\(SVGNumber.format(width))\" height=\"\(SVGNumber.format(height))\" \(ControlPicture.paint("fill", backdrop))/>"
        }
        body += ControlPicture(appearance: a, width: width, height: height).svg(x: 0, y: 0)
        if let label {
            body += Caption.svg(label, x: width / 2, y: height + 12, width: width, color: "#455A64")
        }
        return document(width: width, height: height + labelHeight, body)
    }

    /// The styles a strip shows `b` in: light over dark when its look can
    /// change with the style, else its own style.
    static func styles(_ b: Button, _ o: TraitOverrides) -> [UserInterfaceStyle] {
        if let s = o.userInterfaceStyle { return [s] }
        if b.usesDynamicLook || b.userInterfaceStyle == .dark || onChangingBackdrop(b) { return UserInterfaceStyle.allCases }
        return [b.userInterfaceStyle]
    }

    /// The labelled strip: normal, highlighted, selected,
    /// selected|highlighted and disabled, side by side, over what is behind
    /// the control; light over dark when its look can change with the style.
    public static func strip(_ b: Button, under o: TraitOverrides = TraitOverrides(), meter: PictureMeter? = nil) -> String {
        let n = SVGNumber.format
        let w = max(1, b.frame.width), h = max(1, b.frame.height)
        let rows = styles(b, o)
        let pad = 12.0, header = 22.0, rowLabel = rows.count > 1 ? 40.0 : pad
        let cell = w + 2 * pad
        let labelHeight = Caption.height(stripStates.map { $0.description + " · now" }, width: cell)
        let rowHeight = h + 12 + labelHeight + 6
        let totalWidth = rowLabel + cell * Double(stripStates.count) + pad
        let totalHeight = header + rowHeight * Double(rows.count) + pad
        var body = "<rect width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" fill=\"#FAFAFA\"/>"
        body += "<text x=\"\(n(pad))\" y=\"15\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"12\" font-weight=\"600\" fill=\"#263238\">\(SVGText.escape("\(b.kind.rawValue) \(b.id)" + traitsNote(o)))</text>"
        for (r, style) in rows.enumerated() where !meter.stopped {
            body += styleRow(b, style: style, o, x: rowLabel, y: header + rowHeight * Double(r), cell: cell,
                             label: rows.count > 1 ? style.rawValue : nil, labelX: pad, meter: meter)
        }
        let what = rows.count > 1 ? "all states, light and dark" : "all states"
        return document(width: totalWidth, height: totalHeight, body, title: "\(b.kind.rawValue) \(b.id): \(what)")
    }

    /// One row of state cells of `b` in `style`, over its backdrop, the
    /// current state framed and marked "now".
    static func styleRow(_ b: Button, style: UserInterfaceStyle, _ o: TraitOverrides, x x0: Double, y: Double, cell: Double,
                         label: String?, labelX: Double, meter: PictureMeter?) -> String {
        let n = SVGNumber.format
        let w = max(1, b.frame.width), h = max(1, b.frame.height)
        var body = "<g class=\"style-row\" data-style=\"\(style.rawValue)\">"
        if let label {
            body += "<text x=\"\(n(labelX))\" y=\"\(n(y + 6 + h / 2 + 4))\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"10\" fill=\"#455A64\">\(label)</text>"
        }
        let backdrop = AccessibilityAudit.backdrop(of: b, style: style)
        body += "<rect class=\"backdrop\" x=\"\(n(x0))\" y=\"\(n(y))\" width=\"\(n(cell * Double(stripStates.count)))\" height=\"\(n(h + 12))\" \(ControlPicture.paint("fill", backdrop))/>"
        var under = o
        under.userInterfaceStyle = style
        for (i, st) in stripStates.enumerated() where !meter.stopped {
            let x = x0 + cell * Double(i) + (cell - w) / 2
            let now = st == b.state
            if now {
                body += "<rect class=\"current\" x=\"\(n(x - 3))\" y=\"\(n(y + 3))\" width=\"\(n(w + 6))\" height=\"\(n(h + 6))\" fill=\"none\" stroke=\"#1E88E5\" stroke-width=\"2\"/>"
            }
            let (look, failed) = preview(b, st, under)
            let drawn = picture(b, look, under).svg(x: x, y: y + 6)
            guard meter.add(drawn) else { break }
            body += drawn
            let caption = st.description + (now ? " · now" : "") + (failed ? " · handler failed" : "")
            body += Caption.svg(caption, x: x + w / 2, y: y + h + 12 + 12, width: cell, color: now ? "#1565C0" : "#455A64")
        }
        return body + "</g>"
    }

    /// A sort bar as one picture under its id: a row of state cells per
    /// button (light over dark when their look changes with the style),
    /// named by its key, the selection said in the heading.
    public static func strip(_ bar: SortBar, under o: TraitOverrides = TraitOverrides(), meter: PictureMeter? = nil) -> String {
        members(kind: "sortBar", id: bar.id, selected: bar.selected.map { "key " + $0.key },
                bar.buttons.map { ("key " + $0.key, $0) }, o, meter)
    }

    /// A radio group as one picture under its id: a row per member, named
    /// by its value.
    public static func strip(_ g: RadioGroup, under o: TraitOverrides = TraitOverrides(), meter: PictureMeter? = nil) -> String {
        let labelled = zip(g.values, g.buttons).map { ("value " + $0.0.description, $0.1) }
        return members(kind: "radioGroup", id: g.id, selected: g.value.map { "value " + $0.description }, labelled, o, meter)
    }

    /// A sort bar as it looks now: its buttons side by side, each named.
    public static func svg(_ bar: SortBar, under o: TraitOverrides = TraitOverrides(), meter: PictureMeter? = nil) -> String {
        row(kind: "sortBar", id: bar.id, bar.buttons.map { ("key " + $0.key, $0) }, o, meter)
    }

    /// A radio group as it looks now: its members side by side, each named.
    public static func svg(_ g: RadioGroup, under o: TraitOverrides = TraitOverrides(), meter: PictureMeter? = nil) -> String {
        row(kind: "radioGroup", id: g.id, zip(g.values, g.buttons).map { ("value " + $0.0.description, $0.1) }, o, meter)
    }

    static func row(kind: String, id: String, _ items: [(String, Button)], _ o: TraitOverrides, _ meter: PictureMeter?) -> String {
        let n = SVGNumber.format
        let pad = 12.0, header = 22.0
        let h = items.map { max(1, $0.1.frame.height) }.max() ?? 1
        let labelHeight = items.map { Caption.height([$0.0 + " · " + $0.1.state.description], width: max(1, $0.1.frame.width) + pad) }.max() ?? 12
        var x = pad
        var body = ""
        for (label, b) in items where !meter.stopped {
            let w = max(1, b.frame.width)
            let style = o.userInterfaceStyle ?? b.userInterfaceStyle
            var piece = "<rect class=\"backdrop\" x=\"\(n(x - pad / 2))\" y=\"\(n(header - 4))\" width=\"\(n(w + pad))\" height=\"\(n(h + 8))\" \(ControlPicture.paint("fill", AccessibilityAudit.backdrop(of: b, style: style)))/>"
            var under = o
            under.userInterfaceStyle = style
            if !b.isHidden { piece += picture(b, preview(b, b.state, under).0, under, height: h).svg(x: x, y: header) }
            piece += Caption.svg(label + " · " + b.state.description, x: x + w / 2, y: header + h + 16, width: w + pad, color: "#455A64")
            guard meter.add(piece) else { break }
            body += piece
            x += w + pad
        }
        let totalWidth = max(x, 120), totalHeight = header + h + labelHeight + pad + 8
        let top = "<rect width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" fill=\"#FAFAFA\"/>"
            + "<text x=\"\(n(pad))\" y=\"15\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"12\" font-weight=\"600\" fill=\"#263238\">\(SVGText.escape("\(kind) \(id)" + traitsNote(o)))</text>"
        return document(width: totalWidth, height: totalHeight, top + body, title: "\(kind) \(id)")
    }

    static func members(kind: String, id: String, selected: String?, _ rows: [(String, Button)], _ o: TraitOverrides,
                        _ meter: PictureMeter?) -> String {
        let n = SVGNumber.format
        let pad = 12.0, header = 22.0
        let m = TextMetrics.shared
        let labelWidth = max(60, (rows.map { m.width($0.0, Font(size: 11)) }.max() ?? 0) * 1.2 + 2 * pad)
        let w = rows.map { max(1, $0.1.frame.width) }.max() ?? 1
        let h = rows.map { max(1, $0.1.frame.height) }.max() ?? 1
        let cell = w + 2 * pad
        // Light over dark for every member when any member's look (or what
        // is behind it) changes with the style.
        let styles: [UserInterfaceStyle] = rows.contains { Self.styles($0.1, o).count > 1 }
            ? UserInterfaceStyle.allCases : [o.userInterfaceStyle ?? rows.first?.1.userInterfaceStyle ?? .light]
        let labelHeight = Caption.height(stripStates.map { $0.description + " · now" }, width: cell)
        let styleHeight = h + 12 + labelHeight + 6
        let rowHeight = styleHeight * Double(styles.count) + 6
        let styleLabel = styles.count > 1 ? 40.0 : 0
        let totalWidth = labelWidth + styleLabel + cell * Double(stripStates.count) + pad
        let totalHeight = header + rowHeight * Double(max(1, rows.count)) + pad
        var body = "<rect width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" fill=\"#FAFAFA\"/>"
        let heading = "\(kind) \(id)" + (selected.map { " — selected: \($0)" } ?? " — nothing selected") + traitsNote(o)
        body += "<text x=\"\(n(pad))\" y=\"15\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"12\" font-weight=\"600\" fill=\"#263238\">\(SVGText.escape(heading))</text>"
        for (r, (label, b)) in rows.enumerated() where !meter.stopped {
            let y = header + rowHeight * Double(r)
            let heading = "<g class=\"member\" data-member=\"\(SVGText.escape(label))\" data-id=\"\(SVGText.escape(b.id))\">"
                + "<text x=\"\(n(pad))\" y=\"\(n(y + 6 + h / 2 + 4))\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"11\" fill=\"#37474F\">\(SVGText.escape(label))</text>"
            guard meter.add(heading) else { break }
            body += heading
            for (k, style) in styles.enumerated() where !meter.stopped {
                body += styleRow(b, style: style, o, x: labelWidth + styleLabel, y: y + styleHeight * Double(k), cell: cell,
                                 label: styles.count > 1 ? style.rawValue : nil, labelX: labelWidth, meter: meter)
            }
            body += "</g>"
        }
        return document(width: totalWidth, height: totalHeight, body, title: "\(kind) \(id): every member, all states")
    }

    /// The look of `state` with the update handler run for it; when the
    /// handler fails, the look without it and `failed`, which the picture
    /// says under the cell (a picture is not the place to raise).
    static func preview(_ b: Button, _ state: ControlState, _ o: TraitOverrides) -> (Appearance, failed: Bool) {
        do { return (try b.previewAppearance(for: state, under: o), false) } catch {
            return (b.appearance(for: state, under: o), true)
        }
    }

    /// The whole screen: every visible button at its frame, in its current
    /// state, later additions on top.
    public static func svg(_ s: Screen, under o: TraitOverrides = TraitOverrides(), meter: PictureMeter? = nil) -> String {
        let n = SVGNumber.format
        let bg = s.backgroundColor.resolve(s.traits.with(o))
        var body = "<rect width=\"\(n(s.width))\" height=\"\(n(s.height))\" \(ControlPicture.paint("fill", bg)) stroke=\"#BDBDBD\"/>"
        for b in s.allButtons where !b.isHidden {
            let drawn = picture(b, preview(b, b.state, o).0, o).svg(x: b.frame.x, y: b.frame.y)
            guard meter.add(drawn) else { break }
            body += drawn
        }
        return document(width: s.width, height: s.height, body, title: "screen" + traitsNote(o))
    }

    /// One cell of a row: an appearance over its backdrop, labelled, with
    /// a red frame when it is flagged (an accessibility problem).
    public struct Cell: Sendable {
        public var appearance: Appearance
        public var label: String
        public var backdrop: Color
        public var flagged: Bool
        /// A cell as drawn by `row`.
        public init(appearance: Appearance, label: String, backdrop: Color, flagged: Bool = false) {
            self.appearance = appearance; self.label = label; self.backdrop = backdrop; self.flagged = flagged
        }
    }

    /// Appearances of one control side by side, each over its backdrop:
    /// light and dark next to each other in reports.
    public static func row(_ cells: [Cell], width w: Double, height h: Double) -> String {
        let n = SVGNumber.format
        let pad = 8.0
        let labelHeight = Caption.height(cells.map(\.label), width: w + 2 * pad)
        let totalWidth = pad + (w + 2 * pad + pad) * Double(cells.count)
        let totalHeight = pad + h + 2 * pad + labelHeight + 4
        var body = ""
        for (i, c) in cells.enumerated() {
            let x = pad + (w + 3 * pad) * Double(i)
            body += "<rect class=\"backdrop\" x=\"\(n(x))\" y=\"\(n(pad))\" width=\"\(n(w + 2 * pad))\" height=\"\(n(h + 2 * pad))\" \(ControlPicture.paint("fill", c.backdrop))"
            body += c.flagged ? " stroke=\"#E53935\" stroke-width=\"2\"/>" : " stroke=\"#CFD8DC\"/>"
            body += ControlPicture(appearance: c.appearance, width: w, height: h).svg(x: x + pad, y: 2 * pad)
            body += Caption.svg(c.label, x: x + w / 2 + pad, y: 3 * pad + h + 12, width: w + 2 * pad, color: c.flagged ? "#C62828" : "#455A64")
        }
        return document(width: totalWidth, height: totalHeight, body)
    }

    /// Whether `b` sits on a screen whose background changes with the style
    /// (a fixed-colour button there looks different in dark mode too).
    static func onChangingBackdrop(_ b: Button) -> Bool {
        AccessibilityAudit.screen(of: b)?.backgroundColor.isDynamic ?? false
    }
}

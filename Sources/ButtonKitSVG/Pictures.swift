import ButtonKit

/// SVG documents of controls and screens. Output is deterministic: the same
/// model gives the same bytes (tests pin it).
public enum Pictures {
    /// The states of the labelled strip, in order.
    public static let stripStates: [ControlState] = [.normal, .highlighted, .selected, [.selected, .highlighted], .disabled]

    static func document(width: Double, height: Double, _ body: String, title: String? = nil) -> String {
        let n = SVGNumber.format
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\" viewBox=\"0 0 \(n(width)) \(n(height))\">"
        if let t = title { out += "<title>\(SVGText.escape(t))</title>" }
        return out + body + "</svg>\n"
    }

    /// The control as it looks now; nothing for a hidden control but an empty canvas.
    public static func svg(_ b: Button) -> String {
        let w = max(1, b.frame.width), h = max(1, b.frame.height)
        let body = b.isHidden ? "" : ControlPicture(appearance: b.appearance, width: w, height: h).svg()
        return document(width: w, height: h, body, title: "\(b.kind.rawValue) \(b.id) \(b.state.description)")
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
            body += "<text x=\"\(SVGNumber.format(width / 2))\" y=\"\(SVGNumber.format(height + 12))\" text-anchor=\"middle\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"10\" fill=\"#455A64\">\(SVGText.escape(label))</text>"
        }
        return document(width: width, height: height + labelHeight, body)
    }

    /// The labelled strip: normal, highlighted, selected,
    /// selected|highlighted and disabled, side by side. A control whose
    /// look can change with the interface style gets two rows, light over
    /// dark, each cell over what is behind the control in that style.
    public static func strip(_ b: Button) -> String {
        if b.usesDynamicLook || b.userInterfaceStyle == .dark || onChangingBackdrop(b) { return dualStrip(b) }
        let n = SVGNumber.format
        let w = max(1, b.frame.width), h = max(1, b.frame.height)
        let pad = 12.0, labelHeight = 18.0, header = 22.0
        let cell = w + pad
        let totalWidth = pad + cell * Double(stripStates.count)
        let totalHeight = header + h + labelHeight + pad
        var body = "<rect width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" fill=\"#FAFAFA\"/>"
        body += "<text x=\"\(n(pad))\" y=\"15\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"12\" font-weight=\"600\" fill=\"#263238\">\(SVGText.escape("\(b.kind.rawValue) \(b.id)"))</text>"
        body += cells(b, x: pad, y: header, cell: cell)
        return document(width: totalWidth, height: totalHeight, body, title: "\(b.kind.rawValue) \(b.id): all states")
    }

    /// The five state cells of one button in a row starting at (x, y), the
    /// button's current state framed in blue and labelled "now".
    static func cells(_ b: Button, x x0: Double, y: Double, cell: Double) -> String {
        let n = SVGNumber.format
        let w = max(1, b.frame.width), h = max(1, b.frame.height)
        var body = ""
        for (i, st) in stripStates.enumerated() {
            let x = x0 + cell * Double(i)
            let now = st == b.state
            body += now
                ? "<rect class=\"current\" x=\"\(n(x - 2))\" y=\"\(n(y - 2))\" width=\"\(n(w + 4))\" height=\"\(n(h + 4))\" fill=\"none\" stroke=\"#1E88E5\" stroke-width=\"2\"/>"
                : "<rect x=\"\(n(x - 2))\" y=\"\(n(y - 2))\" width=\"\(n(w + 4))\" height=\"\(n(h + 4))\" fill=\"none\" stroke=\"#E0E0E0\" stroke-dasharray=\"2 2\"/>"
            let (look, failed) = Self.preview(b, st, nil)
            body += ControlPicture(appearance: look, width: w, height: h).svg(x: x, y: y)
            let label = st.description + (now ? " · now" : "") + (failed ? " · handler failed" : "")
            body += "<text x=\"\(n(x + w / 2))\" y=\"\(n(y + h + 13))\" text-anchor=\"middle\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"10\" fill=\"\(now ? "#1565C0" : "#455A64")\">\(SVGText.escape(label))</text>"
        }
        return body
    }

    /// A sort bar as one picture under its id: a row of state cells per
    /// button, named by its key, the selection said in the heading.
    public static func strip(_ bar: SortBar) -> String {
        members(kind: "sortBar", id: bar.id, selected: bar.selected.map { "key " + $0.key },
                bar.buttons.map { ("key " + $0.key, $0) })
    }

    /// A radio group as one picture under its id: a row per member, named
    /// by its value.
    public static func strip(_ g: RadioGroup) -> String {
        let labelled = zip(g.values, g.buttons).map { ("value " + $0.0.description, $0.1) }
        return members(kind: "radioGroup", id: g.id, selected: g.value.map { "value " + $0.description }, labelled)
    }

    /// A sort bar as it looks now: its buttons side by side, each named.
    public static func svg(_ bar: SortBar) -> String {
        row(kind: "sortBar", id: bar.id, bar.buttons.map { ("key " + $0.key, $0) })
    }

    /// A radio group as it looks now: its members side by side, each named.
    public static func svg(_ g: RadioGroup) -> String {
        row(kind: "radioGroup", id: g.id, zip(g.values, g.buttons).map { ("value " + $0.0.description, $0.1) })
    }

    static func row(kind: String, id: String, _ items: [(String, Button)]) -> String {
        let n = SVGNumber.format
        let pad = 12.0, labelHeight = 18.0, header = 22.0
        let h = items.map { max(1, $0.1.frame.height) }.max() ?? 1
        var x = pad
        var body = ""
        for (label, b) in items {
            let w = max(1, b.frame.width)
            if !b.isHidden { body += ControlPicture(appearance: b.appearance, width: w, height: h).svg(x: x, y: header) }
            body += "<text x=\"\(n(x + w / 2))\" y=\"\(n(header + h + 13))\" text-anchor=\"middle\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"10\" fill=\"#455A64\">\(SVGText.escape(label + " · " + b.state.description))</text>"
            x += w + pad
        }
        let totalWidth = max(x, 120), totalHeight = header + h + labelHeight + pad
        let top = "<rect width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" fill=\"#FAFAFA\"/>"
            + "<text x=\"\(n(pad))\" y=\"15\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"12\" font-weight=\"600\" fill=\"#263238\">\(SVGText.escape("\(kind) \(id)"))</text>"
        return document(width: totalWidth, height: totalHeight, top + body, title: "\(kind) \(id)")
    }

    static func members(kind: String, id: String, selected: String?, _ rows: [(String, Button)]) -> String {
        let n = SVGNumber.format
        let pad = 12.0, labelHeight = 18.0, header = 22.0
        // The estimate is for Helvetica; wider fallbacks (DejaVu) need a fifth more.
        let labelWidth = max(60, (rows.map { SVGText.width($0.0, font: Font(size: 11)) }.max() ?? 0) * 1.2 + 2 * pad)
        let w = rows.map { max(1, $0.1.frame.width) }.max() ?? 1
        let h = rows.map { max(1, $0.1.frame.height) }.max() ?? 1
        let cell = w + pad
        let rowHeight = h + labelHeight + pad
        let totalWidth = labelWidth + cell * Double(stripStates.count) + pad
        let totalHeight = header + rowHeight * Double(max(1, rows.count)) + pad
        var body = "<rect width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" fill=\"#FAFAFA\"/>"
        let heading = "\(kind) \(id)" + (selected.map { " — selected: \($0)" } ?? " — nothing selected")
        body += "<text x=\"\(n(pad))\" y=\"15\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"12\" font-weight=\"600\" fill=\"#263238\">\(SVGText.escape(heading))</text>"
        for (r, (label, b)) in rows.enumerated() {
            let y = header + rowHeight * Double(r)
            body += "<g class=\"member\" data-member=\"\(SVGText.escape(label))\" data-id=\"\(SVGText.escape(b.id))\">"
            body += "<text x=\"\(n(pad))\" y=\"\(n(y + h / 2 + 4))\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"11\" fill=\"#37474F\">\(SVGText.escape(label))</text>"
            body += cells(b, x: labelWidth, y: y, cell: cell)
            body += "</g>"
        }
        return document(width: totalWidth, height: totalHeight, body, title: "\(kind) \(id): every member, all states")
    }

    /// The look of `state` with the update handler run for it; when the
    /// handler fails, the look without it and `failed`, which the picture
    /// says under the cell (a picture is not the place to raise).
    static func preview(_ b: Button, _ state: ControlState, _ style: UserInterfaceStyle?) -> (Appearance, failed: Bool) {
        do { return (try b.previewAppearance(for: state, style: style), false) } catch {
            return (b.appearance(for: state, style: style), true)
        }
    }

    /// The whole screen: every visible button at its frame, in its current
    /// state, later additions on top.
    public static func svg(_ s: Screen) -> String {
        let n = SVGNumber.format
        var body = "<rect width=\"\(n(s.width))\" height=\"\(n(s.height))\" \(ControlPicture.paint("fill", s.resolvedBackgroundColor)) stroke=\"#BDBDBD\"/>"
        for b in s.allButtons where !b.isHidden {
            body += ControlPicture(appearance: b.appearance, width: b.frame.width, height: b.frame.height).svg(x: b.frame.x, y: b.frame.y)
        }
        return document(width: s.width, height: s.height, body, title: "screen")
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
        let pad = 8.0, labelHeight = 16.0
        let totalWidth = pad + (w + 2 * pad + pad) * Double(cells.count)
        let totalHeight = pad + h + 2 * pad + labelHeight
        var body = ""
        for (i, c) in cells.enumerated() {
            let x = pad + (w + 3 * pad) * Double(i)
            body += "<rect class=\"backdrop\" x=\"\(n(x))\" y=\"\(n(pad))\" width=\"\(n(w + 2 * pad))\" height=\"\(n(h + 2 * pad))\" \(ControlPicture.paint("fill", c.backdrop))"
            body += c.flagged ? " stroke=\"#E53935\" stroke-width=\"2\"/>" : " stroke=\"#CFD8DC\"/>"
            body += ControlPicture(appearance: c.appearance, width: w, height: h).svg(x: x + pad, y: 2 * pad)
            body += "<text x=\"\(n(x + w / 2 + pad))\" y=\"\(n(3 * pad + h + 12))\" text-anchor=\"middle\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"10\" fill=\"\(c.flagged ? "#C62828" : "#455A64")\">\(SVGText.escape(c.label))</text>"
        }
        return document(width: totalWidth, height: totalHeight, body)
    }

    /// Whether `b` sits on a screen whose background changes with the style
    /// (a fixed-colour button there looks different in dark mode too).
    static func onChangingBackdrop(_ b: Button) -> Bool {
        var level = b.traitParent
        var depth = 0
        while let l = level, depth < 8 {
            if let s = l as? Screen { return s.backgroundColor.isDynamic }
            level = l.traitParent
            depth += 1
        }
        return false
    }

    /// The strip in both styles: a light row over a dark row.
    static func dualStrip(_ b: Button) -> String {
        let n = SVGNumber.format
        let w = max(1, b.frame.width), h = max(1, b.frame.height)
        let pad = 12.0, labelHeight = 18.0, header = 22.0, rowLabel = 40.0
        let cell = w + 2 * pad
        let rowHeight = h + 2 * 6 + labelHeight
        let totalWidth = rowLabel + cell * Double(stripStates.count) + pad
        let totalHeight = header + rowHeight * 2 + pad
        var body = "<rect width=\"\(n(totalWidth))\" height=\"\(n(totalHeight))\" fill=\"#FAFAFA\"/>"
        body += "<text x=\"\(n(pad))\" y=\"15\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"12\" font-weight=\"600\" fill=\"#263238\">\(SVGText.escape("\(b.kind.rawValue) \(b.id)"))</text>"
        for (r, style) in UserInterfaceStyle.allCases.enumerated() {
            let y = header + rowHeight * Double(r)
            let backdrop = AccessibilityAudit.backdrop(of: b, style: style)
            body += "<g class=\"style-row\" data-style=\"\(style.rawValue)\">"
            body += "<text x=\"\(n(pad))\" y=\"\(n(y + 6 + h / 2 + 4))\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"10\" fill=\"#455A64\">\(style.rawValue)</text>"
            body += "<rect class=\"backdrop\" x=\"\(n(rowLabel))\" y=\"\(n(y))\" width=\"\(n(cell * Double(stripStates.count)))\" height=\"\(n(h + 12))\" \(ControlPicture.paint("fill", backdrop))/>"
            for (i, st) in stripStates.enumerated() {
                let x = rowLabel + cell * Double(i) + pad
                let (look, failed) = Self.preview(b, st, style)
                body += ControlPicture(appearance: look, width: w, height: h).svg(x: x, y: y + 6)
                body += "<text x=\"\(n(x + w / 2))\" y=\"\(n(y + h + 12 + 12))\" text-anchor=\"middle\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"10\" fill=\"#455A64\">\(SVGText.escape(st.description + (failed ? " · handler failed" : "")))</text>"
            }
            body += "</g>"
        }
        return document(width: totalWidth, height: totalHeight, body, title: "\(b.kind.rawValue) \(b.id): all states, light and dark")
    }
}

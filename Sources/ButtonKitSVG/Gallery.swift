import ButtonKit

/// The gallery page of `buttonkit render`: one card per control with its id,
/// kind and the labelled strip of its states, inline (no outside assets).
public enum Gallery {
    /// One card of the page: a picture under its id and kind, with the
    /// accessibility problems that flag it.
    public struct Card: Sendable {
        public var id: String
        public var kind: String
        public var svg: String
        public var problems: [String]
        /// A card as `html` lays it out.
        public init(id: String, kind: String, svg: String, problems: [String] = []) {
            self.id = id; self.kind = kind; self.svg = svg; self.problems = problems
        }

        /// A control's card: its all-states strip, flagged by its audit.
        public init(_ b: Button, under o: TraitOverrides = TraitOverrides()) {
            self.init(id: b.id, kind: b.kind.rawValue, svg: Pictures.strip(b, under: o),
                      problems: AccessibilityAudit.audit(b).map(\.description))
        }
    }

    /// The page for `controls`, in the order given.
    public static func html(_ controls: [Button], script: String) -> String {
        html(controls.map { Card($0) }, script: script)
    }

    /// The page for `cards`, in the order given; `traits` says what the
    /// pictures were taken under (a content size, a direction). `meter`
    /// counts the page as it grows (it copies every picture); once it
    /// refuses, the page is unfinished and the caller discards it.
    public static func html(_ cards: [Card], script: String, traits o: TraitOverrides = TraitOverrides(),
                            meter: PictureMeter? = nil) -> String {
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <title>ButtonKit gallery — \(SVGText.escape(script))</title>
        <style>
        body { font: 14px system-ui, -apple-system, Helvetica, Arial, sans-serif; margin: 24px; color: #263238; background: #ECEFF1; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        p.meta { color: #607D8B; margin: 0 0 20px; }
        .card { background: #fff; border-radius: 8px; padding: 12px 16px; margin: 0 0 16px; box-shadow: 0 1px 2px rgba(0,0,0,.12); }
        .card h2 { font-size: 15px; margin: 0 0 8px; }
        .kind { font-weight: normal; color: #78909C; margin-left: 8px; }
        .strip { overflow-x: auto; }
        .card.flagged { border-left: 4px solid #E53935; }
        ul.audit { margin: 8px 0 0; padding-left: 18px; color: #C62828; font: 12px ui-monospace, Menlo, monospace; }
        p.audit-summary { color: #C62828; margin: 0 0 16px; }
        </style></head><body>
        <h1>ButtonKit gallery</h1>
        <p class="meta">\(Gallery.count(cards)) from <code>\(SVGText.escape(script))</code>; each control in its normal, highlighted, selected, selected|highlighted and disabled states, sort bars and radio groups member by member, screens as they were left\(SVGText.escape(Gallery.underNote(o))). Problems say the state, style and content size they were found at (ax5: the largest accessibility size).</p>

        """
        // Accessibility problems flag their card (see AccessibilityAudit).
        let flagged = cards.filter { !$0.problems.isEmpty }.count
        let total = cards.reduce(0) { $0 + $1.problems.count }
        if total > 0 {
            out += "<p class=\"audit-summary\">\(total) accessibility problem\(total == 1 ? "" : "s") in \(flagged) control\(flagged == 1 ? "" : "s") (buttonkit audit lists them).</p>\n"
        }
        for c in cards {
            guard meter.add(c.svg) else { break }
            out += "<section class=\"card\(c.problems.isEmpty ? "" : " flagged")\" id=\"\(SVGText.escape(c.id))\"><h2>\(SVGText.escape(c.id))<span class=\"kind\">\(SVGText.escape(c.kind))</span></h2>"
            out += "<div class=\"strip\">\(c.svg)</div>"
            if !c.problems.isEmpty {
                out += "<ul class=\"audit\">"
                for p in c.problems { out += "<li>\(SVGText.escape(p))</li>" }
                out += "</ul>"
            }
            out += "</section>\n"
        }
        return out + "</body></html>\n"
    }

    /// ", drawn at content size accessibilityExtraExtraExtraLarge, rightToLeft", or "".
    static func underNote(_ o: TraitOverrides) -> String {
        var parts: [String] = []
        if let s = o.userInterfaceStyle { parts.append(s.rawValue) }
        if let c = o.contentSize { parts.append("content size " + c.rawValue) }
        if let d = o.layoutDirection { parts.append(d.rawValue) }
        return parts.isEmpty ? "" : ", drawn under " + parts.joined(separator: ", ")
    }

    /// "2 screens, 1 sort bar, 5 controls": the cards counted by kind, in
    /// the order kinds first appear.
    public static func count(_ cards: [Card]) -> String {
        var order: [String] = [], counts: [String: Int] = [:]
        for c in cards {
            let k = group(c.kind)
            if counts[k] == nil { order.append(k) }
            counts[k, default: 0] += 1
        }
        if order.isEmpty { return "0 controls" }
        return order.map { k in
            let n = counts[k] ?? 0
            return "\(n) \(n == 1 ? k : plural(k))"
        }.joined(separator: ", ")
    }

    /// Buttons of every kind count as controls; the others by their kind.
    static func group(_ kind: String) -> String {
        switch kind {
        case "screen": return "screen"
        case "sortBar": return "sort bar"
        case "radioGroup": return "radio group"
        default: return "control"
        }
    }

    static func plural(_ word: String) -> String { word + "s" }
}

import ButtonKit

/// The gallery page of `buttonkit render`: one card per control with its id,
/// kind and the labelled strip of its states, inline (no outside assets).
public enum Gallery {
    /// The page for `controls`, in the order given.
    public static func html(_ controls: [Button], script: String) -> String {
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
        <p class="meta">\(controls.count) control\(controls.count == 1 ? "" : "s") from <code>\(SVGText.escape(script))</code>; each in its normal, highlighted, selected, selected|highlighted and disabled states.</p>

        """
        // Accessibility problems flag their card (see AccessibilityAudit).
        let problems = controls.map { AccessibilityAudit.audit($0) }
        let total = problems.reduce(0) { $0 + $1.count }
        if total > 0 {
            out += "<p class=\"audit-summary\">\(total) accessibility problem\(total == 1 ? "" : "s") in \(problems.filter { !$0.isEmpty }.count) control\(problems.filter { !$0.isEmpty }.count == 1 ? "" : "s") (buttonkit audit lists them).</p>\n"
        }
        for (b, found) in zip(controls, problems) {
            out += "<section class=\"card\(found.isEmpty ? "" : " flagged")\" id=\"\(SVGText.escape(b.id))\"><h2>\(SVGText.escape(b.id))<span class=\"kind\">\(b.kind.rawValue)</span></h2>"
            out += "<div class=\"strip\">\(Pictures.strip(b))</div>"
            if !found.isEmpty {
                out += "<ul class=\"audit\">"
                for p in found { out += "<li>\(SVGText.escape(p.description))</li>" }
                out += "</ul>"
            }
            out += "</section>\n"
        }
        return out + "</body></html>\n"
    }
}

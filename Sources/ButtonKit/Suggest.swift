/// "Did you mean" suggestions for misspelt names, so an error can point the
/// user to the name they most likely meant instead of only refusing.
public enum Suggest {
    /// The candidate closest to `word` by edit distance (case-insensitive),
    /// when it is close enough to be a plausible typo.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        // A word from another vocabulary first: `pressed` means highlighted.
        if let meant = synonyms[word.lowercased()] {
            for m in meant { if let c = candidates.first(where: { $0.lowercased() == m.lowercased() }) { return c } }
        }
        let w = Array(word.lowercased().unicodeScalars)
        var best: (name: String, distance: Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased().unicodeScalars))
            if d < (best?.distance ?? Int.max) { best = (c, d) }
        }
        guard let (name, d) = best else { return nil }
        let limit = w.count <= 4 ? 1 : min(3, w.count / 3 + 1)
        if d <= limit { return name }
        // A prefix of a long name is also a plausible intent ("bg" is not, "backgroundCol" is).
        if w.count >= 4, name.lowercased().hasPrefix(word.lowercased()) { return name }
        return nil
    }

    /// Names people bring from HTML, Android or plain English, and the
    /// names UIKit (and so ButtonKit) uses for the same idea, best first.
    /// Edit distance cannot find these (`pressed` is far from
    /// `highlighted`); the candidates a caller passes decide which applies.
    public static let synonyms: [String: [String]] = [
        "pressed": ["highlighted", "tap"], "press": ["tap", "highlighted"], "down": ["highlighted", "touchDown"],
        "touched": ["highlighted"], "active": ["highlighted", "selected"],
        "click": ["tap", "touchUpInside"], "clicked": ["touchUpInside", "tap"], "onclick": ["on"], "ontap": ["on"],
        "text": ["title"], "label": ["title"], "caption": ["title"], "name": ["title", "id"],
        "color": ["titleColor"], "textcolor": ["titleColor"], "fontcolor": ["titleColor"], "foregroundcolor": ["titleColor"],
        "background": ["backgroundColor"], "bgcolor": ["backgroundColor"], "bg": ["backgroundColor"],
        "radius": ["cornerRadius"], "corner": ["cornerRadius"], "border": ["borderWidth", "borderColor"],
        "opacity": ["alpha"], "visible": ["hidden"], "ishidden": ["hidden"], "disabled": ["enabled", "disabled"],
        "checked": ["selected"], "on": ["selected", "on"], "isselected": ["selected"], "isenabled": ["enabled"],
        "selectedvalue": ["value"], "currentvalue": ["value"], "current": ["value", "selected"],
        "sortkey": ["key"], "sortorder": ["direction"], "order": ["direction"], "sortdirection": ["direction"],
        "addtarget": ["on"], "addaction": ["on"], "listen": ["on"], "subscribe": ["on"], "bind": ["on"],
        "remove": ["off", "delete", "unstyle"], "unsubscribe": ["off"], "removetarget": ["off"],
    ]

    /// Optimal string alignment distance: insertions, deletions,
    /// substitutions and adjacent transpositions ("titel" → "title" is 1).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            rows[i][0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = Swift.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = Swift.min(v, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = v
            }
        }
        return rows[a.count][b.count]
    }
}

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
        let names = candidates.map { ($0, Array($0.lowercased().unicodeScalars)) }
        // A word more than 3 longer than every candidate is neither a typo
        // of one nor a prefix; and its distance would cost time and memory
        // in proportion to its length times theirs (a 1 MB name took 24 s).
        guard w.count <= (names.map(\.1.count).max() ?? 0) + 3 else { return nil }
        var best: (String, Int)?
        for (c, scalars) in names {
            let d = distance(w, scalars)
            if let b = best, b.1 <= d { continue }
            best = (c, d)
        }
        guard let (name, d) = best else { return nil }
        let limit = w.count <= 4 ? 1 : min(3, w.count / 3 + 1)
        if d <= limit { return name }
        // A prefix of a long name is also a plausible intent ("bg" is not, "backgroundCol" is).
        if w.count >= 4, name.lowercased().hasPrefix(word.lowercased()) { return name }
        // An abbreviation of one name: the same first letter and ending,
        // the letters between in order (`minContrast` → minimumContrast).
        if w.count >= 4 {
            let abbreviated = names.filter { _, c in
                c.first == w.first && c.suffix(4).elementsEqual(w.suffix(4)) && isSubsequence(w, of: c)
            }
            if abbreviated.count == 1 { return abbreviated[0].0 }
        }
        return nil
    }

    /// Whether every scalar of `a` appears in `b`, in order.
    static func isSubsequence(_ a: [Unicode.Scalar], of b: [Unicode.Scalar]) -> Bool {
        var i = a.startIndex
        for x in b where i < a.endIndex && a[i] == x { i += 1 }
        return i == a.endIndex
    }

    /// Names people bring from HTML, Android or plain English, and the
    /// names UIKit (and so ButtonKit) uses for the same idea, best first.
    /// Edit distance cannot find these (`pressed` is far from
    /// `highlighted`); the candidates a caller passes decide which applies.
    public static let synonyms: [String: [String]] = [
        "pressed": ["highlighted", "tap"], "press": ["tap", "highlighted"], "down": ["highlighted", "touchDown"],
        "touched": ["highlighted"], "active": ["highlighted", "selected"],
        "touchup": ["touchUpInside"], "up": ["touchUpInside"], "release": ["touchUpInside"], "released": ["touchUpInside"],
        "change": ["valueChanged"], "changed": ["valueChanged"], "onchange": ["valueChanged", "on"],
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

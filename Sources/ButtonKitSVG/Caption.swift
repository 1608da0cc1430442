import ButtonKit

/// The captions under a picture's cells ("highlighted|selected · now"),
/// fitted to their cell so two never overlap: on one line when it fits,
/// else on two (split where the caption has a `|` or ` · `), else smaller
/// (down to 6 pt), else cut with `…`. Widths are Inter's, with a tenth
/// more for a viewer that draws captions in a wider fallback font.
enum Caption {
    /// The caption's lines and font size for a cell `width` wide.
    static func fit(_ text: String, width: Double, size: Double = 10) -> (lines: [String], size: Double) {
        let room = max(1, width - 2) / 1.1
        let m = TextMetrics.shared
        func fits(_ lines: [String], _ s: Double) -> Bool { lines.allSatisfy { m.width($0, Font(size: s)) <= room } }
        if fits([text], size) { return ([text], size) }
        let two = split(text)
        var s = size
        while s >= 6 {
            if fits([text], s) { return ([text], s) }
            if two.count == 2, fits(two, s) { return (two, s) }
            s -= 1
        }
        // Still too wide: cut each line to what fits at 6 pt. The longest
        // prefix that fits is found by halving (a prefix is never wider
        // than a longer one): taking one character off at a time measured
        // the rest again each time, quadratic in a long radio value.
        let lines = (two.count == 2 ? two : [text]).map { line -> String in
            let chars = Array(line)
            var lo = 0, hi = chars.count
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if fits([String(chars[..<mid]) + "…"], 6) { lo = mid } else { hi = mid - 1 }
            }
            return lo == 0 ? "…" : String(chars[..<lo]) + "…"
        }
        return (lines, 6)
    }

    /// Two halves at the split point nearest the middle, or the text alone.
    static func split(_ text: String) -> [String] {
        let chars = Array(text)
        var best: (Int, Int)? = nil   // (index, distance from the middle)
        for (i, c) in chars.enumerated() where c == "|" || c == "·" || c == " " {
            let d = abs(i - chars.count / 2)
            if best == nil || d < best!.1 { best = (i, d) }
        }
        guard let (i, _) = best, i > 0, i < chars.count - 1 else { return [text] }
        let keep = chars[i] == "|"
        let first = String(chars[..<(keep ? i + 1 : i)]).trimmingSpaces()
        let second = String(chars[(i + 1)...]).trimmingSpaces()
        let a = String(first), b = String(second.hasPrefix("· ") ? second.dropFirst(2) : second[...])
        return a.isEmpty || b.isEmpty ? [text] : [a, b]
    }

    /// The caption as SVG text, centred on `x`, its first baseline at `y`.
    static func svg(_ text: String, x: Double, y: Double, width: Double, color: String, size: Double = 10) -> String {
        let n = SVGNumber.format
        let (lines, s) = fit(text, width: width, size: size)
        var out = ""
        for (i, line) in lines.enumerated() {
            out += "<text class=\"caption\" x=\"\(n(x))\" y=\"\(n(y + Double(i) * (s + 1.5)))\" text-anchor=\"middle\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"\(n(s))\" fill=\"\(color)\">\(SVGText.escape(line))</text>"
        }
        return out
    }

    /// The height captions of `texts` take in cells `width` wide.
    static func height(_ texts: [String], width: Double, size: Double = 10) -> Double {
        let lines = texts.map { fit($0, width: width, size: size) }.map { Double($0.lines.count) * ($0.size + 1.5) }
        return max(size + 2, lines.max() ?? 0)
    }
}

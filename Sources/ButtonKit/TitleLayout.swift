/// UIKit's layout of a title in a button, the one place that decides what
/// text is drawn and whether it fits.
///
/// - A legacy button (no configuration) draws one line, as UIButton's
///   `titleLabel` does (`numberOfLines = 1`, `lineBreakMode =
///   .byTruncatingMiddle`): the room is the frame less `contentEdgeInsets`,
///   less the image beside the title, less `titleEdgeInsets`; a title wider
///   than that keeps its start and end around a `…`.
/// - A configured button wraps its title as UIKit's configurations do
///   (word by word, any character of CJK text, a word wider than the line
///   broken where it must): the room is the frame less the content insets,
///   less the image when it sits before or after the text; lines that do
///   not fit the height are dropped, the last one kept ending in `…`.
///
/// Widths come from `TextMetrics` (real font metrics when installed).
/// The image is as large as the pictures draw it (`imageSide`), as named
/// images carry no size of their own.
public struct TitleLayout: Hashable, Sendable {
    /// The text as drawn, lines joined with `\n`; nil without a title.
    public var displayedText: String?
    /// Whether `displayedText` lost characters to fit.
    public var truncated: Bool
    /// The lines drawn.
    public var lines: [String]
    /// The widest line's width and all lines' height, in points.
    public var textWidth: Double, textHeight: Double
    /// The room the title had.
    public var availableWidth: Double, availableHeight: Double
    /// Whether one line of the title is taller than its room (UIKit clips it).
    public var clippedVertically: Bool
    /// The side of the image drawn beside the title (0 without one).
    public var imageSide: Double

    /// The ellipsis UIKit's truncation inserts.
    public static let ellipsis = "…"

    /// The side of an image beside a title of `font` in a button `height`
    /// high (the pictures draw it so): legacy images 60 % of the height at
    /// most, configured ones half, at least 12 pt or 1.1 em.
    public static func imageSide(font: Font, height: Double, configured: Bool) -> Double {
        min(height * (configured ? 0.5 : 0.6), max(12, font.size * 1.1))
    }

    /// The gap between a legacy button's image and title, as pictures draw it.
    public static let legacyImageGap = 6.0

    /// The layout of `a` in a frame `width` × `height`, with a legacy
    /// button's insets (ignored when `a` has a configuration).
    public static func lay(_ a: Appearance, width: Double, height: Double,
                           contentInsets: ButtonInsets = .zero, titleInsets: ButtonInsets = .zero,
                           metrics: TextMetrics = .shared) -> TitleLayout {
        let m = metrics
        // The common case first, without splitting the title: a plain title
        // that fits on one line (every appearance read asks this).
        if a.attributedTitle == nil, let t = a.title, !t.isEmpty {
            if let fits = wholeLine(a, t, width: width, height: height, contentInsets: contentInsets, titleInsets: titleInsets, m) {
                return fits
            }
        } else if a.attributedTitle == nil, a.layout == nil {
            return TitleLayout(displayedText: nil, truncated: false, lines: [], textWidth: 0, textHeight: 0,
                               availableWidth: width, availableHeight: height, clippedVertically: false, imageSide: 0)
        }
        let pieces = segments(of: a)
        let hasText = !pieces.isEmpty
        if let l = a.layout {
            let hasImage = a.image != nil || l.showsActivityIndicator
            let side = hasImage ? imageSide(font: a.font, height: height, configured: true) : 0
            let gap = hasImage && hasText ? l.imagePadding : 0
            // Lines may run into the top and bottom insets (UIKit lets a
            // configured button's content do so), not past the frame.
            var w = width - l.contentInsets.leading - l.contentInsets.trailing
            var h = height
            switch l.imagePlacement {
            case .leading, .trailing: w -= side + gap
            case .top, .bottom: h -= side + gap
            }
            if let sub = l.subtitle, !sub.isEmpty {
                h -= m.lineHeight(l.subtitleFont) + (hasText ? l.titlePadding : 0)
            }
            var out = wrap(pieces, width: max(0, w), height: max(0, h), font: a.font, m)
            out.imageSide = side
            return out
        }
        let side = a.image != nil ? imageSide(font: pieces.map(\.font.size).max().map { Font(size: $0) } ?? a.font,
                                              height: height, configured: false) : 0
        let gap = a.image != nil && hasText ? legacyImageGap : 0
        let w = width - contentInsets.horizontal - side - gap - titleInsets.horizontal
        let h = height - contentInsets.vertical - titleInsets.vertical
        var out = singleLine(pieces, width: max(0, w), height: max(0, h), font: a.font, m)
        out.imageSide = side
        return out
    }

    /// The layout of a plain title when it fits on one line whole, else nil.
    static func wholeLine(_ a: Appearance, _ t: String, width: Double, height: Double,
                          contentInsets: ButtonInsets, titleInsets: ButtonInsets, _ m: TextMetrics) -> TitleLayout? {
        if t.utf8.contains(10) { return nil }
        let (w, lh) = m.line(t, a.font)
        var roomW: Double, roomH: Double, side = 0.0
        if let l = a.layout {
            let hasImage = a.image != nil || l.showsActivityIndicator
            side = hasImage ? imageSide(font: a.font, height: height, configured: true) : 0
            let gap = hasImage ? l.imagePadding : 0
            roomW = width - l.contentInsets.leading - l.contentInsets.trailing
            roomH = height
            switch l.imagePlacement {
            case .leading, .trailing: roomW -= side + gap
            case .top, .bottom: roomH -= side + gap
            }
            if let sub = l.subtitle, !sub.isEmpty { roomH -= m.lineHeight(l.subtitleFont) + l.titlePadding }
        } else {
            side = a.image != nil ? imageSide(font: a.font, height: height, configured: false) : 0
            let gap = a.image != nil ? legacyImageGap : 0
            roomW = width - contentInsets.horizontal - side - gap - titleInsets.horizontal
            roomH = height - contentInsets.vertical - titleInsets.vertical
        }
        roomW = max(0, roomW); roomH = max(0, roomH)
        guard w <= roomW + 0.001 else { return nil }
        // A configured title taller than its room is handled by wrapping.
        if a.layout != nil && lh > roomH + 0.001 { return nil }
        return TitleLayout(displayedText: t, truncated: false, lines: [t], textWidth: w, textHeight: lh,
                           availableWidth: roomW, availableHeight: roomH, clippedVertically: lh > roomH + 0.001, imageSide: side)
    }

    // MARK: Text as runs of one font

    /// A character with the font it is drawn in.
    struct Piece: Hashable, Sendable {
        let character: Character
        let font: Font
    }

    /// The title (or the attributed runs, each in its font) as pieces.
    static func segments(of a: Appearance) -> [Piece] {
        if let runs = a.attributedTitle {
            return runs.flatMap { r in r.text.map { Piece(character: $0, font: r.font ?? a.font) } }
        }
        return (a.title ?? "").map { Piece(character: $0, font: a.font) }
    }

    /// The width of pieces: each stretch in one font measured as a whole.
    static func width(_ pieces: ArraySlice<Piece>, _ m: TextMetrics) -> Double {
        var total = 0.0
        var i = pieces.startIndex
        while i < pieces.endIndex {
            let font = pieces[i].font
            var j = i
            var text = ""
            while j < pieces.endIndex, pieces[j].font == font { text.append(pieces[j].character); j += 1 }
            total += m.width(text, font)
            i = j
        }
        return total
    }

    static func text(_ pieces: ArraySlice<Piece>) -> String { String(pieces.map(\.character)) }

    static func lineHeight(_ pieces: ArraySlice<Piece>, _ font: Font, _ m: TextMetrics) -> Double {
        var fonts: [Font] = []
        for p in pieces where !fonts.contains(p.font) { fonts.append(p.font) }
        return (fonts.isEmpty ? [font] : fonts).map(m.lineHeight).max() ?? 0
    }

    // MARK: One line, middle truncation (UIButton)

    static func singleLine(_ pieces: [Piece], width: Double, height: Double, font: Font, _ m: TextMetrics) -> TitleLayout {
        guard !pieces.isEmpty else {
            return TitleLayout(displayedText: nil, truncated: false, lines: [], textWidth: 0, textHeight: 0,
                               availableWidth: width, availableHeight: height, clippedVertically: false, imageSide: 0)
        }
        let all = pieces[...]
        let lh = lineHeight(all, font, m)
        let full = Self.width(all, m)
        if full <= width + 0.001 {
            let t = text(all)
            return TitleLayout(displayedText: t, truncated: false, lines: [t], textWidth: full, textHeight: lh,
                               availableWidth: width, availableHeight: height, clippedVertically: lh > height + 0.001, imageSide: 0)
        }
        let (line, w) = middleTruncated(pieces, width: width, font: font, m)
        return TitleLayout(displayedText: line, truncated: true, lines: [line], textWidth: w, textHeight: lh,
                           availableWidth: width, availableHeight: height, clippedVertically: lh > height + 0.001, imageSide: 0)
    }

    /// The most characters that fit around a `…` (the start keeps the odd
    /// one), or `…` alone, or nothing when even that does not fit.
    static func middleTruncated(_ pieces: [Piece], width: Double, font: Font, _ m: TextMetrics) -> (String, Double) {
        func candidate(_ k: Int) -> [Piece] {
            let head = (k + 1) / 2, tail = k / 2
            let mark = Piece(character: "…", font: pieces[head > 0 ? head - 1 : 0].font)
            return Array(pieces[..<head]) + [mark] + Array(pieces[(pieces.count - tail)...])
        }
        var lo = 0, hi = pieces.count - 1, best: [Piece]? = nil
        while lo <= hi {
            let k = (lo + hi) / 2
            let c = candidate(k)
            if Self.width(c[...], m) <= width + 0.001 { best = c; lo = k + 1 } else { hi = k - 1 }
        }
        guard let b = best else { return ("", 0) }
        return (text(b[...]), Self.width(b[...], m))
    }

    // MARK: Wrapping (configurations)

    /// Whether a line may break after this character without a space (CJK).
    static func breaksAnywhere(_ c: Character) -> Bool {
        c.unicodeScalars.first.map(EstimatedMeasurer.isWide) ?? false
    }

    static func wrap(_ pieces: [Piece], width: Double, height: Double, font: Font, _ m: TextMetrics) -> TitleLayout {
        guard !pieces.isEmpty else {
            return TitleLayout(displayedText: nil, truncated: false, lines: [], textWidth: 0, textHeight: 0,
                               availableWidth: width, availableHeight: height, clippedVertically: false, imageSide: 0)
        }
        // Words: stretches between spaces (the space kept at the word's
        // end), each CJK character a word of its own.
        var words: [ArraySlice<Piece>] = []
        var start = 0
        for (i, p) in pieces.enumerated() {
            if p.character == " " || p.character == "\n" || breaksAnywhere(p.character) {
                words.append(pieces[start...i]); start = i + 1
            }
        }
        if start < pieces.count { words.append(pieces[start...]) }
        var lines: [[Piece]] = []
        var current: [Piece] = []
        func fits(_ ps: [Piece]) -> Bool {
            var trimmed = ps[...]
            while let last = trimmed.last, last.character == " " { trimmed = trimmed.dropLast() }
            return Self.width(trimmed, m) <= width + 0.001
        }
        for word in words {
            if !current.isEmpty, fits(current + word) {
                current += word
            } else if fits(Array(word)) {
                if !current.isEmpty { lines.append(current) }
                current = Array(word)
            } else {
                // A word wider than the line: broken where it must be.
                if !current.isEmpty { lines.append(current); current = [] }
                for p in word {
                    if current.isEmpty || fits(current + [p]) { current.append(p) } else { lines.append(current); current = [p] }
                }
            }
            if word.last?.character == "\n" { lines.append(current); current = [] }
        }
        if !current.isEmpty { lines.append(current) }
        let lh = lineHeight(pieces[...], font, m)
        let fitting = max(1, Int(((height + 0.001) / max(lh, 0.001)).rounded(.down)))
        var truncated = false
        if lines.count > fitting {
            truncated = true
            var last = lines[fitting - 1] + [Piece(character: " ", font: lines[fitting - 1].last?.font ?? font)] + lines[fitting]
            lines = Array(lines.prefix(fitting - 1))
            // The last kept line ends in "…" where it fits.
            while !last.isEmpty, !fits(last + [Piece(character: "…", font: last.last?.font ?? font)]) { last.removeLast() }
            while let l = last.last, l.character == " " { last.removeLast() }
            lines.append(last + [Piece(character: "…", font: last.last?.font ?? font)])
        }
        let texts = lines.map { line -> String in
            var t = text(line[...])
            while t.last == " " || t.last == "\n" { t.removeLast() }
            return t
        }
        // A single line wider than the room (even one character) is truncated too.
        let widths = lines.map { line -> Double in
            var s = line[...]
            while let l = s.last, l.character == " " || l.character == "\n" { s = s.dropLast() }
            return Self.width(s, m)
        }
        if widths.contains(where: { $0 > width + 0.001 }) { truncated = true }
        let textHeight = lh * Double(lines.count)
        return TitleLayout(displayedText: texts.joined(separator: "\n"), truncated: truncated, lines: texts,
                           textWidth: widths.max() ?? 0, textHeight: textHeight,
                           availableWidth: width, availableHeight: height, clippedVertically: lh > height + 0.001, imageSide: 0)
    }
}

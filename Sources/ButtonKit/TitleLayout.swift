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

    /// Widths measured once: each distinct word (in its font runs) and each
    /// character a too-wide word is broken at. Lines are then summed from
    /// these, so wrapping costs one measurement per distinct word instead
    /// of one of the whole line per word (quadratic: a 192,000-character
    /// title in a 32,000 pt frame took 40 s).
    struct WidthCache {
        let m: TextMetrics
        var words: [[Piece]: Double] = [:]
        var characters: [Piece: Double] = [:]

        mutating func word(_ ps: ArraySlice<Piece>) -> Double {
            let key = Array(ps)
            if let w = words[key] { return w }
            let w = TitleLayout.width(ps, m)
            words[key] = w
            return w
        }

        mutating func character(_ p: Piece) -> Double {
            if let w = characters[p] { return w }
            let w = m.width(String(p.character), p.font)
            characters[p] = w
            return w
        }
    }

    static func wrap(_ pieces: [Piece], width: Double, height: Double, font: Font, _ m: TextMetrics) -> TitleLayout {
        guard !pieces.isEmpty else {
            return TitleLayout(displayedText: nil, truncated: false, lines: [], textWidth: 0, textHeight: 0,
                               availableWidth: width, availableHeight: height, clippedVertically: false, imageSide: 0)
        }
        // Words: stretches between spaces (the space kept at the word's
        // end), each CJK character a word of its own.
        var words: [Range<Int>] = []
        var start = 0
        for (i, p) in pieces.enumerated() {
            if p.character == " " || p.character == "\n" || breaksAnywhere(p.character) {
                words.append(start..<(i + 1)); start = i + 1
            }
        }
        if start < pieces.count { words.append(start..<pieces.count) }
        func trimmedEnd(_ r: Range<Int>) -> Int {
            var e = r.upperBound
            while e > r.lowerBound, pieces[e - 1].character == " " || pieces[e - 1].character == "\n" { e -= 1 }
            return e
        }
        var cache = WidthCache(m: m)
        let room = width + 0.001
        // Lines as ranges of pieces; the open line's width with its
        // trailing spaces (`full`) and without (`trimmed`).
        var lines: [Range<Int>] = []
        var lineStart = 0, lineEnd = 0
        var full = 0.0
        func close() {
            if lineEnd > lineStart { lines.append(lineStart..<lineEnd) }
            lineStart = lineEnd; full = 0
        }
        for word in words {
            let e = trimmedEnd(word)
            let bare = cache.word(pieces[word.lowerBound..<e])
            let whole = e == word.upperBound ? bare : cache.word(pieces[word])
            if lineEnd > lineStart, full + bare <= room {
                lineEnd = word.upperBound; full += whole
            } else if bare <= room {
                close()
                lineStart = word.lowerBound; lineEnd = word.upperBound; full = whole
            } else {
                // A word wider than the line: broken where it must be.
                close()
                lineStart = word.lowerBound; lineEnd = word.lowerBound
                for i in word {
                    let w = cache.character(pieces[i])
                    let isSpace = pieces[i].character == " " || pieces[i].character == "\n"
                    if lineEnd == lineStart || isSpace || full + w <= room {
                        lineEnd = i + 1; full += w
                    } else {
                        close()
                        lineStart = i; lineEnd = i + 1; full = w
                    }
                }
            }
            if pieces[word.upperBound - 1].character == "\n" {
                lines.append(lineStart..<lineEnd); lineStart = lineEnd; full = 0
            }
        }
        if lineEnd > lineStart { lines.append(lineStart..<lineEnd) }
        var kept: [[Piece]] = []
        let lh = lineHeight(pieces[...], font, m)
        let fitting = max(1, Int(((height + 0.001) / max(lh, 0.001)).rounded(.down)))
        var truncated = false
        if lines.count > fitting {
            truncated = true
            kept = lines.prefix(fitting - 1).map { Array(pieces[$0]) }
            // The last kept line runs on into the next and ends in "…"
            // where it fits: characters come off its end, each width
            // taken from the sum rather than the line measured again.
            var last = Array(pieces[lines[fitting - 1]])
            last.append(Piece(character: " ", font: last.last?.font ?? font))
            last += pieces[lines[fitting]]
            var w = 0.0
            for p in last { w += cache.character(p) }
            // Trailing spaces are not measured (they are dropped below).
            func withEllipsis() -> Double {
                var spaces = 0.0
                var i = last.count - 1
                while i >= 0, last[i].character == " " { spaces += cache.character(last[i]); i -= 1 }
                return w - spaces + cache.character(Piece(character: "…", font: last.last?.font ?? font))
            }
            while !last.isEmpty, withEllipsis() > room { w -= cache.character(last.removeLast()) }
            while let l = last.last, l.character == " " { last.removeLast() }
            last.append(Piece(character: "…", font: last.last?.font ?? font))
            kept.append(last)
        } else {
            kept = lines.map { Array(pieces[$0]) }
        }
        let texts = kept.map { line -> String in
            var t = text(line[...])
            while t.last == " " || t.last == "\n" { t.removeLast() }
            return t
        }
        // Each kept line measured once, as drawn. A single line wider than
        // the room (even one character) is truncated too.
        let widths = kept.map { line -> Double in
            var s = line[...]
            while let l = s.last, l.character == " " || l.character == "\n" { s = s.dropLast() }
            return Self.width(s, m)
        }
        if widths.contains(where: { $0 > room }) { truncated = true }
        let textHeight = lh * Double(kept.count)
        return TitleLayout(displayedText: texts.joined(separator: "\n"), truncated: truncated, lines: texts,
                           textWidth: widths.max() ?? 0, textHeight: textHeight,
                           availableWidth: width, availableHeight: height, clippedVertically: lh > height + 0.001, imageSide: 0)
    }
}

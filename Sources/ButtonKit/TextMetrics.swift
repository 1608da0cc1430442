import Synchronization

/// A measurer with a cache of what it measured.
///
/// One instance serves the whole process as `shared`: the host installs it
/// once, before scripts run (the command line installs real fonts when it
/// makes its first Lua state, see `TextSetup` in the bridge); until then
/// the fixed-width stand-in answers. Tests that need exact numbers make an
/// instance of their own and pass it to `TitleLayout`, so they never depend
/// on what another test installed. Widths are cached per text, family,
/// size and weight: a title is shaped once, however often its appearance is
/// read (the bound keeps a script of a million titles from growing it
/// without end).
public final class TextMetrics: Sendable {
    struct Key: Hashable {
        let text: String
        let family: String
        let size: Double
        let weight: FontWeight
    }

    struct Cache {
        var widths: [Key: Double] = [:]
        var lines: [Key: Double] = [:]
        /// The last few lines asked for, compared before hashing: a title
        /// read again is the same string (its storage compares in one step),
        /// where hashing it (and its font's family) costs more than the rest
        /// of an appearance read.
        var recent: [(text: String, font: Font, width: Double, lineHeight: Double)] = []
        var next = 0
    }

    /// What measures.
    public let measurer: any TextMeasurer
    let cache = Mutex(Cache())

    /// Most widths kept before the cache starts over.
    public static let cacheLimit = 50_000

    /// Metrics from `measurer`, with an empty cache.
    public init(_ measurer: any TextMeasurer) { self.measurer = measurer }

    static let current = Mutex(TextMetrics(FixedWidthMeasurer()))

    /// The metrics in use.
    public static var shared: TextMetrics { current.withLock { $0 } }

    /// Makes `m` the measurer for everything measured from now on.
    public static func install(_ m: any TextMeasurer) {
        let metrics = TextMetrics(m)
        current.withLock { $0 = metrics }
    }

    /// The advance width of `text` in `font`, on one line, in points.
    public func width(_ text: String, _ font: Font) -> Double {
        if text.isEmpty { return 0 }
        let key = Key(text: text, family: font.family, size: font.size, weight: font.weight)
        if let w = cache.withLock({ $0.widths[key] }) { return w }
        let w = measurer.width(of: text, font: font)
        cache.withLock { c in
            if c.widths.count >= TextMetrics.cacheLimit { c.widths.removeAll(keepingCapacity: true) }
            c.widths[key] = w
        }
        return w
    }

    /// One line's width and height: `width` and `lineHeight` in one step,
    /// what laying out a title asks on every appearance read.
    public func line(_ text: String, _ font: Font) -> (width: Double, lineHeight: Double) {
        if let hit = cache.withLock({ c -> (Double, Double)? in
            for r in c.recent where r.text == text && r.font == font { return (r.width, r.lineHeight) }
            return nil
        }) { return hit }
        let found = (width(text, font), lineHeight(font))
        cache.withLock { c in
            let entry = (text: text, font: font, width: found.0, lineHeight: found.1)
            if c.recent.count < 8 { c.recent.append(entry) } else { c.recent[c.next] = entry; c.next = (c.next + 1) % 8 }
        }
        return found
    }

    /// The height of one line of `font`, in points.
    public func lineHeight(_ font: Font) -> Double {
        let key = Key(text: "", family: font.family, size: font.size, weight: font.weight)
        if let h = cache.withLock({ $0.lines[key] }) { return h }
        let h = measurer.lineHeight(of: font)
        cache.withLock { $0.lines[key] = h }
        return h
    }
}

import Synchronization

/// The longest title the model keeps: a title, a subtitle or an attributed
/// title's runs together are cut to their first `maxCharacters` characters
/// where they enter the model (a style, a configuration), from a script or
/// a storyboard alike. A button title is a few words; a 10 MB one was only
/// a way to make drawing and auditing take gigabytes and minutes (issue
/// 27), and the cut keeps every picture, audit and layout of one control
/// bounded whatever a script sets.
public enum TitleText {
    /// Characters (grapheme clusters) a title keeps.
    public static let maxCharacters = 10_000

    /// Whether a title was cut in this process (a command says so once).
    private static let cutSeen = Atomic<Bool>(false)
    public static var wasCut: Bool { cutSeen.load(ordering: .relaxed) }

    /// `text`, or its first `maxCharacters` characters.
    public static func cut(_ text: String) -> String {
        // Fewer bytes than the limit means fewer characters: no walk.
        guard text.utf8.count > maxCharacters else { return text }
        var end = text.startIndex
        var n = 0
        while n < maxCharacters, end < text.endIndex { text.formIndex(after: &end); n += 1 }
        guard end < text.endIndex else { return text }
        cutSeen.store(true, ordering: .relaxed)
        return String(text[..<end])
    }

    /// Runs whose texts together keep at most `maxCharacters` characters
    /// (the run that crosses the limit is cut, later ones dropped).
    public static func cut(_ runs: [AttributedRun]) -> [AttributedRun] {
        var left = maxCharacters
        var out: [AttributedRun] = []
        out.reserveCapacity(runs.count)
        for r in runs {
            guard left > 0 else {
                cutSeen.store(true, ordering: .relaxed)
                break
            }
            if r.text.utf8.count <= left {
                out.append(r)
                left -= r.text.count
                continue
            }
            var end = r.text.startIndex
            var n = 0
            while n < left, end < r.text.endIndex { r.text.formIndex(after: &end); n += 1 }
            var cut = r
            if end < r.text.endIndex {
                cut.text = String(r.text[..<end])
                cutSeen.store(true, ordering: .relaxed)
            }
            out.append(cut)
            left -= n
        }
        return out
    }
}

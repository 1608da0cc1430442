/// Text that Swift calls equal but Lua does not.
///
/// Swift compares strings as Unicode text: `"caf\u{E9}"` (a composed é)
/// and `"cafe\u{301}"` (an e and a combining accent) are one string, one
/// dictionary key. Lua compares bytes: they are two. Radio values compare
/// by bytes, as Lua's do. A store's keys live in a dictionary keyed by Swift
/// strings, so there a second spelling of a key it holds would silently land
/// on the first (a `set` overwriting another key, a file's key dropped on the
/// next write): the store refuses it and says why, and `get` answers only
/// for the exact bytes. This is where "the same text, other bytes" is
/// decided.
public enum Spelling {
    /// Whether `a` and `b` are the same bytes: equality as Lua sees it, for
    /// names a script chose (sort keys, ids, radio values) and for paths.
    public static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.elementsEqual(b.utf8)
    }

    /// Whether `a` and `b` are the same text to Swift but different bytes.
    public static func differ(_ a: String, _ b: String) -> Bool {
        a == b && !a.utf8.elementsEqual(b.utf8)
    }

    /// What a refusal adds, so two strings that print alike can be told apart.
    /// It ends so that a noun ("key", "value") completes it.
    public static let explanation =
        "the same text spelled with other bytes (a composed and a decomposed accent, say), and ButtonKit compares text as Unicode, so the two would be one"
}

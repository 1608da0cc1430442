import ButtonKit

/// XML escaping for the reports: the core's one rule (`XMLText`), the one
/// the pictures and the audit's reports use too.
enum XML {
    static func escape(_ s: String) -> String { XMLText.escape(s) }
    /// Whether XML 1.0 allows the character at all.
    static func isAllowed(_ u: Unicode.Scalar) -> Bool { XMLText.isAllowed(u) }
}

/// One thing seen in a file and not modelled (the contract's `doc.ignored`
/// entries): nothing is dropped silently, so a script or `audit` can say how
/// much of the file ButtonKit did not take into account, and where.
public struct IBIgnored: Sendable, Hashable {
    /// Where the element (or the attribute) is: 1-based line and column.
    public let line: Int
    /// The column of the element's `<` or of the attribute's name.
    public let column: Int
    /// The element's name (`segue`, `constraint`, `color`...).
    public let element: String
    /// The attribute not modelled, or nil when the whole element is ignored.
    public let attribute: String?
    /// Why it was not taken (`not modelled`, `unknown colour space 'x'`...).
    public let reason: String
    /// The file, in a folder load (which joins several); nil in a one-file load.
    public var path: String?

    /// An entry; `attribute` nil for a whole element.
    public init(line: Int, column: Int, element: String, attribute: String?, reason: String) {
        self.line = line; self.column = column; self.element = element; self.attribute = attribute; self.reason = reason
    }
}

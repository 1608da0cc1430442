/// Where each line of a file starts, so an entry found on a line can be
/// given its column: libxml2's streaming reader keeps an element's line,
/// not its column, and columns are wanted only for the entries listed.
///
/// Entries come mostly in document order, so each line keeps a cursor past
/// the last element found and the next new element is searched from there
/// (each element's place is remembered for its other entries): a file
/// written on one line (thousands of entries on a 3 MB line) costs about
/// one pass over it, not one pass per entry, and two elements of one name
/// on one line get their own columns.
final class SourceLines {
    let bytes: [UInt8]
    private var starts: [Int] = [0]
    private var cursors: [Int: Int] = [:]
    private var places: [ObjectIdentifier: Int] = [:]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        starts.reserveCapacity(bytes.count / 40)
        for (i, b) in bytes.enumerated() where b == 10 { starts.append(i + 1) }
    }

    /// The 1-based column (in bytes) of the element's `<name` on its line,
    /// or of `attribute=` inside its start tag; 1 when not found.
    func column(of node: XMLNode, attribute: String? = nil) -> Int {
        let line = node.line
        guard line >= 1, line <= starts.count else { return 1 }
        let start = starts[line - 1]
        let end = line < starts.count ? starts[line] : bytes.count
        let at: Int
        if let known = places[ObjectIdentifier(node)] {
            at = known
        } else {
            let tag = Array(("<" + node.name).utf8)
            let cursor = cursors[line] ?? start
            var found = SourceLines.find(tag, in: bytes, from: cursor, to: end)
            if found == nil && cursor > start { found = SourceLines.find(tag, in: bytes, from: start, to: min(end, cursor + tag.count)) }
            guard let f = found else { return 1 }
            at = f
            places[ObjectIdentifier(node)] = f
            cursors[line] = max(cursors[line] ?? start, f + 1)
        }
        guard let attribute else { return at - start + 1 }
        // The attribute is inside this start tag: search up to its '>'.
        var close = at
        while close < end && bytes[close] != 62 { close += 1 }
        let key = Array((" " + attribute + "=").utf8)
        if let a = SourceLines.find(key, in: bytes, from: at, to: close) { return a + 1 - start + 1 }
        return at - start + 1
    }

    /// The first offset of `needle` in `bytes[from..<to]` (whole match inside).
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard let first = needle.first, to - from >= needle.count else { return nil }
        var i = from
        let last = to - needle.count
        while i <= last {
            if bytes[i] == first {
                var k = 1
                while k < needle.count && bytes[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}

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
    /// Line starts, found on the first question (a file with nothing to
    /// list never pays for them); 32-bit, as files are at most 32 MB.
    private lazy var starts: [UInt32] = {
        var s: [UInt32] = [0]
        s.reserveCapacity(bytes.count / 40)
        for (i, b) in bytes.enumerated() where b == 10 { s.append(UInt32(truncatingIfNeeded: i + 1)) }
        return s
    }()
    private var cursors: [Int: Int] = [:]
    private var places: [ObjectIdentifier: Int] = [:]
    /// Each start tag's attributes (name → offset), scanned once on the
    /// first question about one of them.
    private var attributeOffsets: [ObjectIdentifier: [String: Int]] = [:]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether tags can be found in the bytes as ASCII: not in a UTF-16 or
    /// UTF-32 file (a BOM, or a NUL among the first bytes), where no
    /// `<name` is ever found and each search ran to its line's end — one
    /// 5 MB line per entry (a fuzzed UTF-16 XIB took 9 s of a render).
    /// Columns there are 1.
    private lazy var asciiCompatible: Bool = {
        let head = bytes.prefix(4)
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return false }
        return !head.contains(0)
    }()

    /// The 1-based column (in bytes) of the element's `<name` on its line,
    /// or of `attribute=` inside its start tag; 1 when not found.
    func column(of node: XMLNode, attribute: String? = nil) -> Int {
        let line = node.line
        guard asciiCompatible, line >= 1, line <= starts.count else { return 1 }
        let start = Int(starts[line - 1])
        let end = line < starts.count ? Int(starts[line]) : bytes.count
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
        if attributeOffsets[ObjectIdentifier(node)] == nil {
            attributeOffsets[ObjectIdentifier(node)] = scanAttributes(from: at + 1 + node.name.utf8.count, to: end)
        }
        if let a = attributeOffsets[ObjectIdentifier(node)]?[attribute] { return a - start + 1 }
        return at - start + 1
    }

    /// The attributes of the start tag beginning at `from`: each name and
    /// where it starts, up to the tag's end (quoted values skipped).
    private func scanAttributes(from: Int, to end: Int) -> [String: Int] {
        var out: [String: Int] = [:]
        var i = from
        while i < end {
            let c = bytes[i]
            if c == 62 || c == 47 { break }                       // > or />
            if c == 32 || c == 9 || c == 10 || c == 13 { i += 1; continue }
            let nameStart = i
            while i < end, bytes[i] != 61, bytes[i] != 32, bytes[i] != 62 { i += 1 }   // up to =
            let name = String(decoding: bytes[nameStart..<i], as: UTF8.self)
            if out[name] == nil { out[name] = nameStart }
            while i < end, bytes[i] != 34, bytes[i] != 39, bytes[i] != 62 { i += 1 }   // to the quote
            guard i < end, bytes[i] != 62 else { break }
            let quote = bytes[i]
            i += 1
            while i < end, bytes[i] != quote { i += 1 }
            i += 1
        }
        return out
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

/// Where each line of a file starts, so an entry found on a line can be
/// given its column: libxml2's streaming reader keeps an element's line,
/// not its column, and columns are wanted only for the few entries listed.
struct SourceLines {
    let bytes: [UInt8]
    private var starts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        starts.reserveCapacity(bytes.count / 40)
        for (i, b) in bytes.enumerated() where b == 10 { starts.append(i + 1) }
    }

    /// The 1-based column (in bytes) of `<element` on `line`, or of
    /// `attribute=` after it; 1 when not found on that line.
    func column(line: Int, element: String, attribute: String? = nil) -> Int {
        guard line >= 1, line <= starts.count else { return 1 }
        let start = starts[line - 1]
        let end = line < starts.count ? starts[line] : bytes.count
        let tag = Array(("<" + element).utf8)
        guard let at = XMLDocumentReader.find(tag, in: bytes, from: start), at < end else { return 1 }
        guard let attribute else { return at - start + 1 }
        let key = Array((" " + attribute + "=").utf8)
        if let a = XMLDocumentReader.find(key, in: bytes, from: at), a < end { return a + 1 - start + 1 }
        return at - start + 1
    }
}

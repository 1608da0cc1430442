internal import CLibXML2

/// Reads XML bytes into `XMLNode`s with libxml2's streaming reader
/// (`xmlReaderForMemory`), safely: no network (`XML_PARSE_NONET`), no DTD
/// loaded, no entity substituted (no `XML_PARSE_NOENT`, `DTDLOAD` or
/// `DTDATTR`), any DOCTYPE refused (so a "billion laughs" file is never
/// expanded), bounded size, depth, element count and memory, and libxml2's
/// messages captured, never printed.
///
/// The DOCTYPE is refused twice: from the bytes before parsing, where a
/// UTF-8 file's refusal can name the line of `<!ENTITY`, and on libxml2's
/// node type, whatever the encoding (a UTF-16 or UTF-32 file never contains
/// the bytes `<!DOCTYPE`). The node comes first in any document, so the
/// reader stops before an attribute that refers to an entity is read (the
/// reader expands entity references when an attribute's value is asked for,
/// even without entity substitution).
struct XMLDocumentReader {
    let file: String
    let maxSize: Int
    let maxDepth: Int
    /// The bytes the file and its parsed elements may take (see
    /// `IBLoadOptions.memoryBudget`); nil: no bound but the element count.
    var memoryBudget: Int?
    /// The most elements a document may have: a 32 MB storyboard holds
    /// about 300,000; a file of millions of empty elements would only be a
    /// way to take memory.
    var maxElements = 1_000_000

    init(file: String, maxSize: Int, maxDepth: Int, memoryBudget: Int? = nil) {
        self.file = file; self.maxSize = maxSize; self.maxDepth = maxDepth; self.memoryBudget = memoryBudget
    }

    /// What one element costs in memory once read, at least: its `XMLNode`,
    /// its attribute array and its place in its parent's children (the
    /// budget's estimate; strings longer than Swift keeps inline are added).
    static let elementBytes = 160
    static let attributeBytes = 48

    func parse(_ bytes: [UInt8]) throws(IBError) -> XMLNode {
        try Self.checkPrefix(bytes, file: file, maxSize: maxSize)
        // Loaded (and initialised, once, thread-safely) on the first read.
        guard bk_xml_load() == 0 else {
            throw IBError(file: file, message: "libxml2 is not installed (apt-get install libxml2; scripts/bootstrap does)")
        }
        guard bytes.count < Int(Int32.max) else { throw IBError(file: file, message: "the file is too large for libxml2 (2 GB or more)") }
        let session = UnsafeMutablePointer<bk_xml_session>.allocate(capacity: 1)
        session.initialize(to: bk_xml_session())
        defer { session.deinitialize(count: 1); session.deallocate() }
        // libxml2's messages go to the session, never to standard error;
        // the global handler is put back afterwards.
        bk_xml_begin(session)
        defer { bk_xml_end(session) }
        let options = Int32(BK_XML_PARSE_NONET | BK_XML_PARSE_NOWARNING | BK_XML_PARSE_NOERROR
                            | BK_XML_PARSE_NOBLANKS | BK_XML_PARSE_BIG_LINES | BK_XML_PARSE_COMPACT)
        let reader: bk_xml_reader? = bytes.withUnsafeBufferPointer { buf in
            // checkPrefix refused an empty file; no address means nothing to read.
            buf.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                    bk_xml_reader_for_memory($0, Int32(buf.count), options, session)
                }
            }
        }
        guard let reader else { throw IBError(file: file, message: "libxml2 could not start reading the file") }
        defer { bk_xml_free_reader(reader) }

        // Keep `bytes` alive for the reader: it reads from their storage.
        return try withExtendedLifetime(bytes) { () throws(IBError) -> XMLNode in
            try read(reader, session: session, fileBytes: bytes.count)
        }
    }

    /// The session's first error, if libxml2 reported one.
    private func reported(_ s: UnsafeMutablePointer<bk_xml_session>) -> (message: String, line: Int, column: Int)? {
        guard s.pointee.has_error != 0 else { return nil }
        let message = withUnsafeBytes(of: &s.pointee.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return (message, Int(s.pointee.line), Int(s.pointee.column))
    }

    private func read(_ reader: bk_xml_reader, session: UnsafeMutablePointer<bk_xml_session>, fileBytes: Int) throws(IBError) -> XMLNode {
        var names: [UnsafeRawPointer: String] = [:]
        func name(_ p: UnsafePointer<CChar>?) -> String {
            guard let p else { return "" }
            let key = UnsafeRawPointer(p)
            if let n = names[key] { return n }
            let n = String(cString: p)
            names[key] = n
            return n
        }
        var stack: [XMLNode] = []
        stack.reserveCapacity(64)
        var root: XMLNode?
        var elements = 0
        // The file's bytes are held while the elements are built.
        var used = fileBytes
        let budget = memoryBudget
        func charge(_ bytes: Int, line: Int) throws(IBError) {
            used += bytes
            if let budget, used > budget {
                throw IBError(file: file, line: line, column: 1,
                              message: "reading it needs more than the \(max(budget, 0) >> 20) MB the memory limit leaves (refused after \(elements) elements)")
            }
        }
        while true {
            let r = bk_xml_read(reader)
            if r == 0 { break }
            let error = reported(session)
            if r < 0 || error != nil {
                throw IBError(file: file, line: max(error?.line ?? 0, 1), column: max(error?.column ?? 0, 1),
                              message: error.map { "malformed XML: " + $0.message } ?? "malformed XML")
            }
            switch bk_xml_node_type(reader) {
            case 1: // element
                let line = Int(bk_xml_line(reader))
                if stack.count >= maxDepth {
                    throw IBError(file: file, line: line, column: 1,
                                  message: "elements nested more than \(maxDepth) deep (refused: Interface Builder files nest a few dozen levels)")
                }
                elements += 1
                if elements > maxElements {
                    throw IBError(file: file, line: line, column: 1, message: "more than \(maxElements) elements (refused)")
                }
                var cost = Self.elementBytes
                var attributes: [(name: String, value: String)] = []
                if bk_xml_has_attributes(reader) == 1 {
                    while bk_xml_move_to_next_attribute(reader) == 1 {
                        let v = bk_xml_const_value(reader).map { String(cString: $0) } ?? ""
                        cost += Self.attributeBytes + (v.utf8.count > 15 ? v.utf8.count : 0)
                        attributes.append((name(bk_xml_const_name(reader)), v))
                    }
                    bk_xml_move_to_element(reader)
                }
                try charge(cost, line: line)
                let element = XMLNode(name: name(bk_xml_const_name(reader)), attributes: attributes, line: line)
                if let parent = stack.last { parent.children.append(element) } else if root == nil { root = element }
                if bk_xml_is_empty_element(reader) != 1 { stack.append(element) }
            case 15: // end of element
                _ = stack.popLast()
            case 3, 4: // text, CDATA
                if let top = stack.last, let v = bk_xml_const_value(reader) {
                    let t = String(cString: v)
                    try charge(t.utf8.count, line: Int(bk_xml_line(reader)))
                    top.text += t
                }
            case 10, 6, 12: // a DOCTYPE; an entity or a notation declared in one
                throw IBError(file: file, line: max(Int(bk_xml_line(reader)), 1), column: 1,
                              message: "the file has a DOCTYPE (refused: Interface Builder files have none, and entity declarations are never expanded or fetched)")
            case 5: // an entity reference left unexpanded
                let line = Int(bk_xml_line(reader))
                throw IBError(file: file, line: line, column: 1,
                              message: "entity reference '&\(name(bk_xml_const_name(reader)));' refused (entities are not expanded)")
            default:
                continue
            }
        }
        if let error = reported(session) {
            throw IBError(file: file, line: max(error.line, 1), column: max(error.column, 1), message: "malformed XML: " + error.message)
        }
        guard let root else { throw IBError(file: file, line: 1, column: 1, message: "no XML element in the file") }
        if let open = stack.last {
            throw IBError(file: file, line: open.line, column: 1, message: "the file ends inside <\(open.name)> (truncated?)")
        }
        return root
    }

    /// Refusals decided from the bytes before any parsing: too large, empty,
    /// a compiled nib, a DOCTYPE declaring entities.
    static func checkPrefix(_ bytes: [UInt8], file: String, maxSize: Int) throws(IBError) {
        if bytes.count > maxSize {
            throw IBError(file: file, message: "the file has \(bytes.count) bytes, more than the \(maxSize / (1024 * 1024)) MB a document may have")
        }
        if bytes.isEmpty { throw IBError(file: file, line: 1, column: 1, message: "the file is empty") }
        if bytes.starts(with: Array("bplist".utf8)) {
            throw IBError(file: file, line: 1, column: 1,
                          message: "a compiled nib (binary property list), not an Interface Builder source file: load the .storyboard or .xib it was compiled from")
        }
        if bytes.starts(with: Array("NIBArchive".utf8)) {
            throw IBError(file: file, line: 1, column: 1,
                          message: "a compiled nib (NIBArchive), not an Interface Builder source file: load the .storyboard or .xib it was compiled from")
        }
        if let doctype = find(Array("<!DOCTYPE".utf8), in: bytes, from: 0),
           let entity = find(Array("<!ENTITY".utf8), in: bytes, from: doctype) {
            let (line, column) = position(of: entity, in: bytes)
            throw IBError(file: file, line: line, column: column,
                          message: "the DOCTYPE declares entities (refused: entity declarations are never expanded or fetched)")
        }
    }

    /// The first offset of `needle` in `bytes` at or after `from`.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        SourceLines.find(needle, in: bytes, from: from, to: bytes.count)
    }

    /// 1-based line and column (in bytes) of an offset.
    static func position(of offset: Int, in bytes: [UInt8]) -> (Int, Int) {
        var line = 1, start = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == 10 { line += 1; start = i + 1 }
        return (line, offset - start + 1)
    }
}

internal import CLibXML2

/// Reads XML bytes into `XMLNode`s with libxml2's streaming reader
/// (`xmlReaderForMemory`), safely: no network (`XML_PARSE_NONET`), no DTD
/// loaded, no entity substituted, a DOCTYPE that declares entities refused
/// before parsing (so a "billion laughs" file is never expanded), bounded
/// size and depth, and libxml2's messages captured, never printed.
/// libxml2's global state, set up once before any parse: its first
/// initialisation is not thread-safe, and documents may be loaded from
/// several threads (parallel test workers); Swift runs this exactly once.
private let libxml2Ready: Bool = {
    xmlInitParser()
    return true
}()

struct XMLDocumentReader {
    let file: String
    let maxSize: Int
    let maxDepth: Int
    /// The most elements a document may have: a 32 MB storyboard holds
    /// about 300,000; a file of millions of empty elements would only be a
    /// way to take memory.
    var maxElements = 1_000_000

    /// The first error libxml2 reported, taken by the structured handler.
    final class ErrorBox {
        var message: String?
        var line = 0
        var column = 0
    }

    func parse(_ bytes: [UInt8]) throws(IBError) -> XMLNode {
        try Self.checkPrefix(bytes, file: file, maxSize: maxSize)
        _ = libxml2Ready
        let box = ErrorBox()
        let boxPointer = Unmanaged.passUnretained(box).toOpaque()
        let handler: xmlStructuredErrorFunc = { context, error in
            guard let context, let error else { return }
            let box = Unmanaged<ErrorBox>.fromOpaque(context).takeUnretainedValue()
            let e = error.pointee
            guard box.message == nil, e.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
            var text = e.message.map { String(cString: $0) } ?? "malformed XML"
            while text.last == "\n" || text.last == " " { text.removeLast() }
            box.message = text
            box.line = Int(e.line)
            box.column = Int(e.int2)
        }
        // The global handler too: a few messages are raised outside the
        // reader's own context. Both are put back afterwards.
        let savedHandler = __xmlStructuredError()?.pointee
        let savedContext = __xmlStructuredErrorContext()?.pointee
        xmlSetStructuredErrorFunc(boxPointer, handler)
        defer { xmlSetStructuredErrorFunc(savedContext, savedHandler) }

        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue
                            | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_COMPACT.rawValue)
        guard bytes.count < Int(Int32.max) else { throw IBError(file: file, message: "the file is too large for libxml2 (2 GB or more)") }
        let reader: xmlTextReaderPtr? = bytes.withUnsafeBufferPointer { buf in
            buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                xmlReaderForMemory($0, Int32(buf.count), nil, nil, options)
            }
        }
        guard let reader else { throw IBError(file: file, message: "libxml2 could not start reading the file") }
        defer { xmlFreeTextReader(reader) }
        xmlTextReaderSetStructuredErrorHandler(reader, handler, boxPointer)

        // Keep `bytes` alive for the reader: it reads from their storage.
        return try withExtendedLifetime(bytes) { () throws(IBError) -> XMLNode in
            try read(reader, box: box)
        }
    }

    private func read(_ reader: xmlTextReaderPtr, box: ErrorBox) throws(IBError) -> XMLNode {
        var names: [UnsafeRawPointer: String] = [:]
        func name(_ p: UnsafePointer<xmlChar>?) -> String {
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
        while true {
            let r = xmlTextReaderRead(reader)
            if r == 0 { break }
            if r < 0 || box.message != nil {
                throw IBError(file: file, line: max(box.line, 1), column: max(box.column, 1),
                              message: box.message.map { "malformed XML: " + $0 } ?? "malformed XML")
            }
            switch xmlTextReaderNodeType(reader) {
            case 1: // element
                let node = xmlTextReaderCurrentNode(reader)
                let line = node.map { Int(xmlGetLineNo($0)) } ?? 0
                if stack.count >= maxDepth {
                    throw IBError(file: file, line: line, column: 1,
                                  message: "elements nested more than \(maxDepth) deep (refused: Interface Builder files nest a few dozen levels)")
                }
                var attributes: [(name: String, value: String)] = []
                if xmlTextReaderHasAttributes(reader) == 1 {
                    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                        let v = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
                        attributes.append((name(xmlTextReaderConstName(reader)), v))
                    }
                    xmlTextReaderMoveToElement(reader)
                }
                elements += 1
                if elements > maxElements {
                    throw IBError(file: file, line: line, column: 1, message: "more than \(maxElements) elements (refused)")
                }
                let element = XMLNode(name: name(xmlTextReaderConstName(reader)), attributes: attributes, line: line)
                if let parent = stack.last { parent.children.append(element) } else if root == nil { root = element }
                if xmlTextReaderIsEmptyElement(reader) != 1 { stack.append(element) }
            case 15: // end of element
                _ = stack.popLast()
            case 3, 4: // text, CDATA
                if let top = stack.last, let v = xmlTextReaderConstValue(reader) { top.text += String(cString: v) }
            case 5: // an entity reference left unexpanded
                let node = xmlTextReaderCurrentNode(reader)
                let line = node.map { Int(xmlGetLineNo($0)) } ?? 0
                throw IBError(file: file, line: line, column: 1,
                              message: "entity reference '&\(name(xmlTextReaderConstName(reader)));' refused (entities are not expanded)")
            default:
                continue
            }
        }
        if let message = box.message {
            throw IBError(file: file, line: max(box.line, 1), column: max(box.column, 1), message: "malformed XML: " + message)
        }
        guard let root else { throw IBError(file: file, line: 1, column: 1, message: "no XML element in the file") }
        if !stack.isEmpty {
            throw IBError(file: file, line: stack.last!.line, column: 1, message: "the file ends inside <\(stack.last!.name)> (truncated?)")
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

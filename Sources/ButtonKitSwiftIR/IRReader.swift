/// Reads one encoded tree, checking every length and index against the
/// bytes there are: garbage is an `IRError`, never a crash or a huge
/// allocation.
struct IRReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var at = 0
    var strings: [String] = [""]

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func document() throws(IRError) -> SyntaxNode {
        guard bytes.count >= 5, Array(bytes[0..<4]) == SyntaxIR.magic else { throw IRError("not syntax IR (no BKIR header)") }
        guard bytes[4] == SyntaxIR.version else { throw IRError("syntax IR version \(bytes[4]), expected \(SyntaxIR.version)") }
        at = 5
        let n = try count()
        // Every string takes at least its length's byte: a count beyond
        // that is garbage (reserving for it asked for 32 GB once).
        guard n <= bytes.count - at else { throw IRError("\(n) strings cannot fit") }
        strings.reserveCapacity(n + 1)
        for _ in 0..<n {
            let len = try count()
            guard len <= bytes.count - at else { throw IRError("a string runs past the end") }
            strings.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<(at + len)]), as: UTF8.self))
            at += len
        }
        let root = try node(depth: 0)
        guard at == bytes.count else { throw IRError("\(bytes.count - at) bytes after the tree") }
        return root
    }

    mutating func node(depth: Int) throws(IRError) -> SyntaxNode {
        guard depth <= SyntaxIR.maxDepth else { throw IRError("nested deeper than \(SyntaxIR.maxDepth)") }
        guard at + 2 <= bytes.count else { throw IRError("cut off in a node") }
        guard let kind = NodeKind(rawValue: bytes[at]) else { throw IRError("unknown node kind \(bytes[at])") }
        let flags = NodeFlags(rawValue: bytes[at + 1])
        at += 2
        let line = try varint(), column = try varint()
        let t = try count()
        guard t < strings.count else { throw IRError("string \(t) of \(strings.count - 1)") }
        let n = try count()
        // Every child takes at least 6 bytes: a count beyond that is garbage.
        guard n <= (bytes.count - at) / 6 else { throw IRError("\(n) children cannot fit") }
        var children: [SyntaxNode] = []
        children.reserveCapacity(n)
        for _ in 0..<n { children.append(try node(depth: depth + 1)) }
        return SyntaxNode(kind, strings[t], flags: flags, line: Int32(truncatingIfNeeded: line),
                          column: Int32(truncatingIfNeeded: column), children: children)
    }

    mutating func varint() throws(IRError) -> UInt64 {
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard at < bytes.count else { throw IRError("cut off in a number") }
            let b = bytes[at]
            at += 1
            guard shift < 64 else { throw IRError("a number too long") }
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
        }
    }

    mutating func count() throws(IRError) -> Int {
        let v = try varint()
        guard v <= UInt64(Int32.max) else { throw IRError("a count of \(v)") }
        return Int(v)
    }
}

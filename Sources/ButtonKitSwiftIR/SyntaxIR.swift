/// The compact wire format of the syntax IR, written by the Swift reader and
/// read by ButtonKitCode (both compile this file):
///
///     "BKIR" version:u8  strings: n (len bytes)*n  node
///     node = kind:u8 flags:u8 line column text-index child-count node*
///
/// every number a LEB128 varint, text 0 the empty string and k the k-th
/// string of the table (each distinct string once: names repeat a lot).
/// A tree, depth first: no offsets to patch, one pass each way.
public enum SyntaxIR {
    /// Bumped on any change of the format or of what the reader emits (the
    /// caches key on it).
    public static let version: UInt8 = 3
    static let magic: [UInt8] = Array("BKIR".utf8)
    /// The deepest tree accepted (the reader flattens anything deeper).
    public static let maxDepth = 1000

    /// `node` as bytes.
    public static func encode(_ node: SyntaxNode) -> [UInt8] {
        var strings: [String: Int] = [:]
        var table: [String] = []
        var body: [UInt8] = []
        body.reserveCapacity(1024)
        func index(_ s: String) -> Int {
            if s.isEmpty { return 0 }
            if let i = strings[s] { return i }
            table.append(s)
            strings[s] = table.count
            return table.count
        }
        func write(_ n: SyntaxNode) {
            body.append(n.kind.rawValue)
            body.append(n.flags.rawValue)
            varint(UInt64(max(0, n.line)), into: &body)
            varint(UInt64(max(0, n.column)), into: &body)
            varint(UInt64(index(n.text)), into: &body)
            varint(UInt64(n.children.count), into: &body)
            for c in n.children { write(c) }
        }
        write(node)
        var out = magic + [version]
        varint(UInt64(table.count), into: &out)
        for s in table {
            let u = Array(s.utf8)
            varint(UInt64(u.count), into: &out)
            out += u
        }
        out += body
        return out
    }

    /// The tree in `bytes`, or why they are not one.
    public static func decode(_ bytes: [UInt8]) throws(IRError) -> SyntaxNode {
        try bytes.withUnsafeBufferPointer { (b) throws(IRError) -> SyntaxNode in
            var r = IRReader(bytes: b)
            return try r.document()
        }
    }

    static func varint(_ v: UInt64, into out: inout [UInt8]) {
        var v = v
        while v >= 0x80 {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        }
        out.append(UInt8(v))
    }
}

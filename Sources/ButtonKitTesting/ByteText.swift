import ButtonKitLua

/// Text a spec made (test names, messages, what it printed) carried in a
/// Swift `String` without losing bytes that are not UTF-8.
///
/// Lua strings are bytes; busted writes a test named `"caf\xE9"` to its
/// terminal and TAP outputs byte for byte. A Swift `String` holds only
/// Unicode, and decoding replaced such bytes with U+FFFD, so our outputs
/// differed from busted's. Here each byte that is not part of valid UTF-8
/// becomes one scalar of a private-use block (U+10FF80–U+10FFFF for bytes
/// 0x80–0xFF) while the text travels through the runner, and becomes the
/// byte again where it is written: text outputs keep the bytes, as busted
/// does, and documents that must stay valid (JUnit, JSON, HTML) show U+FFFD.
/// A name that really holds one of those rare private-use characters is
/// read byte by byte too, so it still comes out as the bytes it was.
enum ByteText {
    /// The scalar standing for byte `b` (0x80–0xFF).
    static let base: UInt32 = 0x10FF00

    static func isKept(_ u: Unicode.Scalar) -> Bool { u.value >= base + 0x80 && u.value <= base + 0xFF }

    /// The text of `bytes`, each byte that is not valid UTF-8 kept.
    static func decode<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        // Most text is ASCII, or UTF-8 without the block's characters:
        // decoded as usual (a result's fields pass here, test by test).
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let s = String(validating: bytes, as: UTF8.self), !s.utf8.contains(0xF4) { return s }
        let b = Array(bytes)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < b.count {
            let (scalar, length) = sequence(b, at: i)
            if let scalar, !isKept(scalar) {
                out.append(scalar)
                i += length
            } else {
                out.append(Unicode.Scalar(base + UInt32(b[i]))!)
                i += 1
            }
        }
        return String(out)
    }

    /// The scalar of the well-formed UTF-8 sequence at `i` and its length
    /// (nil: the byte at `i` does not start one). Overlong forms,
    /// surrogates and values past U+10FFFF are not well-formed.
    static func sequence(_ b: [UInt8], at i: Int) -> (Unicode.Scalar?, Int) {
        let c = b[i]
        if c < 0x80 { return (Unicode.Scalar(c), 1) }
        let length: Int, min: UInt32
        var v: UInt32
        switch c {
        case 0xC2...0xDF: length = 2; min = 0x80; v = UInt32(c & 0x1F)
        case 0xE0...0xEF: length = 3; min = 0x800; v = UInt32(c & 0x0F)
        case 0xF0...0xF4: length = 4; min = 0x10000; v = UInt32(c & 0x07)
        default: return (nil, 1)
        }
        guard i + length <= b.count else { return (nil, 1) }
        for k in 1..<length {
            let n = b[i + k]
            guard n & 0xC0 == 0x80 else { return (nil, 1) }
            v = v << 6 | UInt32(n & 0x3F)
        }
        guard v >= min, v <= 0x10FFFF, !(0xD800...0xDFFF).contains(v), let s = Unicode.Scalar(v) else { return (nil, 1) }
        return (s, length)
    }

    /// The bytes `s` stands for: kept bytes as themselves, the rest UTF-8.
    static func bytes(_ s: String) -> [UInt8] {
        // A kept byte is encoded F4 8F BE/BF xx: no 0xF4, nothing kept.
        guard s.utf8.contains(0xF4) else { return Array(s.utf8) }
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            if isKept(u) { out.append(UInt8(u.value - base)) } else { out.append(contentsOf: String(u).utf8) }
        }
        return out
    }

    /// Pushes the bytes `s` stands for onto Lua's stack: an output handler
    /// in Lua gets a test's name as busted's handlers get it.
    static func push(_ L: OpaquePointer, _ s: String) {
        Value.pushBytes(L, bytes(s))
    }

    /// `s` as valid Unicode for documents: each kept byte as U+FFFD, as
    /// decoding would have made it.
    static func valid(_ s: String) -> String {
        guard s.utf8.contains(0xF4) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars { out.append(isKept(u) ? "\u{FFFD}" : u) }
        return String(out)
    }
}

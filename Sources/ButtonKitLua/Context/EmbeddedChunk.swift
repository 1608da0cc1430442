import CLuaShim
import Synchronization

/// A Lua module shipped inside the tool: its bytecode, compiled at build
/// time (base64, decoded once per process), and its source, the fallback
/// when the Lua found at run time cannot read this build's bytecode.
package struct EmbeddedChunk: Sendable {
    package let name: String
    /// The chunk name errors and tracebacks show: `=[buttonkit busted]`.
    package let chunkName: String
    package let bytecode: String
    package let source: String

    package init(name: String, chunkName: String, bytecode: String, source: String) {
        self.name = name; self.chunkName = chunkName; self.bytecode = bytecode; self.source = source
    }

    private static let decoded = Mutex<[String: [UInt8]]>([:])

    /// The bytecode's bytes, decoded on first use.
    var bytes: [UInt8] {
        if let b = Self.decoded.withLock({ $0[chunkName] }) { return b }
        let b = Base64.decode(bytecode)
        Self.decoded.withLock { $0[chunkName] = b }
        return b
    }
}

extension LuaContext {
    /// Loads an embedded module's chunk and leaves it on the stack.
    package func load(embedded chunk: EmbeddedChunk) throws(LuaError) {
        let bytes = chunk.bytes
        let status = bytes.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { bk_load(L, $0.baseAddress, $0.count, chunk.chunkName, "b") }
        }
        if status == BK_OK { return }
        bk_pop(L, 1)
        try load(chunk.source, name: chunk.chunkName, mode: .text)
    }
}

/// Standard base64 (RFC 4648), decoding only: the build tool encodes.
package enum Base64 {
    static func decode(_ text: String) -> [UInt8] {
        var table = [UInt8](repeating: 255, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { table[Int(c)] = UInt8(i) }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count / 4 * 3)
        var acc: UInt32 = 0, bits = 0
        for c in text.utf8 {
            let v = table[Int(c)]
            if v == 255 { continue }  // '=' padding, newlines
            acc = acc << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: acc >> UInt32(bits)))
            }
        }
        return out
    }
}

extension EmbeddedLua {
    /// Loads the module `name` of this target's `lua/` folder.
    static func load(_ L: OpaquePointer, _ name: String, context: LuaContext) throws(LuaError) {
        guard let chunk = modules[name] else { throw LuaError(kind: .runtime, message: "no embedded Lua module '\(name)'") }
        try context.load(embedded: chunk)
    }
}

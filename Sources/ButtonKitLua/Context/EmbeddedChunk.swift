import CLuaSandbox
import CLuaShim
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

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
        // BUTTONKIT_LUA_SOURCE=1 loads the sources (line numbers in the
        // framework's own tracebacks, for working on it).
        if LuaContext.preferSource {
            try load(chunk.source, name: chunk.chunkName, mode: .text)
            return
        }
        let bytes = chunk.bytes
        let status = bytes.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { bk_load(L, $0.baseAddress, $0.count, chunk.chunkName, "b") }
        }
        if status == BK_OK { return }
        bk_pop(L, 1)
        try load(chunk.source, name: chunk.chunkName, mode: .text)
    }
}

/// Standard base64 (RFC 4648), decoding only: the build tool encodes. The
/// framework's modules are about 100 KB of it per process, so the loop works
/// on raw buffers.
package enum Base64 {
    static let table: [UInt8] = {
        var t = [UInt8](repeating: 255, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { t[Int(c)] = UInt8(i) }
        return t
    }()

    package static func decode(_ text: String) -> [UInt8] {
        var text = text
        let table = Base64.table
        return text.withUTF8 { src -> [UInt8] in
            [UInt8](unsafeUninitializedCapacity: src.count / 4 * 3 + 3) { dst, count in
                table.withUnsafeBufferPointer { t in
                    var acc: UInt32 = 0, bits: UInt32 = 0, n = 0
                    for c in src {
                        let v = t[Int(c)]
                        if v == 255 { continue }  // '=' padding, newlines
                        acc = (acc << 6) | UInt32(v)
                        bits += 6
                        if bits >= 8 {
                            bits -= 8
                            dst[n] = UInt8(truncatingIfNeeded: acc >> bits)
                            n += 1
                        }
                    }
                    count = n
                }
            }
        }
    }
}

extension EmbeddedLua {
    /// Loads the module `name` of this target's `lua/` folder.
    static func load(_ L: OpaquePointer, _ name: String, context: LuaContext) throws(LuaError) {
        guard let chunk = modules[name] else { throw LuaError(kind: .runtime, message: "no embedded Lua module '\(name)'") }
        try context.load(embedded: chunk)
    }
}

extension LuaContext {
    static let preferSource = getenv("BUTTONKIT_LUA_SOURCE").map { $0.pointee != 0 && $0.pointee != 48 } ?? false
}

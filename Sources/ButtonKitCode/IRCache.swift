import ButtonKitSwiftIR
import Synchronization

/// The IR of files already read, keyed by their content (two 64-bit hashes
/// of the bytes and the IR version), in memory for this process and on
/// disk in the tree's `.buttonkit/swift-ir/` for the next one: a suite of
/// specs that each load the app reads it once.
enum IRCache {
    private static let memory = Mutex<[String: [UInt8]]>([:])
    /// The most bytes of IR kept in memory.
    static let memoryLimit = 256 * 1024 * 1024
    private static let used = Mutex<Int>(0)

    static func key(_ bytes: [UInt8]) -> String {
        var a: UInt64 = 0xcbf29ce484222325, b: UInt64 = 0x84222325cbf29ce4
        for x in bytes {
            a = (a ^ UInt64(x)) &* 0x100000001b3
            b = (b &+ UInt64(x) &+ 1) &* 0x9E3779B97F4A7C15
            b ^= b >> 29
        }
        func hex(_ v: UInt64) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: 16 - s.count) + s
        }
        return "v\(SyntaxIR.version)-\(hex(a))\(hex(b))-\(bytes.count)"
    }

    static func get(_ key: String) -> [UInt8]? { memory.withLock { $0[key] } }

    static func put(_ key: String, _ ir: [UInt8]) {
        memory.withLock { m in
            guard m[key] == nil else { return }
            let size = used.withLock { u -> Int in u += ir.count; return u }
            if size > memoryLimit { m.removeAll(); used.withLock { $0 = ir.count } }
            m[key] = ir
        }
    }
}

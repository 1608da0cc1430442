import ButtonKitSVG
import CLuaShim

/// The memory ceiling held for what the host builds out of a script's
/// input (a picture): charged to the Lua state as it grows, so handlers the
/// drawing runs see only the room that is left, and the drawing stops where
/// the ceiling is reached instead of taking the process past it.
///
/// Why not the kernel's floor: the host's drawing runs with it lifted, as a
/// refusal inside Swift ends the process; and why not count the finished
/// picture: by then the host held it, two or three times over (issue 27: a
/// 100 MB picture, 320 MB of the process, under a 30 MB ceiling).
package struct HostMemory {
    let L: OpaquePointer
    /// The ceiling, in bytes.
    package let limit: Int

    /// The ceiling of `L`'s state; nil when it has none.
    package init?(_ L: OpaquePointer) {
        let limit = Int(bk_memory_limit(L))
        guard limit > 0 else { return nil }
        self.L = L
        self.limit = limit
    }

    /// A meter that charges the ceiling as a picture grows.
    package func meter() -> PictureMeter {
        let L = L, limit = limit
        return PictureMeter { bytes in
            bk_charge(L, bytes)
            return Int(bk_memory_used(L)) <= limit
        }
    }

    /// Gives back what `meter` charged, once the host no longer holds it.
    package func release(_ meter: PictureMeter) { bk_charge(L, -meter.held) }

    /// Whether `bytes` more fit under the ceiling now.
    package func fits(_ bytes: Int) -> Bool { Int(bk_memory_used(L)) + bytes <= limit }

    /// Marks the ceiling reached (as a refused allocation does) and says so,
    /// naming the function whose work outgrew it.
    package func refused(_ function: String, _ what: String) -> BridgeError {
        bk_memory_reached(L)
        return BridgeError("not enough memory in '\(function)' (limit \(limit >> 20) MB): \(what)")
    }
}

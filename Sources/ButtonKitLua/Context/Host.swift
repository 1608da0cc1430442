import ButtonKit
import CLuaShim

/// The Swift half of every host function: runs the body, and turns any
/// thrown error into a status code for the C trampoline. Nothing here ever
/// calls `lua_error`; the trampoline raises after Swift has returned.
package enum Host {
    @inline(__always)
    package static func run(_ L: OpaquePointer?, _ body: (OpaquePointer) throws -> Int32) -> Int32 {
        guard let L else { return 0 }
        do {
            return try body(L)
        } catch let e as BridgeError {
            Value.pushString(L, UIModule.colonCallMessage(L, e.message) ?? e.message)
            return BK_RAISE_WHERE
        } catch let e as LuaError {
            e.push(L)
            return BK_RAISE
        } catch let e as ButtonKitError {
            Value.pushString(L, e.message)
            return BK_RAISE_WHERE
        } catch {
            Value.pushString(L, String(describing: error))
            return BK_RAISE_WHERE
        }
    }

    /// A field getter or setter: the C dispatcher only calls it with a live
    /// object, but the pointer is checked here, once, rather than unwrapped.
    @inline(__always)
    package static func field(_ L: OpaquePointer?, _ obj: UnsafeMutableRawPointer?,
                      _ body: (OpaquePointer, UnsafeMutableRawPointer) throws -> Int32) -> Int32 {
        run(L) { L in
            guard let obj else { throw BridgeError("attempt to index a released object") }
            return try body(L, obj)
        }
    }

    /// Runs `body` with `L` as the thread handlers run on (the thread that
    /// called into the model, which may be a coroutine).
    @inline(__always)
    package static func firing<T>(_ L: OpaquePointer, _ body: () throws -> T) throws -> T {
        let saved = bk_swap_active(L)
        defer { bk_restore_active(L, saved) }
        return try body()
    }
}

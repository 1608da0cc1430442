import ButtonKit
import CLuaShim

/// Pushers of model values as Lua values (tables of plain values). By
/// concern, in extensions beside the matching readers.
package enum Push {
    /// Sets `t[key]` (t on top) to what `push` leaves on the stack.
    @inline(__always)
    package static func field(_ L: OpaquePointer, _ key: String, _ push: () -> Void) {
        Value.pushString(L, key)
        push()
        lua_rawset(L, -3)
    }
}

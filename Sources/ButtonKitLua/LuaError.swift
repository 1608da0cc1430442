import CLuaShim

/// An error that came out of Lua: a script error, a handler's error, a
/// limit hit. It keeps its cause: the original error value stays in the
/// registry (tables from assertion libraries keep their identity) until it
/// is raised again or dropped.
public final class LuaError: Error, CustomStringConvertible, @unchecked Sendable {
    /// Why the run stopped, so a command can choose its message and exit code.
    public enum Kind: Sendable { case runtime, syntax, memory, timeout, interrupted, file }

    public let kind: Kind
    /// The error as text (with its traceback when Lua gave one).
    public let message: String
    private var ref: Int32
    private weak var context: LuaContext?

    init(kind: Kind, message: String, ref: Int32 = LUA_NOREF, context: LuaContext? = nil) {
        self.kind = kind; self.message = message; self.ref = ref; self.context = context
    }

    /// Takes the error value on top of `L` (popping it) into a new error.
    static func fromTop(_ L: OpaquePointer, status: Int32, context: LuaContext) -> LuaError {
        let msg = Value.describe(L, -1)
        let lim = bk_limits_of(L)!
        var kind: Kind = .runtime
        if status == LUA_ERRMEM || lim.pointee.mem_exceeded != 0 { kind = .memory }
        else if status == LUA_ERRSYNTAX { kind = .syntax }
        else if msg.contains("time limit exceeded") { kind = .timeout }
        else if msg.contains("interrupted") { kind = .interrupted }
        let ref = luaL_ref(L, bk_registryindex())
        return LuaError(kind: kind, message: msg, ref: ref, context: context)
    }

    /// Pushes the original error value (or the message) and gives up the
    /// registry slot: the error can be raised once more from C.
    func push(_ L: OpaquePointer) {
        if ref != LUA_NOREF && ref != LUA_REFNIL {
            lua_rawgeti(L, bk_registryindex(), lua_Integer(ref))
            luaL_unref(L, bk_registryindex(), ref)
            ref = LUA_NOREF
        } else {
            lua_pushstring(L, message)
        }
    }

    deinit {
        if ref != LUA_NOREF && ref != LUA_REFNIL, let c = context, let L = c.L {
            luaL_unref(L, bk_registryindex(), ref)
        }
    }

    public var description: String { message }
}

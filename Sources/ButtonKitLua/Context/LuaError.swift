import CLuaShim

/// An error that came out of Lua: a script's error, a handler's error, a
/// limit that fired, code that did not compile.
///
/// Its `kind` is decided in C where the failure happened (the limit that
/// fired, the allocation that was refused, the parser reaching the end of
/// input), never guessed from the message. It keeps its cause: the original
/// error value stays in the registry (tables from assertion libraries keep
/// their identity) until it is raised again or dropped.
public final class LuaError: Error, CustomStringConvertible, @unchecked Sendable {
    /// Why the run stopped, so a front end can choose its message and exit code.
    public enum Kind: Sendable, Equatable {
        case runtime
        case syntax
        /// A syntax error at the very end of the input: a REPL asks for the
        /// next line instead of reporting it (lua.c's rule).
        case incompleteInput
        case memory
        case timeout
        case interrupted
        case file
    }

    public let kind: Kind
    /// The error as text (with its traceback when Lua gave one).
    public let message: String
    private var ref: Int32
    private weak var context: LuaContext?

    package init(kind: Kind, message: String, ref: Int32 = LUA_NOREF, context: LuaContext? = nil) {
        self.kind = kind; self.message = message; self.ref = ref; self.context = context
    }

    /// The kind for a status of `bk_call`, `bk_load` or `bk_loadfile`.
    static func kind(_ code: Int32) -> Kind {
        switch code {
        case BK_ERR_SYNTAX: return .syntax
        case BK_ERR_INCOMPLETE: return .incompleteInput
        case BK_ERR_MEMORY: return .memory
        case BK_ERR_TIMEOUT: return .timeout
        case BK_ERR_INTERRUPT: return .interrupted
        case BK_ERR_FILE: return .file
        default: return .runtime
        }
    }

    /// Takes the error value on top of `L` (popping it) into a new error.
    static func fromTop(_ L: OpaquePointer, code: Int32, context: LuaContext) -> LuaError {
        let msg = Value.describe(L, -1)
        let ref = luaL_ref(L, bk_registryindex())
        return LuaError(kind: kind(code), message: msg, ref: ref, context: context)
    }

    /// Pushes the original error value (or the message) and gives up the
    /// registry slot: the error can be raised once more from C.
    func push(_ L: OpaquePointer) {
        if ref != LUA_NOREF && ref != LUA_REFNIL {
            lua_rawgeti(L, bk_registryindex(), lua_Integer(ref))
            luaL_unref(L, bk_registryindex(), ref)
            ref = LUA_NOREF
        } else {
            Value.pushString(L, message)
        }
    }

    deinit {
        if ref != LUA_NOREF && ref != LUA_REFNIL, let c = context {
            luaL_unref(c.L, bk_registryindex(), ref)
        }
    }

    public var description: String { message }
}

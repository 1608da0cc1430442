import ButtonKit
import CLuaShim

/// How the REPL shows what code returned or raised: repl.lua's pretty
/// printer, run in the session's state.
extension ReplSession {
    /// A table (or userdata) raised as an error, printed as the REPL prints
    /// any value: its fields are the information (lua.c can only say
    /// "(error object is a table value)"). Nil for strings and numbers,
    /// whose message (with position and traceback) is already right.
    func errorValue(_ error: LuaError) -> String? {
        let L = context.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        error.push(L)
        let t = lua_type(L, -1)
        guard t == LUA_TTABLE || t == LUA_TUSERDATA else { return nil }
        var text = format(L, first: lua_gettop(L), count: 1)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Formats values on the stack with repl.lua's pretty printer. The
    /// values' metamethods (__tostring, __pairs, __index) are the script's
    /// code: they run as a line does, under the session's --timeout and
    /// with Ctrl-C aimed at them, so a looping __tostring cannot hang the
    /// prompt.
    func format(_ L: OpaquePointer, first: Int32, count: Int32) -> String {
        pushHelper(L, "print_results")
        for i in 0..<count { lua_pushvalue(L, first + i) }
        do {
            try interruptible { () throws(LuaError) in try context.call(nargs: count, nresults: 1, timeout: options.timeout) }
            return (Value.string(L, -1) ?? "") + "\n"
        } catch {
            return "(could not print the result: \(error.message))\n"
        }
    }
}

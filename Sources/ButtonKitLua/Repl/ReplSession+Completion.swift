import ButtonKit
import CLuaShim

/// Tab completion: the names the line editor offers, from repl.lua's
/// completer and the model's own parsing tables.
extension ReplSession {
    /// The names Tab offers inside strings, read from the model's parsing
    /// tables so they are exactly what the bindings accept (a colour added
    /// to `Color.named` completes without touching the REPL).
    public static var stringNames: [(kind: String, names: [String])] {
        [("states", ["normal"] + ControlState.flagNames.map(\.name)),
         ("events", (ControlEvent.singles + ControlEvent.groups).map(\.name)),
         ("colors", Color.named.map(\.name) + SystemColor.allCases.map(\.rawValue) + ["tintColor"]),
         ("properties", StyleProperty.allCases.map(\.rawValue)),
         ("interfaceStyles", UserInterfaceStyle.allCases.map(\.rawValue) + ["unspecified"]),
         ("configurationStyles", ConfigurationStyle.allCases.map(\.rawValue)),
         ("cornerStyles", ConfigurationCornerStyle.allCases.map(\.rawValue)),
         ("buttonSizes", ConfigurationSize.allCases.map(\.rawValue)),
         ("imagePlacements", ImagePlacement.allCases.map(\.rawValue)),
         ("buttonTypes", ButtonType.allCases.map(\.rawValue))]
    }

    /// The option keys each constructor takes, for Tab inside
    /// `ui.button { tit`: the lists the bindings check options against.
    static var optionKeys: [(constructor: String, keys: [String])] {
        [("button", ButtonBinding.optionNames(sort: false)),
         ("sortButton", ButtonBinding.optionNames(sort: true)),
         ("radioOption", ButtonBinding.optionNames(sort: false) + ["value"]),
         ("radioGroup", ContainerBridge.commonKeys + RadioGroupBinding.ownKeys),
         ("sortBar", ContainerBridge.commonKeys),
         ("screen", ScreenBinding.optionKeys)]
    }

    static func pushOptionKeys(_ L: OpaquePointer) {
        lua_createtable(L, 0, Int32(optionKeys.count))
        for (constructor, keys) in optionKeys { Push.field(L, constructor) { Value.pushList(L, keys.sorted()) } }
    }

    static func pushNames(_ L: OpaquePointer) {
        lua_createtable(L, 0, Int32(stringNames.count))
        for (kind, names) in stringNames { Push.field(L, kind) { Value.pushList(L, names) } }
    }

    /// Seconds Tab waits for the completer at most.
    static let completionLimit = 1.0

    /// Completions at the end of `text` (the line up to the cursor): names
    /// of globals, fields and methods in code; state, event, colour and
    /// style property names inside a string. Each is a replacement for
    /// `word`, the word the line editor replaces (it splits words its own
    /// way); by default the name being completed.
    public func completions(for text: String, word: String? = nil) -> [String] {
        let L = context.L
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushHelper(L, "complete")
        Value.pushString(L, text)
        if let word { Value.pushString(L, word) } else { lua_pushnil(L) }
        // The completer reads the script's tables (pairs, __index): a
        // metamethod that loops offers nothing after a moment instead of
        // freezing the line editor.
        let limit = options.timeout > 0 ? min(options.timeout, Self.completionLimit) : Self.completionLimit
        guard (try? context.call(nargs: 2, nresults: 1, timeout: limit)) != nil, lua_type(L, -1) == LUA_TTABLE else { return [] }
        var out: [String] = []
        let n = lua_rawlen(L, -1)
        if n > 0 {
            for i in 1...n {
                lua_rawgeti(L, -1, lua_Integer(i))
                if let s = Value.string(L, -1) { out.append(s) }
                bk_pop(L, 1)
            }
        }
        return out
    }
}

import CLuaShim

/// The keys of an appearance table (`b.appearance`), interned once per Lua
/// state: every read builds a table of up to 20 keys, and pushing each name
/// as a new string had Lua hash and look it up in its string table each
/// time (a fifth of the read). The names live in one registry table, by
/// these numbers, and are pushed from there.
enum AppearanceKey: Int32, CaseIterable {
    case accessibilityDescription = 1, displayedText, truncated, state, title, attributedTitle, text,
         titleColor, backgroundColor, borderColor, borderWidth, cornerRadius, font, image,
         backgroundImage, imageAdjustment, alpha, direction

    /// Pushes the state's table of key names (made on first use); returns
    /// its stack index.
    static func pushTable(_ L: OpaquePointer) -> Int32 {
        let anchor = bk_appearance_keys_anchor()
        if lua_rawgetp(L, bk_registryindex(), anchor) != LUA_TTABLE {
            bk_pop(L, 1)
            lua_createtable(L, Int32(allCases.count), 0)
            for k in allCases {
                Value.pushString(L, "\(k)")
                lua_rawseti(L, -2, lua_Integer(k.rawValue))
            }
            lua_pushvalue(L, -1)
            lua_rawsetp(L, bk_registryindex(), anchor)
        }
        return lua_gettop(L)
    }
}

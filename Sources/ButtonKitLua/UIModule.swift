import ButtonKit
import ButtonKitSVG
import CLuaShim

/// The `ui` module: constructors and value helpers. It is the global `ui`
/// and what `require "buttonkit"` returns.
enum UIModule {
    public static let version = "0.1.0"

    static let buttonOptions = [
        "id", "frame", "title", "style", "enabled", "selected", "hidden", "highlighted", "focused", "info", "tag",
        "fallback", "changesSelectionAsPrimaryAction", "touchMargin", "adjustsImageWhenHighlighted",
        "adjustsImageWhenDisabled", "traceLimit",
    ]
    static let sortOptions = ["key", "initialDirection", "cycle", "icons", "direction"]

    static func install(_ L: OpaquePointer, _ ctx: LuaContext) {
        let functions: [(String, bk_hostfn)] = [
            ("button", { L in Host.run(L) { L in try UIModule.construct(L, "button", sort: false) } }),
            ("sortButton", { L in Host.run(L) { L in try UIModule.construct(L, "sortButton", sort: true) } }),
            ("radioGroup", { L in Host.run(L, UIModule.radioGroup) }),
            ("sortBar", { L in Host.run(L, UIModule.sortBar) }),
            ("screen", { L in Host.run(L, UIModule.screen) }),
            ("store", { L in Host.run(L, UIModule.store) }),
            ("color", { L in Host.run(L, UIModule.color) }),
            ("rgb", { L in Host.run(L, UIModule.rgb) }),
            ("font", { L in Host.run(L, UIModule.font) }),
            ("stateName", { L in Host.run(L, UIModule.stateName) }),
            ("svg", { L in Host.run(L, UIModule.svg) }),
        ]
        lua_createtable(L, 0, Int32(functions.count + 4))
        for (name, fn) in functions { Value.pushString(L, name); bk_pushhostfn(L, fn, 0); lua_rawset(L, -3) }
        Value.pushString(L, "state")
        lua_createtable(L, 0, 5)
        Value.pushString(L, "normal"); lua_pushinteger(L, 0); lua_rawset(L, -3)
        for (n, s) in ControlState.flagNames { Value.pushString(L, n); lua_pushinteger(L, lua_Integer(s.rawValue)); lua_rawset(L, -3) }
        lua_rawset(L, -3)
        Value.pushString(L, "event")
        lua_createtable(L, 0, 13)
        for (n, e) in ControlEvent.singles + ControlEvent.groups { Value.pushString(L, n); lua_pushinteger(L, lua_Integer(e.rawValue)); lua_rawset(L, -3) }
        lua_rawset(L, -3)
        Value.pushString(L, "version"); Value.pushString(L, version); lua_rawset(L, -3)
        // The global `ui` and package.loaded.buttonkit are the same table.
        bk_pushglobaltable(L)
        Value.pushString(L, "ui"); lua_pushvalue(L, -3); lua_rawset(L, -3)
        lua_settop(L, -2)
        lua_rawgeti(L, bk_registryindex(), lua_Integer(LUA_RIDX_GLOBALS))
        Value.pushString(L, "package")
        if lua_rawget(L, -2) == LUA_TTABLE {
            Value.pushString(L, "loaded")
            if lua_rawget(L, -2) == LUA_TTABLE {
                Value.pushString(L, "buttonkit"); lua_pushvalue(L, -5); lua_rawset(L, -3)
            }
        }
        lua_settop(L, -5)
    }

    // MARK: Constructors

    static func construct(_ L: OpaquePointer, _ name: String, sort: Bool) throws -> Int32 {
        let a = Args(L, name, method: false)
        if a.isNone(1) {
            guard !sort else { throw a.expected(1, "table with a 'key'") }
            lua_createtable(L, 0, 0)
            lua_rotate(L, 1, 1)
            lua_settop(L, 1)
        }
        try a.table(1)
        let b = try makeButton(L, 1, sort: sort, extraKeys: []) { a.bad(1, $0) }
        Binding.pushControl(L, b)
        return 1
    }

    /// Makes a button or sort button from the options table at `t`.
    static func makeButton(_ L: OpaquePointer, _ t: Int32, sort: Bool, extraKeys: [String],
                           fail: (String) -> BridgeError) throws -> Button {
        let ctx = LuaContext.of(L)
        let kind = sort ? "sortButton" : "button"
        let allowed = buttonOptions + (sort ? sortOptions : []) + extraKeys
        do { try Convert.onlyKeys(L, t, allowed, what: "\(kind) option") } catch { throw fail(error.message) }

        var id: String?
        if Convert.rawField(L, t, "id") != LUA_TNIL {
            guard let s = Value.string(L, -1), !s.isEmpty else { throw fail("id must be a non-empty string") }
            id = s
        }
        lua_settop(L, -2)
        let b: Button
        if sort {
            guard Convert.rawField(L, t, "key") == LUA_TSTRING, let key = Value.string(L, -1) else {
                throw fail("a sort button needs a string 'key'")
            }
            lua_settop(L, -2)
            b = SortButton(key: key, id: id ?? ctx.nextID("sortButton"))
        } else {
            b = Button(id: id ?? ctx.nextID("button"))
        }

        if Convert.rawField(L, t, "style") != LUA_TNIL {
            try applyStyles(L, lua_gettop(L), to: { st, s in b.style(st, s) }, fail: fail)
        }
        lua_settop(L, -2)

        // Fields in a fixed order; selection last so it sees everything else.
        let order = ["title", "frame", "enabled", "hidden", "highlighted", "focused", "info", "tag", "fallback",
                     "changesSelectionAsPrimaryAction", "touchMargin", "adjustsImageWhenHighlighted",
                     "adjustsImageWhenDisabled", "traceLimit"]
            + (sort ? ["initialDirection", "cycle", "icons", "direction"] : []) + ["selected"]
        for name in order {
            if Convert.rawField(L, t, name) != LUA_TNIL {
                try ButtonBinding.assign(L, b, name, valueIndex: lua_gettop(L)) { fail("\(name): \($0)") }
            }
            lua_settop(L, -2)
        }
        return b
    }

    /// Applies a `{ [state] = { props } }` table through `put`.
    static func applyStyles(_ L: OpaquePointer, _ t: Int32, to put: (ControlState, Style) -> Void,
                            fail: (String) -> BridgeError) throws {
        guard lua_type(L, t) == LUA_TTABLE else { throw fail("style must be a table keyed by state, got \(Value.typeName(L, t))") }
        lua_pushnil(L)
        while true {
            let r = bk_pnext(L, t)
            if r < 0 { throw fail(Value.describe(L, -1)) }
            if r == 0 { break }
            let stateName = Value.quoted(L, -2)
            let st: ControlState
            do { st = try Convert.state(L, -2) } catch { throw fail("style key \(stateName): \(error.message)") }
            let props: Style
            do { props = try Convert.style(L, -1) } catch { throw fail("style[\(stateName)]: \(error.message)") }
            put(st, props)
            lua_settop(L, -2)
        }
    }

    static func radioGroup(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "radioGroup", method: false)
        try a.table(1)
        let fail: (String) -> BridgeError = { a.bad(1, $0) }
        do { try Convert.onlyKeys(L, 1, ["id", "options", "style", "allowsEmpty", "value"], what: "radioGroup option", allowArray: true) } catch { throw fail(error.message) }
        let ctx = LuaContext.of(L)
        var id: String?
        if Convert.rawField(L, 1, "id") != LUA_TNIL {
            guard let s = Value.string(L, -1), !s.isEmpty else { throw fail("id must be a non-empty string") }
            id = s
        }
        lua_settop(L, -2)
        let g = RadioGroup(id: id ?? ctx.nextID("radioGroup"))
        Binding.push(L, g, kind: .radioGroup)
        let gIdx = lua_gettop(L)
        if Convert.rawField(L, 1, "allowsEmpty") != LUA_TNIL {
            guard lua_type(L, -1) == LUA_TBOOLEAN else { throw fail("allowsEmpty must be a boolean") }
            g.allowsEmpty = lua_toboolean(L, -1) != 0
        }
        lua_settop(L, -2)
        if Convert.rawField(L, 1, "style") != LUA_TNIL {
            try applyStyles(L, lua_gettop(L), to: { st, s in
                var merged = g.memberStyles[st] ?? Style(); merged.merge(s); g.memberStyles.put(merged, for: st)
            }, fail: fail)
        }
        lua_settop(L, -2)
        // Options: the `options` list, then any items in the array part.
        var sources: [Int32] = []
        if Convert.rawField(L, 1, "options") != LUA_TNIL {
            guard lua_type(L, -1) == LUA_TTABLE else { throw fail("options must be a list of option tables") }
            sources.append(lua_gettop(L))
        } else { lua_settop(L, -2) }
        sources.append(1)
        for src in sources {
            let n = lua_rawlen(L, src)
            if n == 0 { continue }
            for i in 1...n {
                lua_rawgeti(L, src, lua_Integer(i))
                try RadioGroupBinding.addMember(L, g, gIdx: gIdx, itemIdx: -1, value: nil) { fail("option #\(i): \($0)") }
                lua_settop(L, -3)
            }
        }
        if Convert.rawField(L, 1, "value") != LUA_TNIL {
            let v: RadioValue
            do { v = try Convert.radioValue(L, -1) } catch { throw fail("value: \(error.message)") }
            do { try g.select(v) } catch { throw fail("value: \(error)") }
        }
        lua_settop(L, gIdx)
        return 1
    }

    static func sortBar(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "sortBar", method: false)
        try a.table(1)
        let fail: (String) -> BridgeError = { a.bad(1, $0) }
        do { try Convert.onlyKeys(L, 1, ["id", "style"], what: "sortBar option", allowArray: true) } catch { throw fail(error.message) }
        var id: String?
        if Convert.rawField(L, 1, "id") != LUA_TNIL {
            guard let s = Value.string(L, -1), !s.isEmpty else { throw fail("id must be a non-empty string") }
            id = s
        }
        lua_settop(L, -2)
        let bar = SortBar(id: id ?? LuaContext.of(L).nextID("sortBar"))
        Binding.push(L, bar, kind: .sortBar)
        let barIdx = lua_gettop(L)
        var shared = StyleTable()
        if Convert.rawField(L, 1, "style") != LUA_TNIL {
            try applyStyles(L, lua_gettop(L), to: { st, s in shared.put(s, for: st) }, fail: fail)
        }
        lua_settop(L, -2)
        let n = lua_rawlen(L, 1)
        if n > 0 {
            for i in 1...n {
                lua_rawgeti(L, 1, lua_Integer(i))
                try SortBarBinding.addItem(L, bar, barIdx: barIdx, itemIdx: -1) { fail("item #\(i): \($0)") }
                let b = bar.buttons[bar.buttons.count - 1]
                // The bar's style goes under each button's own.
                for st in shared.states {
                    var merged = shared[st]!
                    merged.merge(b.styleFor(st))
                    b.unstyle(st)
                    b.style(st, merged)
                }
                lua_settop(L, -3)
            }
        }
        lua_settop(L, barIdx)
        return 1
    }

    static func screen(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "screen", method: false)
        var w = 375.0, h = 667.0
        if !a.isNone(1) {
            try a.table(1)
            try a.conv(1) { L, i throws(ConvertError) in try Convert.onlyKeys(L, i, ["width", "height"], what: "screen option") }
            for (name, slot) in [("width", 0), ("height", 1)] {
                if Convert.rawField(L, 1, name) != LUA_TNIL {
                    guard lua_type(L, -1) == LUA_TNUMBER else { throw a.bad(1, "\(name) must be a number") }
                    let v = lua_tonumberx(L, -1, nil)
                    guard v.isFinite, v > 0 else { throw a.bad(1, "\(name) must be a finite number above 0") }
                    if slot == 0 { w = v } else { h = v }
                }
                lua_settop(L, -2)
            }
        }
        Binding.push(L, Screen(width: w, height: h), kind: .screen)
        return 1
    }

    static func store(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "store", method: false)
        let path = try a.string(1)
        _ = try LuaContext.of(L).allowedPath(path, "ui.store")
        let s = try a.wrap(1) { () throws(ButtonKitError) in try Store(path: path) }
        Binding.push(L, s, kind: .store)
        return 1
    }

    // MARK: Values

    static func color(_ L: OpaquePointer) throws -> Int32 {
        let c = try Args(L, "color", method: false).conv(1, Convert.color)
        Value.pushString(L, c.hex)
        return 1
    }

    static func rgb(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "rgb", method: false)
        let r = try a.number(1), g = try a.number(2), b = try a.number(3)
        let al = a.isNone(4) ? 1 : try a.number(4)
        let c = try a.wrap(1) { () throws(ButtonKitError) in try Color.rgb(r, g, b, al) }
        Value.pushString(L, c.hex)
        return 1
    }

    static func font(_ L: OpaquePointer) throws -> Int32 {
        let f = try Args(L, "font", method: false).conv(1, Convert.font)
        Convert.pushFont(L, f)
        return 1
    }

    /// `ui.svg(control [, { states = "all" }])` or `ui.svg(screen)`: an SVG document.
    static func svg(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "svg", method: false)
        guard let box = bk_tobox(L, 1), let kind = Binding.Kind(rawValue: box.pointee.kind), let p = box.pointee.obj else {
            throw a.expected(1, "control or screen")
        }
        var all = false
        if !a.isNone(2) {
            try a.table(2)
            try a.conv(2) { L, i throws(ConvertError) in try Convert.onlyKeys(L, i, ["states"], what: "svg option") }
            if Convert.rawField(L, 2, "states") != LUA_TNIL {
                guard Value.string(L, -1) == "all" else { throw a.bad(2, "states must be \"all\"") }
                all = true
            }
            lua_settop(L, -2)
        }
        switch kind {
        case .button, .sortButton:
            let b = Unmanaged<Button>.fromOpaque(p).takeUnretainedValue()
            Value.pushString(L, all ? Pictures.strip(b) : Pictures.svg(b))
        case .screen:
            Value.pushString(L, Pictures.svg(Unmanaged<Screen>.fromOpaque(p).takeUnretainedValue()))
        default:
            throw a.expected(1, "control or screen")
        }
        return 1
    }

    /// `ui.stateName(x)`: the canonical string of any accepted state form.
    static func stateName(_ L: OpaquePointer) throws -> Int32 {
        let s = try Args(L, "stateName", method: false).conv(1, Convert.state)
        Value.pushString(L, s.description)
        return 1
    }
}

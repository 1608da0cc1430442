import ButtonKit
import ButtonKitSVG
import CLuaShim

/// The `ui` module: constructors and value helpers. It is the global `ui`
/// and what `require "buttonkit"` returns. Constructors only read their
/// options; each kind's binding makes the object and the model applies the
/// rules.
enum UIModule {
    public static let version = "0.2.0"

    /// The functions of `ui`, by name: also the API reference's list.
    static let functions: [(name: String, fn: bk_hostfn)] = [
        ("button", { L in Host.run(L) { L in try UIModule.button(L, "button", sort: false) } }),
        ("sortButton", { L in Host.run(L) { L in try UIModule.button(L, "sortButton", sort: true) } }),
        ("radioGroup", { L in Host.run(L) { L in try UIModule.options(L, "radioGroup") { L, t in try RadioGroupBinding.make(L, t) } } }),
        ("sortBar", { L in Host.run(L) { L in try UIModule.options(L, "sortBar") { L, t in try SortBarBinding.make(L, t) } } }),
        ("screen", { L in Host.run(L, UIModule.screen) }),
        ("store", { L in Host.run(L) { L in try StoreBinding.make(L) } }),
        ("load", { L in Host.run(L, LoadBinding.load) }),
        ("assets", { L in Host.run(L, LoadBinding.assets) }),
        ("color", { L in Host.run(L, UIModule.color) }),
        ("rgb", { L in Host.run(L, UIModule.rgb) }),
        ("font", { L in Host.run(L, UIModule.font) }),
        ("measure", { L in Host.run(L, UIModule.measure) }),
        ("stateName", { L in Host.run(L, UIModule.stateName) }),
        ("svg", { L in Host.run(L, UIModule.svg) }),
        ("contrast", { L in Host.run(L, UIModule.contrast) }),
        ("audit", { L in Host.run(L, AuditBridge.audit) }),
    ]

    /// Whether the value at `idx` is the `ui` table itself.
    static func isModule(_ L: OpaquePointer, _ idx: Int32) -> Bool {
        guard lua_type(L, idx) == LUA_TTABLE else { return false }
        let i = lua_absindex(L, idx)
        lua_rawgeti(L, bk_registryindex(), lua_Integer(LuaContext.of(L).moduleRef))
        defer { bk_pop(L, 1) }
        return lua_rawequal(L, i, -1) != 0
    }

    /// `ui:button{}` passes `ui` as argument #1: the error a function
    /// raised then says so instead of complaining about `ui`'s contents.
    static func colonCallMessage(_ L: OpaquePointer, _ message: String) -> String? {
        guard message.hasPrefix("bad argument #1 to '"), isModule(L, 1) else { return nil }
        let name = message.dropFirst("bad argument #1 to '".count).prefix { $0 != "'" }
        return "bad self to '\(name)' (ui.\(name) called with ':' gets ui itself as argument #1); call it with '.' as in ui.\(name)(...)"
    }

    /// The tables of `ui`: names to numbers.
    static let tables = ["state", "event", "version"]

    static func install(_ L: OpaquePointer, _ ctx: LuaContext) {
        lua_createtable(L, 0, Int32(functions.count + 4))
        for (name, fn) in functions { Push.field(L, name) { bk_pushhostfn(L, fn, 0) } }
        Push.field(L, "state") {
            lua_createtable(L, 0, 5)
            Push.field(L, "normal") { lua_pushinteger(L, 0) }
            for (n, s) in ControlState.flagNames { Push.field(L, n) { lua_pushinteger(L, lua_Integer(s.rawValue)) } }
        }
        Push.field(L, "event") {
            lua_createtable(L, 0, 13)
            for (n, e) in ControlEvent.singles + ControlEvent.groups { Push.field(L, n) { lua_pushinteger(L, lua_Integer(e.rawValue)) } }
        }
        Push.field(L, "version") { Value.pushString(L, version) }
        // `ui.buton {}` would say "attempt to call a nil value": a name `ui`
        // lacks is an error with a did-you-mean instead (`rawget(ui, k)`
        // tests for a name without one).
        lua_createtable(L, 0, 1)
        Push.field(L, "__index") { bk_pushhostfn(L, { L in Host.run(L, UIModule.unknownName) }, 0) }
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        ctx.moduleRef = luaL_ref(L, bk_registryindex())
        // The global `ui` and package.loaded.buttonkit are the same table.
        bk_pushglobaltable(L)
        Push.field(L, "ui") { lua_pushvalue(L, -3) }
        bk_pop(L, 1)
        bk_pushglobaltable(L)
        Value.pushString(L, "package")
        if lua_rawget(L, -2) == LUA_TTABLE {
            Value.pushString(L, "loaded")
            if lua_rawget(L, -2) == LUA_TTABLE {
                Push.field(L, "buttonkit") { lua_pushvalue(L, -5) }
            }
            bk_pop(L, 1)
        }
        bk_pop(L, 3)
    }

    /// `ui.NAME` for a name `ui` does not have (the key is argument #2).
    static func unknownName(_ L: OpaquePointer) throws -> Int32 {
        let key = Value.describe(L, 2)
        var names = functions.map(\.name) + tables
        if lua_type(L, 1) == LUA_TTABLE {
            // Names a script or a later version added count too.
            lua_pushnil(L)
            var r = bk_pnext(L, 1)
            while r > 0 {
                if let k = Value.string(L, -2) { names.append(k) }
                bk_pop(L, 1)
                r = bk_pnext(L, 1)
            }
            if r < 0 { bk_pop(L, 1) }
        }
        var msg = "unknown name '\(key)' in ui"
        if let s = Suggest.closest(to: key, in: names) { msg += "; did you mean 'ui.\(s)'?" }
        else { msg += " (its names: \(functions.map(\.name).joined(separator: ", ")))" }
        throw BridgeError(msg)
    }

    // MARK: Constructors

    /// A constructor taking one options table (argument #1): complaints are
    /// placed at that argument.
    static func options(_ L: OpaquePointer, _ name: String, what: String? = nil,
                        _ make: (OpaquePointer, LuaTable) throws -> Int32) throws -> Int32 {
        let a = Args(L, name, method: false)
        try a.table(1)
        do { return try make(L, LuaTable(L, 1, what: what ?? "\(name) option")) } catch let e as BridgeError {
            throw e.at(argument: 1, of: name)
        }
    }

    static func button(_ L: OpaquePointer, _ name: String, sort: Bool) throws -> Int32 {
        if lua_type(L, 1) <= LUA_TNIL, !sort { lua_settop(L, 0); lua_createtable(L, 0, 0) }
        if sort, lua_type(L, 1) != LUA_TTABLE { throw Args(L, name, method: false).expected(1, "table with a 'key'") }
        return try options(L, name) { L, t in
            Identity.pushControl(L, try ButtonBinding.make(L, t, sort: sort))
            return 1
        }
    }

    static func screen(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "screen", method: false)
        if a.isNone(1) { return try ScreenBinding.make(L, nil) }
        try a.table(1)
        do { return try ScreenBinding.make(L, LuaTable(L, 1, what: "screen option")) } catch let e as BridgeError {
            throw e.at(argument: 1, of: "screen")
        } catch let e as ButtonKitError {
            throw BridgeError.model(e).at(argument: 1, of: "screen")
        }
    }

    // MARK: Values

    /// `ui.color(value [, traits])`: `#RRGGBBAA`. A system colour or
    /// `tintColor` resolves against `traits`: a table `{ style =, tintColor = }`
    /// or a control or screen (its traits); light and systemBlue by default.
    static func color(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "color", method: false)
        let c = try a.conv(1, Read.colorValue)
        var traits = Traits.default
        if !a.isNone(2) { traits = try a.conv(2, Read.traits) }
        Value.pushString(L, c.resolve(traits).hex)
        return 1
    }

    /// `ui.contrast(foreground, background)`: the WCAG 2.x ratio, the
    /// foreground's alpha composited over the background first (dynamic
    /// colours in light mode).
    static func contrast(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "contrast", method: false)
        let fg = try a.conv(1, Read.colorValue), bg = try a.conv(2, Read.colorValue)
        var traits = Traits.default
        if !a.isNone(3) { traits = try a.conv(3, Read.traits) }
        Value.pushNumber(L, Contrast.ratio(fg.resolve(traits), on: bg.resolve(traits)))
        return 1
    }

    static func rgb(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "rgb", method: false)
        let r = try a.number(1), g = try a.number(2), b = try a.number(3)
        let al = a.isNone(4) ? 1 : try a.number(4)
        if let hint = UIKitSpelling.unitScaleHint(r, g, b) { throw a.bad(1, hint) }
        Value.pushString(L, try a.wrap(1) { () throws(ButtonKitError) in try Color.rgb(r, g, b, al) }.hex)
        return 1
    }

    /// `ui.font(value [, traits])`: the resolved table; a text-style font
    /// takes its size at the traits' content size (`large` by default).
    static func font(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "font", method: false)
        let f = try a.conv(1, Read.font)
        let traits = a.isNone(2) ? Traits.default : try a.conv(2, Read.traits)
        Push.font(L, f.scaled(for: traits.contentSize))
        return 1
    }

    /// `ui.measure(text, font [, traits])` → width, height in points: one
    /// line's advance (the widest line's, for text with line breaks) and
    /// the lines' height, in ButtonKit's font metrics. A text-style font is
    /// measured at the traits' content size.
    static func measure(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "measure", method: false)
        let text = try a.string(1)
        let f = try a.conv(2, Read.font)
        let traits = a.isNone(3) ? Traits.default : try a.conv(3, Read.traits)
        let font = f.scaled(for: traits.contentSize)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let m = TextMetrics.shared
        let width = lines.map { m.width(String($0), font) }.max() ?? 0
        Value.pushNumber(L, width)
        Value.pushNumber(L, m.lineHeight(font) * Double(lines.count))
        return 2
    }

    /// `ui.stateName(x)`: the canonical string of any accepted state form.
    static func stateName(_ L: OpaquePointer) throws -> Int32 {
        Value.pushString(L, try Args(L, "stateName", method: false).conv(1, Read.state).description)
        return 1
    }

    /// `ui.svg(control [, { states = "all" }])` or `ui.svg(screen)`: an SVG document.
    static func svg(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "svg", method: false)
        guard let box = bk_tobox(L, 1), let kind = Binding.Kind(rawValue: box.pointee.kind), let p = box.pointee.obj else {
            throw a.expected(1, "control or screen")
        }
        var all = false
        var o = TraitOverrides()
        if !a.isNone(2) {
            try a.table(2)
            let t = LuaTable(L, a.index(2), what: "svg option")
            try a.conv(2) { L, i throws(BridgeError) in
                // The traits of a traits table, beside `states`.
                try t.onlyKeys(["states"] + Read.traitKeys)
                if let s = try t.read("states", Read.string) {
                    guard s == "all" else { throw .value("states must be \"all\"") }
                    all = true
                }
                o.userInterfaceStyle = try t.read("style", Read.userInterfaceStyle)
                o.tintColor = try t.read("tintColor", Read.colorValue)
                if case .dynamic(.tint)? = o.tintColor { throw .value("tintColor: a tint cannot be 'tintColor'") }
                o.contentSize = try t.read("contentSize", Read.contentSize)
                o.layoutDirection = try t.read("layoutDirection", Read.layoutDirection)
            }
        }
        // Drawn with the kernel's floor lifted (the picture grows with the
        // titles, and Swift cannot survive a refusal midway), and charged
        // to the ceiling as it grows instead: past it, the drawing stops
        // and the call fails with the memory error.
        let memory = HostMemory(L)
        let meter = memory?.meter()
        defer { if let memory, let meter { memory.release(meter) } }
        let svg = try MemoryFloor.lifted { () throws(BridgeError) in try draw(kind, p, all: all, under: o, meter, a) }
        if let memory, let meter {
            // The Lua copy is made while the host still holds the picture.
            if meter.stopped || !memory.fits(svg.utf8.count) {
                throw memory.refused("svg", "the picture needs more than the ceiling leaves")
            }
        }
        Value.pushString(L, svg)
        return 1
    }

    /// The picture `ui.svg` asked for.
    private static func draw(_ kind: Binding.Kind, _ p: UnsafeMutableRawPointer, all: Bool, under o: TraitOverrides,
                             _ meter: PictureMeter?, _ a: Args) throws(BridgeError) -> String {
        switch kind {
        case .button, .sortButton:
            let b = Unmanaged<Button>.fromOpaque(p).takeUnretainedValue()
            return all ? Pictures.strip(b, under: o, meter: meter) : Pictures.svg(b, under: o, meter: meter)
        case .screen:
            return Pictures.svg(Unmanaged<Screen>.fromOpaque(p).takeUnretainedValue(), under: o, meter: meter)
        case .sortBar:
            let bar = Unmanaged<SortBar>.fromOpaque(p).takeUnretainedValue()
            return all ? Pictures.strip(bar, under: o, meter: meter) : Pictures.svg(bar, under: o, meter: meter)
        case .radioGroup:
            let g = Unmanaged<RadioGroup>.fromOpaque(p).takeUnretainedValue()
            return all ? Pictures.strip(g, under: o, meter: meter) : Pictures.svg(g, under: o, meter: meter)
        default:
            throw a.expected(1, "control or screen")
        }
    }
}

import ButtonKit
import CLuaShim

/// Buttons and sort buttons in Lua: fields, methods, the constructor options.
enum ButtonBinding {
    /// Field names; the index is the id the C dispatcher hands to the getter.
    static let buttonFields = [
        "id", "frame", "enabled", "selected", "highlighted", "focused", "hidden", "info", "tag",
        "fallback", "changesSelectionAsPrimaryAction", "touchMargin", "adjustsImageWhenHighlighted",
        "adjustsImageWhenDisabled", "state", "stateBits", "appearance", "trace", "kind", "traceLimit", "title",
    ]
    static let sortFields = buttonFields + ["key", "direction", "ascending", "initialDirection", "cycle", "icons"]
    static let readOnly: Set<String> = ["id", "state", "stateBits", "appearance", "trace", "kind", "key", "ascending"]

    static let buttonMethods: [Binding.Method] = [
        ("style", { L in Host.run(L, ButtonBinding.style) }, -1),
        ("setUpStyle", { L in Host.run(L, ButtonBinding.setUpStyle) }, -1),
        ("unstyle", { L in Host.run(L, ButtonBinding.unstyle) }, -1),
        ("styleFor", { L in Host.run(L, ButtonBinding.styleFor) }, -1),
        ("appearanceFor", { L in Host.run(L, ButtonBinding.appearanceFor) }, -1),
        ("on", { L in Host.run(L, ButtonBinding.on) }, -1),
        ("off", { L in Host.run(L, ButtonBinding.off) }, -1),
        ("sendActions", { L in Host.run(L, ButtonBinding.sendActions) }, -1),
        ("touchDown", { L in Host.run(L, ButtonBinding.touchDown) }, -1),
        ("touchMove", { L in Host.run(L, ButtonBinding.touchMove) }, -1),
        ("touchUp", { L in Host.run(L, ButtonBinding.touchUp) }, -1),
        ("touchCancel", { L in Host.run(L, ButtonBinding.touchCancel) }, -1),
        ("tap", { L in Host.run(L, ButtonBinding.tap) }, -1),
        ("clearTrace", { L in Host.run(L, ButtonBinding.clearTrace) }, -1),
    ]
    static let sortMethods: [Binding.Method] = buttonMethods + [
        ("setDirection", { L in Host.run(L, ButtonBinding.setDirection) }, -1),
    ]

    static let kinds: [Binding.Kind] = [.button, .sortButton]

    static func install(_ L: OpaquePointer, _ ctx: LuaContext) {
        Binding.makeMetatable(L, ctx, kind: .button, methods: buttonMethods, fields: buttonFields,
                              getter: { L, obj, f in Host.field(L, obj) { L, obj in try ButtonBinding.get(L, obj, f) } },
                              setter: { L, obj, f in Host.field(L, obj) { L, obj in try ButtonBinding.set(L, obj, f, sort: false) } },
                              tostring: { L in Host.run(L, ButtonBinding.tostring) })
        Binding.makeMetatable(L, ctx, kind: .sortButton, methods: sortMethods, fields: sortFields,
                              getter: { L, obj, f in Host.field(L, obj) { L, obj in try ButtonBinding.get(L, obj, f) } },
                              setter: { L, obj, f in Host.field(L, obj) { L, obj in try ButtonBinding.set(L, obj, f, sort: true) } },
                              tostring: { L in Host.run(L, ButtonBinding.tostring) })
    }

    @inline(__always)
    static func this(_ L: OpaquePointer, _ name: String) throws(BridgeError) -> Button {
        try Binding.object(L, 1, kinds, name, as: Button.self)
    }

    // MARK: Fields

    static func get(_ L: OpaquePointer, _ obj: UnsafeMutableRawPointer, _ f: Int32) throws -> Int32 {
        let b = Unmanaged<Button>.fromOpaque(obj).takeUnretainedValue()
        switch f {
        case 0: Value.pushString(L, b.id)
        case 1: pushFrame(L, b.frame)
        case 2: lua_pushboolean(L, b.isEnabled ? 1 : 0)
        case 3: lua_pushboolean(L, b.isSelected ? 1 : 0)
        case 4: lua_pushboolean(L, b.isHighlighted ? 1 : 0)
        case 5: lua_pushboolean(L, b.isFocused ? 1 : 0)
        case 6: lua_pushboolean(L, b.isHidden ? 1 : 0)
        case 7: if let i = b.info { Convert.pushJSON(L, i) } else { lua_pushnil(L) }
        case 8: lua_pushinteger(L, lua_Integer(b.tag))
        case 9: Value.pushString(L, b.fallback.rawValue)
        case 10: lua_pushboolean(L, b.changesSelectionAsPrimaryAction ? 1 : 0)
        case 11: Convert.pushNumber(L, b.touchMargin)
        case 12: lua_pushboolean(L, b.adjustsImageWhenHighlighted ? 1 : 0)
        case 13: lua_pushboolean(L, b.adjustsImageWhenDisabled ? 1 : 0)
        case 14: Value.pushString(L, b.state.description)
        case 15: lua_pushinteger(L, lua_Integer(b.state.rawValue))
        case 16: Convert.pushAppearance(L, b.appearance)
        case 17: Binding.pushList(L, b.trace.lines)
        case 18: Value.pushString(L, b.kind.rawValue)
        case 19: lua_pushinteger(L, lua_Integer(b.trace.limit))
        case 20: if let t = b.title { Value.pushString(L, t) } else { lua_pushnil(L) }
        case 21...26:
            let s = unsafeDowncast(b, to: SortButton.self)
            switch f {
            case 21: Value.pushString(L, s.key)
            case 22: Value.pushString(L, s.direction.rawValue)
            case 23: lua_pushboolean(L, s.isAscending ? 1 : 0)
            case 24: Value.pushString(L, s.initialDirection.rawValue)
            case 25: Value.pushString(L, s.cycle.rawValue)
            default:
                lua_createtable(L, 0, 3)
                for d in SortDirection.allCases {
                    if let n = s.icons[d] { Value.pushString(L, d.rawValue); Value.pushString(L, n); lua_rawset(L, -3) }
                }
            }
        default:
            let sort = b is SortButton
            throw Binding.unknownField(L, kind: b.kind.rawValue, fields: sort ? sortFields : buttonFields,
                                       methods: (sort ? sortMethods : buttonMethods).map(\.name))
        }
        return 1
    }

    static func pushFrame(_ L: OpaquePointer, _ r: Rect) {
        lua_createtable(L, 0, 4)
        Value.pushString(L, "x"); Convert.pushNumber(L, r.x); lua_rawset(L, -3)
        Value.pushString(L, "y"); Convert.pushNumber(L, r.y); lua_rawset(L, -3)
        Value.pushString(L, "width"); Convert.pushNumber(L, r.width); lua_rawset(L, -3)
        Value.pushString(L, "height"); Convert.pushNumber(L, r.height); lua_rawset(L, -3)
    }

    static func set(_ L: OpaquePointer, _ obj: UnsafeMutableRawPointer, _ f: Int32, sort: Bool) throws -> Int32 {
        let b = Unmanaged<Button>.fromOpaque(obj).takeUnretainedValue()
        // Fast path for the flags scripts flip most.
        if lua_type(L, 3) == LUA_TBOOLEAN {
            let on = lua_toboolean(L, 3) != 0
            switch f {
            case 3:
                if b.setSelectedIfPlain(on) { return 0 }
            case 2: b.isEnabled = on; return 0
            case 4: b.isHighlighted = on; return 0
            default: break
            }
        }
        let kind = b.kind.rawValue
        if f == -2 { throw Binding.assignMethod(L, kind: kind) }
        let fields = sort ? sortFields : buttonFields
        guard f >= 0, Int(f) < fields.count else {
            throw Binding.unknownField(L, kind: kind, fields: fields, methods: (sort ? sortMethods : buttonMethods).map(\.name))
        }
        let name = fields[Int(f)]
        if readOnly.contains(name) { throw Binding.readOnly(L, kind: kind) }
        try assign(L, b, name, valueIndex: 3) { msg in BridgeError("bad value for field '\(name)' of \(kind) (\(msg))") }
        return 0
    }

    /// Assigns one field from the value at `valueIndex`; shared by field
    /// writes and constructor options so both accept exactly the same values.
    static func assign(_ L: OpaquePointer, _ b: Button, _ name: String, valueIndex v: Int32,
                       fail: (String) -> BridgeError) throws {
        func bool() throws -> Bool {
            guard lua_type(L, v) == LUA_TBOOLEAN else { throw fail("boolean expected, got \(Value.typeName(L, v))") }
            return lua_toboolean(L, v) != 0
        }
        func number() throws -> Double {
            guard lua_type(L, v) == LUA_TNUMBER else { throw fail("number expected, got \(Value.typeName(L, v))") }
            return lua_tonumberx(L, v, nil)
        }
        func string() throws -> String {
            guard let s = Value.string(L, v) else { throw fail("string expected, got \(Value.typeName(L, v))") }
            return s
        }
        func conv<T>(_ body: () throws(ConvertError) -> T) throws -> T {
            do { return try body() } catch { throw fail(error.message) }
        }
        func model<T>(_ body: () throws(ButtonKitError) -> T) throws -> T {
            do { return try body() } catch { throw fail(error.message) }
        }
        switch name {
        case "frame": b.frame = try conv { () throws(ConvertError) in try Convert.frame(L, v) }
        case "enabled": b.isEnabled = try bool()
        case "selected":
            let on = try bool()
            try Host.firing(L) { try b.setSelected(on) }
        case "highlighted": b.isHighlighted = try bool()
        case "focused": b.isFocused = try bool()
        case "hidden": b.setHidden(try bool())
        case "info": b.info = lua_type(L, v) == LUA_TNIL ? nil : try conv { () throws(ConvertError) in try Convert.json(L, v) }
        case "tag":
            var ok: Int32 = 0
            let t = lua_tointegerx(L, v, &ok)
            guard lua_type(L, v) == LUA_TNUMBER, ok != 0 else { throw fail("integer expected, got \(Value.describe(L, v))") }
            b.tag = Int(t)
        case "fallback": let s = try string(); b.fallback = try model { () throws(ButtonKitError) in try Fallback(parsing: s) }
        case "changesSelectionAsPrimaryAction": b.changesSelectionAsPrimaryAction = try bool()
        case "touchMargin":
            let m = try number()
            guard m.isFinite, m >= 0 else { throw fail("touchMargin must be a finite number not below 0, got \(Value.describe(L, v))") }
            b.touchMargin = m
        case "adjustsImageWhenHighlighted": b.adjustsImageWhenHighlighted = try bool()
        case "adjustsImageWhenDisabled": b.adjustsImageWhenDisabled = try bool()
        case "traceLimit":
            let n = try number()
            guard n >= 0, n <= 10_000_000, n == n.rounded() else { throw fail("traceLimit must be an integer from 0 to 10000000") }
            b.trace.setLimit(Int(n))
        case "title":
            if lua_type(L, v) == LUA_TNIL { b.unstyle(.normal, .title) } else {
                var s = Style(); s.title = try string(); b.style(.normal, s)
            }
        case "direction", "initialDirection", "cycle", "icons":
            let s = unsafeDowncast(b, to: SortButton.self)
            switch name {
            case "direction":
                let text = try string()
                let d = try model { () throws(ButtonKitError) in try SortDirection(parsing: text) }
                try Host.firing(L) { try s.setDirection(d) }
            case "initialDirection":
                let text = try string()
                let d = try model { () throws(ButtonKitError) in try SortDirection(parsing: text) }
                guard d != .none else { throw fail("initialDirection must be 'ascending' or 'descending'") }
                s.initialDirection = d
            case "cycle": let c = try string(); s.cycle = try model { () throws(ButtonKitError) in try SortCycle(parsing: c) }
            default:
                guard lua_type(L, v) == LUA_TTABLE else { throw fail("table expected, got \(Value.typeName(L, v))") }
                try conv { () throws(ConvertError) in try Convert.onlyKeys(L, v, SortDirection.allCases.map(\.rawValue), what: "direction") }
                var icons: [SortDirection: String] = [:]
                for d in SortDirection.allCases {
                    let ty = Convert.rawField(L, v, d.rawValue)
                    if ty == LUA_TSTRING { icons[d] = Value.string(L, -1) }
                    else if ty != LUA_TNIL { throw fail("icon for '\(d.rawValue)' must be an image name") }
                    lua_settop(L, -2)
                }
                s.icons = icons
            }
        default:
            throw fail("unknown field")
        }
    }

    // MARK: Methods

    static func style(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "style")
        let a = Args(L, "style", method: true)
        let st = try a.conv(1, Convert.state)
        let props = try a.conv(2) { L, i throws(ConvertError) in try Convert.style(L, i) }
        b.style(st, props)
        lua_settop(L, 1)
        return 1
    }

    static func setUpStyle(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "setUpStyle")
        let a = Args(L, "setUpStyle", method: true)
        let st = try a.conv(1, Convert.state)
        try a.function(2)
        let ctx = LuaContext.of(L)
        try b.setUpStyle(st) { builder in
            Binding.push(L, builder, kind: .styleBuilder)
            lua_pushvalue(L, a.index(2))
            lua_rotate(L, -2, 1)
            let status = bk_pcall_traceback(L, 1, 0)
            if status != LUA_OK { throw LuaError.fromTop(L, status: status, context: ctx) }
        }
        lua_settop(L, 1)
        return 1
    }

    static func unstyle(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "unstyle")
        let a = Args(L, "unstyle", method: true)
        let st = try a.conv(1, Convert.state)
        if a.isNone(2) { b.unstyle(st) } else {
            let name = try a.string(2)
            let p = try a.wrap(2) { () throws(ButtonKitError) in try StyleProperty(parsing: name) }
            b.unstyle(st, p)
        }
        lua_settop(L, 1)
        return 1
    }

    static func styleFor(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "styleFor")
        let st = try Args(L, "styleFor", method: true).conv(1, Convert.state)
        Convert.pushStyle(L, b.styleFor(st))
        return 1
    }

    static func appearanceFor(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "appearanceFor")
        let st = try Args(L, "appearanceFor", method: true).conv(1, Convert.state)
        Convert.pushAppearance(L, b.appearance(for: st))
        return 1
    }

    static func on(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "on")
        let a = Args(L, "on", method: true)
        let events = try a.conv(1, Convert.events)
        try a.function(2)
        return Binding.addHandler(L, fnIndex: a.index(2)) { fire in
            b.on(events) { control, event in try fire(control, event.name ?? event.description) }
        }
    }

    static func off(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "off")
        let token = try Args(L, "off", method: true).integer(1)
        return Binding.dropHandler(L, token: token) { b.off($0) }
    }

    static func sendActions(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "sendActions")
        let events = try Args(L, "sendActions", method: true).conv(1, Convert.events)
        try Host.firing(L) { try b.sendActions(events) }
        return 0
    }

    static func optPoint(_ a: Args, _ n: Int32) throws(BridgeError) -> Point? {
        a.isNone(n) ? nil : try a.conv(n, Convert.point)
    }

    /// One touch step: self, an optional point (argument #1), the model call
    /// with handlers running on this thread, the handled flag pushed.
    static func touch(_ L: OpaquePointer, _ name: String, point required: Bool?,
                      _ body: (Button, Point?) throws -> Bool) throws -> Int32 {
        let b = try this(L, name)
        let a = Args(L, name, method: true)
        var p: Point?
        if let required { p = required ? try a.conv(1, Convert.point) : try optPoint(a, 1) }
        let handled = try Host.firing(L) { try body(b, p) }
        lua_pushboolean(L, handled ? 1 : 0)
        return 1
    }

    static func touchDown(_ L: OpaquePointer) throws -> Int32 {
        try touch(L, "touchDown", point: false) { b, p in try b.touchDown(at: p) }
    }

    static func touchMove(_ L: OpaquePointer) throws -> Int32 {
        try touch(L, "touchMove", point: true) { b, p in
            guard let p else { return false }  // required: the conversion threw already
            return try b.touchMove(to: p)
        }
    }

    static func touchUp(_ L: OpaquePointer) throws -> Int32 {
        try touch(L, "touchUp", point: false) { b, p in try b.touchUp(at: p) }
    }

    static func touchCancel(_ L: OpaquePointer) throws -> Int32 {
        try touch(L, "touchCancel", point: nil) { b, _ in try b.touchCancel() }
    }

    static func tap(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "tap")
        let a = Args(L, "tap", method: true)
        var count = 1
        var at: Point?
        if !a.isNone(1) {
            try a.table(1)
            let t = a.index(1)
            try a.conv(1) { L, i throws(ConvertError) in try Convert.onlyKeys(L, i, ["count", "at"], what: "tap option") }
            if Convert.rawField(L, t, "count") != LUA_TNIL {
                var ok: Int32 = 0
                let n = lua_tointegerx(L, -1, &ok)
                guard ok != 0, n >= 1, n <= 1_000_000 else { throw a.bad(1, "count must be an integer from 1 to 1000000") }
                count = Int(n)
            }
            lua_settop(L, -2)
            if Convert.rawField(L, t, "at") != LUA_TNIL {
                do { at = try Convert.point(L, -1) } catch { throw a.bad(1, "at: " + error.message) }
            }
            lua_settop(L, -2)
        }
        let r = try Host.firing(L) { try b.tap(count: count, at: at) }
        lua_pushboolean(L, r ? 1 : 0)
        return 1
    }

    static func clearTrace(_ L: OpaquePointer) throws -> Int32 {
        try this(L, "clearTrace").trace.clear()
        lua_settop(L, 1)
        return 1
    }

    static func setDirection(_ L: OpaquePointer) throws -> Int32 {
        let s = try Binding.object(L, 1, [.sortButton], "setDirection", as: SortButton.self)
        let a = Args(L, "setDirection", method: true)
        let name = try a.string(1)
        let d = try a.wrap(1) { () throws(ButtonKitError) in try SortDirection(parsing: name) }
        try Host.firing(L) { try s.setDirection(d) }
        lua_settop(L, 1)
        return 1
    }

    /// One readable line: `<button buy "Buy" highlighted|selected bg #FF0000FF>`.
    static func summary(_ b: Button) -> String {
        let a = b.appearance
        var s = "<\(b.kind.rawValue) \(b.id)"
        if let t = a.text { s += " \"\(t)\"" }
        s += " " + b.state.description
        if let sb = b as? SortButton { s += " " + sb.direction.rawValue }
        s += " bg " + a.backgroundColor.hex
        return s + ">"
    }

    static func tostring(_ L: OpaquePointer) throws -> Int32 {
        Value.pushString(L, summary(try this(L, "__tostring")))
        return 1
    }
}

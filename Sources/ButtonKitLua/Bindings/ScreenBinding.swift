import ButtonKit
import CLuaShim

/// Screens in Lua: hit-testing and touch routing in screen coordinates.
enum ScreenBinding {
    /// `ui.screen`'s options (the REPL completes them).
    static let optionKeys = ["id", "width", "height", "userInterfaceStyle", "tintColor", "backgroundColor", "contentSize", "layoutDirection"]

    static let binding = ObjectBinding<Screen>(
        kind: .screen,
        fields: [
            FieldSpec("id", get: { L, s in if let id = s.id { Value.pushString(L, id) } else { lua_pushnil(L) } }),
            FieldSpec("width", get: { L, s in Value.pushNumber(L, s.width) }),
            FieldSpec("height", get: { L, s in Value.pushNumber(L, s.height) }),
            FieldSpec("controls", get: { L, s in
                // A loaded scene's screen lists its buttons, as the
                // contract says of a file's screens: a radio group formed
                // from outlet collections is listed by its members.
                if s.allButtons.contains(where: { LuaContext.of(L).fileInfo(of: $0) != nil }) {
                    Identity.pushButtons(L, s.allButtons)
                    return
                }
                lua_createtable(L, Int32(s.items.count), 0)
                for (i, it) in s.items.enumerated() { pushItem(L, it); lua_rawseti(L, -2, lua_Integer(i + 1)) }
            }),
            FieldSpec("kind", get: { L, _ in Value.pushString(L, "screen") }),
            FieldSpec("userInterfaceStyle", get: { L, s in Value.pushString(L, s.userInterfaceStyle.rawValue) },
                      set: { L, s, i in let v = try Read.userInterfaceStyle(L, i); try Host.firing(L) { try s.setUserInterfaceStyle(v) } }),
            FieldSpec("tintColor", get: { L, s in Value.pushString(L, s.traits.tintColor.description) },
                      set: { L, s, i in let v = try Read.optionalColorValue(L, i); try Host.firing(L) { try s.setTintColor(v) } }),
            FieldSpec("backgroundColor", get: { L, s in Value.pushString(L, s.backgroundColor.description) },
                      set: { L, s, i in s.backgroundColor = try Read.colorValue(L, i) }),
            FieldSpec("contentSize", get: { L, s in Value.pushString(L, s.contentSize.rawValue) },
                      set: { L, s, i in let v = try Read.contentSize(L, i); try Host.firing(L) { try s.setContentSize(v) } }),
            FieldSpec("layoutDirection", get: { L, s in Value.pushString(L, s.layoutDirection.rawValue) },
                      set: { L, s, i in let v = try Read.layoutDirection(L, i); try Host.firing(L) { try s.setLayoutDirection(v) } }),
        ],
        methods: [
            MethodSpec("add") { L in Host.run(L, ScreenBinding.add) },
            MethodSpec("hitTest") { L in Host.run(L, ScreenBinding.hitTest) },
            MethodSpec("tap") { L in Host.run(L) { L in try ScreenBinding.route(L, "tap") { s, p in try s.tap(p) } } },
            MethodSpec("touchDown") { L in Host.run(L) { L in try ScreenBinding.route(L, "touchDown") { s, p in try s.touchDown(p) } } },
            MethodSpec("touchMove") { L in Host.run(L) { L in try ScreenBinding.route(L, "touchMove") { s, p in try s.touchMove(p) } } },
            MethodSpec("touchUp") { L in Host.run(L) { L in try ScreenBinding.route(L, "touchUp") { s, p in try s.touchUp(p) } } },
            MethodSpec("touchCancel") { L in Host.run(L, ScreenBinding.touchCancel) },
            MethodSpec("find") { L in Host.run(L, ScreenBinding.find) },
        ],
        summary: { s in
            // A group counts as one control; its buttons are said too when
            // they differ (a loaded scene's `controls` lists the buttons).
            let buttons = s.allButtons.count
            let count = buttons == s.items.count ? "\(buttons) controls" : "\(s.items.count) controls, \(buttons) buttons"
            return "<screen \(s.id.map { $0 + " " } ?? "")\(Format.number(s.width))x\(Format.number(s.height)) \(count)>"
        })


    static func this(_ L: OpaquePointer, _ n: String) throws(BridgeError) -> Screen {
        try Binding.object(L, 1, [.screen], n)
    }

    /// `ui.screen { width =, height = }`: the model checks the sizes and
    /// supplies the defaults.
    static func make(_ L: OpaquePointer, _ t: LuaTable?) throws -> Int32 {
        var w: Double?, h: Double?, id: String?
        var style: UserInterfaceStyle?, tint: ColorValue?, background: ColorValue?
        var size: ContentSizeCategory?, direction: LayoutDirection?
        if let t {
            try t.onlyKeys(optionKeys)
            size = try t.read("contentSize", Read.contentSize)
            direction = try t.read("layoutDirection", Read.layoutDirection)
            id = try t.read("id", Read.name)
            w = try t.read("width", Read.number)
            h = try t.read("height", Read.number)
            style = try t.read("userInterfaceStyle", Read.userInterfaceStyle)
            tint = try t.read("tintColor", Read.colorValue)
            background = try t.read("backgroundColor", Read.colorValue)
        }
        let s = try Read.model { () throws(ButtonKitError) in try Screen.make(width: w, height: h) }
        if let style { try s.setUserInterfaceStyle(style) }
        if let size { try s.setContentSize(size) }
        if let direction { try s.setLayoutDirection(direction) }
        do { try s.setTintColor(tint) } catch let e as ButtonKitError { throw BridgeError.model(e).within("tintColor") }
        if let background { s.backgroundColor = background }
        s.id = id
        Identity.push(L, s, kind: .screen)
        return 1
    }

    static func pushItem(_ L: OpaquePointer, _ item: Screen.Item) {
        switch item {
        case .button(let b): Identity.pushControl(L, b)
        case .radioGroup(let g): Identity.push(L, g, kind: .radioGroup)
        case .sortBar(let s): Identity.push(L, s, kind: .sortBar)
        }
    }

    static func add(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "add")
        let a = Args(L, "add", method: true)
        let i = a.index(1)
        guard let box = bk_tobox(L, i), let kind = Binding.Kind(rawValue: box.pointee.kind), let p = box.pointee.obj else {
            throw a.expected(1, "button, radio group or sort bar")
        }
        switch kind {
        case .button, .sortButton: s.add(.button(Unmanaged<Button>.fromOpaque(p).takeUnretainedValue()))
        case .radioGroup: s.add(.radioGroup(Unmanaged<RadioGroup>.fromOpaque(p).takeUnretainedValue()))
        case .sortBar: s.add(.sortBar(Unmanaged<SortBar>.fromOpaque(p).takeUnretainedValue()))
        default: throw a.expected(1, "button, radio group or sort bar")
        }
        Identity.adopt(L, owner: 1, child: i)
        Footprint.recount(L, 1, s)
        lua_pushvalue(L, i)
        return 1
    }

    static func hitTest(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "hitTest")
        let p = try Read.pointArguments(Args(L, "hitTest", method: true), 1)
        if let b = s.hitTest(p) { Identity.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    /// A touch routed by point: `(x, y)`, `{ x =, y = }` or `{ x, y }`;
    /// pushes the control that got it, or nil.
    static func route(_ L: OpaquePointer, _ name: String, _ body: (Screen, Point) throws -> Button?) throws -> Int32 {
        let s = try this(L, name)
        let p = try Read.pointArguments(Args(L, name, method: true), 1)
        let b = try Host.firing(L) { try body(s, p) }
        if let b { Identity.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    static func touchCancel(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "touchCancel")
        let b = try Host.firing(L) { try s.touchCancel() }
        if let b { Identity.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    static func find(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "find")
        let a = Args(L, "find", method: true)
        _ = try a.string(1)
        // Ids are valid UTF-8, so other bytes find nothing.
        if let id = Value.exactString(L, a.index(1)), let it = s.find(id) { pushItem(L, it) } else { lua_pushnil(L) }
        return 1
    }
}

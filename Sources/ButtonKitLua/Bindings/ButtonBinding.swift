import ButtonKit
import CLuaShim

/// Buttons and sort buttons in Lua: one entry per field (how it reads and,
/// for settable fields, how a Lua value becomes a `ButtonSetting`), one per
/// method. Field writes and constructor options share the same entries, so
/// both accept exactly the same values; the model applies them.
enum ButtonBinding {
    typealias SettingReader = @Sendable (OpaquePointer, Int32) throws(BridgeError) -> ButtonSetting

    /// A button field: its reader, and how a value becomes a setting.
    struct Field: Sendable {
        let name: String
        let get: @Sendable (OpaquePointer, Button) -> Void
        let setting: SettingReader?
        let hint: String?
        /// A state flag (C reads it from the button's flag byte).
        let flag: (mask: UInt8, inverted: Bool)?
        init(_ name: String, get: @escaping @Sendable (OpaquePointer, Button) -> Void, setting: SettingReader? = nil,
             hint: String? = nil, flag: (mask: UInt8, inverted: Bool)? = nil) {
            self.name = name; self.get = get; self.setting = setting; self.hint = hint; self.flag = flag
        }
    }

    static func sort(_ b: Button) -> SortButton { unsafeDowncast(b, to: SortButton.self) }

    static let plainFields: [Field] = [
        Field("id", get: { L, b in Value.pushString(L, b.id) }),
        Field("frame", get: { L, b in Push.frame(L, b.frame) }, setting: { L, i throws(BridgeError) in .frame(try Read.frame(L, i)) }),
        Field("enabled", get: { L, b in Value.pushBool(L, b.isEnabled) }, setting: { L, i throws(BridgeError) in .enabled(try Read.bool(L, i)) },
              flag: (ControlState.disabled.rawValue, true)),
        Field("selected", get: { L, b in Value.pushBool(L, b.isSelected) }, setting: { L, i throws(BridgeError) in .selected(try Read.bool(L, i)) },
              flag: (ControlState.selected.rawValue, false)),
        Field("highlighted", get: { L, b in Value.pushBool(L, b.isHighlighted) }, setting: { L, i throws(BridgeError) in .highlighted(try Read.bool(L, i)) },
              flag: (ControlState.highlighted.rawValue, false)),
        Field("focused", get: { L, b in Value.pushBool(L, b.isFocused) }, setting: { L, i throws(BridgeError) in .focused(try Read.bool(L, i)) },
              flag: (ControlState.focused.rawValue, false)),
        Field("hidden", get: { L, b in Value.pushBool(L, b.isHidden) }, setting: { L, i throws(BridgeError) in .hidden(try Read.bool(L, i)) }),
        Field("info", get: { L, b in if let i = b.info { Push.json(L, i) } else { lua_pushnil(L) } },
              setting: { L, i throws(BridgeError) in .info(lua_type(L, i) == LUA_TNIL ? nil : try Read.json(L, i)) }),
        Field("tag", get: { L, b in lua_pushinteger(L, lua_Integer(b.tag)) }, setting: { L, i throws(BridgeError) in .tag(try Read.integer(L, i)) }),
        Field("fallback", get: { L, b in Value.pushString(L, b.fallback.rawValue) }, setting: { L, i throws(BridgeError) in
            let s = try Read.string(L, i)
            return .fallback(try Read.model { () throws(ButtonKitError) in try Fallback(parsing: s) })
        }),
        Field("changesSelectionAsPrimaryAction", get: { L, b in Value.pushBool(L, b.changesSelectionAsPrimaryAction) },
              setting: { L, i throws(BridgeError) in .changesSelectionAsPrimaryAction(try Read.bool(L, i)) }),
        Field("userInteractionEnabled", get: { L, b in Value.pushBool(L, b.isUserInteractionEnabled) },
              setting: { L, i throws(BridgeError) in .userInteractionEnabled(try Read.bool(L, i)) }),
        Field("touchMargin", get: { L, b in Value.pushNumber(L, b.touchMargin) }, setting: { L, i throws(BridgeError) in .touchMargin(try Read.number(L, i)) }),
        Field("adjustsImageWhenHighlighted", get: { L, b in Value.pushBool(L, b.adjustsImageWhenHighlighted) },
              setting: { L, i throws(BridgeError) in .adjustsImageWhenHighlighted(try Read.bool(L, i)) }),
        Field("adjustsImageWhenDisabled", get: { L, b in Value.pushBool(L, b.adjustsImageWhenDisabled) },
              setting: { L, i throws(BridgeError) in .adjustsImageWhenDisabled(try Read.bool(L, i)) }),
        Field("state", get: { L, b in Value.pushString(L, b.state.description) }),
        Field("stateBits", get: { L, b in lua_pushinteger(L, lua_Integer(b.state.rawValue)) }),
        Field("appearance", get: { L, b in
            let a = b.appearance
            Push.appearance(L, a, layout: b.titleLayout(of: a), spoken: b.accessibilityDescription(for: a.state, title: a.text))
        }),
        Field("trace", get: { L, b in Value.pushList(L, b.trace.lines) }),
        Field("kind", get: { L, b in Value.pushString(L, b.kind.rawValue) }),
        Field("traceLimit", get: { L, b in lua_pushinteger(L, lua_Integer(b.trace.limit)) }, setting: { L, i throws(BridgeError) in .traceLimit(try Read.integer(L, i)) }),
        Field("title", get: { L, b in if let t = b.title { Value.pushString(L, t) } else { lua_pushnil(L) } },
              setting: { L, i throws(BridgeError) in .title(lua_type(L, i) == LUA_TNIL ? nil : try Read.string(L, i)) }),
        Field("tracking", get: { L, b in Value.pushBool(L, b.isTracking) }),
        Field("type", get: { L, b in Value.pushString(L, b.type.rawValue) }, setting: { L, i throws(BridgeError) in
            let s = try Read.string(L, i)
            return .type(try Read.model { () throws(ButtonKitError) in try ButtonType(parsing: s) })
        }),
        Field("tintColor", get: { L, b in Value.pushString(L, b.tintColor.description) },
              setting: { L, i throws(BridgeError) in .tintColor(try Read.optionalColorValue(L, i)) }),
        Field("userInterfaceStyle", get: { L, b in Value.pushString(L, b.userInterfaceStyle.rawValue) },
              setting: { L, i throws(BridgeError) in .userInterfaceStyle(try Read.styleOverride(L, i)) }),
        Field("configuration", get: { L, b in if let c = b.configuration { Push.configuration(L, c) } else { lua_pushnil(L) } },
              setting: { L, i throws(BridgeError) in .configuration(try Read.optionalConfiguration(L, i)) }),
        Field("accessibilityLabel", get: { L, b in if let s = b.accessibilityLabel { Value.pushString(L, s) } else { lua_pushnil(L) } },
              setting: { L, i throws(BridgeError) in .accessibilityLabel(lua_type(L, i) == LUA_TNIL ? nil : try Read.string(L, i)) }),
        Field("contentEdgeInsets", get: { L, b in Push.buttonInsets(L, b.contentEdgeInsets) },
              setting: { L, i throws(BridgeError) in .contentEdgeInsets(try Read.buttonInsets(L, i)) }),
        Field("titleEdgeInsets", get: { L, b in Push.buttonInsets(L, b.titleEdgeInsets) },
              setting: { L, i throws(BridgeError) in .titleEdgeInsets(try Read.buttonInsets(L, i)) }),
        Field("accessibilityTraits", get: { L, b in Value.pushList(L, b.accessibilityTraits.map(\.rawValue)) },
              setting: { L, i throws(BridgeError) in .accessibilityTraits(try traits(L, i)) }),
        Field("accessibilityValue", get: { L, b in if let s = b.accessibilityValue { Value.pushString(L, s) } else { lua_pushnil(L) } },
              setting: { L, i throws(BridgeError) in .accessibilityValue(lua_type(L, i) == LUA_TNIL ? nil : try Read.string(L, i)) }),
        Field("accessibilityHint", get: { L, b in if let s = b.accessibilityHint { Value.pushString(L, s) } else { lua_pushnil(L) } },
              setting: { L, i throws(BridgeError) in .accessibilityHint(lua_type(L, i) == LUA_TNIL ? nil : try Read.string(L, i)) }),
        Field("accessibilityDescription", get: { L, b in Value.pushString(L, b.accessibilityDescription) }),
        Field("semanticContentAttribute", get: { L, b in Value.pushString(L, b.semanticContentAttribute.rawValue) }, setting: { L, i throws(BridgeError) in
            let s = try Read.string(L, i)
            return .semanticContentAttribute(try Read.model { () throws(ButtonKitError) in try SemanticContentAttribute(parsing: s) })
        }),
        Field("contentSize", get: { L, b in Value.pushString(L, b.contentSize.rawValue) },
              setting: { L, i throws(BridgeError) in .contentSize(try Read.contentSizeOverride(L, i)) }),
        Field("layoutDirection", get: { L, b in Value.pushString(L, b.layoutDirection.rawValue) },
              setting: { L, i throws(BridgeError) in .layoutDirection(try Read.layoutDirectionOverride(L, i)) }),
        Field("adjustsFontForContentSizeCategory", get: { L, b in Value.pushBool(L, b.adjustsFontForContentSizeCategory) },
              setting: { L, i throws(BridgeError) in .adjustsFontForContentSizeCategory(try Read.bool(L, i)) }),
    ] + FileFields.fields

    static let sortFields: [Field] = plainFields + [
        Field("key", get: { L, b in Value.pushString(L, sort(b).key) }),
        Field("direction", get: { L, b in Value.pushString(L, sort(b).direction.rawValue) }, setting: { L, i throws(BridgeError) in
            .direction(try direction(L, i))
        }),
        Field("ascending", get: { L, b in Value.pushBool(L, sort(b).isAscending) }),
        Field("initialDirection", get: { L, b in Value.pushString(L, sort(b).initialDirection.rawValue) }, setting: { L, i throws(BridgeError) in
            .initialDirection(try direction(L, i))
        }),
        Field("cycle", get: { L, b in Value.pushString(L, sort(b).cycle.rawValue) }, setting: { L, i throws(BridgeError) in
            let s = try Read.string(L, i)
            return .cycle(try Read.model { () throws(ButtonKitError) in try SortCycle(parsing: s) })
        }),
        Field("icons", get: { L, b in
            lua_createtable(L, 0, 3)
            for d in SortDirection.allCases { if let n = sort(b).icons[d] { Push.field(L, d.rawValue) { Value.pushString(L, n) } } }
        }, setting: { L, i throws(BridgeError) in .icons(try icons(L, i)) }),
    ]

    /// A trait name or a list of them (`{ "button", "header" }`).
    static func traits(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> [AccessibilityTrait] {
        let names: [String]
        if let s = Value.string(L, i) { names = [s] } else {
            guard lua_type(L, i) == LUA_TTABLE else { throw .value("a trait name or a list of them expected, got \(Value.typeName(L, i))") }
            names = try Read.stringList(L, i, what: "traits")
        }
        var out: [AccessibilityTrait] = []
        for n in names { out.append(try Read.model { () throws(ButtonKitError) in try AccessibilityTrait(parsing: n) }) }
        return out
    }

    static func direction(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> SortDirection {
        let s = try Read.string(L, i)
        return try Read.model { () throws(ButtonKitError) in try SortDirection(parsing: s) }
    }

    static func icons(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> [SortDirection: String] {
        guard lua_type(L, i) == LUA_TTABLE else { throw .value("table expected, got \(Value.typeName(L, i))") }
        let t = LuaTable(L, i, what: "direction")
        try t.onlyKeys(SortDirection.allCases.map(\.rawValue))
        var icons: [SortDirection: String] = [:]
        for d in SortDirection.allCases { icons[d] = try t.read(d.rawValue, Read.string) }
        return icons
    }

    // MARK: Methods

    static let plainMethods: [MethodSpec] = [
        MethodSpec("style") { L in Host.run(L, ButtonBinding.style) },
        MethodSpec("setUpStyle") { L in Host.run(L, ButtonBinding.setUpStyle) },
        MethodSpec("unstyle") { L in Host.run(L, ButtonBinding.unstyle) },
        MethodSpec("styleFor") { L in Host.run(L, ButtonBinding.styleFor) },
        MethodSpec("appearanceFor") { L in Host.run(L, ButtonBinding.appearanceFor) },
        MethodSpec("on") { L in Host.run(L, ButtonBinding.on) },
        MethodSpec("off") { L in Host.run(L, HandlerBridge.off) },
        MethodSpec("sendActions") { L in Host.run(L, ButtonBinding.sendActions) },
        MethodSpec("touchDown") { L in Host.run(L, ButtonBinding.touchDown) },
        MethodSpec("touchMove") { L in Host.run(L, ButtonBinding.touchMove) },
        MethodSpec("touchUp") { L in Host.run(L, ButtonBinding.touchUp) },
        MethodSpec("touchCancel") { L in Host.run(L, ButtonBinding.touchCancel) },
        MethodSpec("tap") { L in Host.run(L, ButtonBinding.tap) },
        MethodSpec("clearTrace") { L in Host.run(L, ButtonBinding.clearTrace) },
        MethodSpec("onConfigurationUpdate") { L in Host.run(L, ConfigurationBridge.onConfigurationUpdate) },
    ]
    static let sortMethods: [MethodSpec] = plainMethods + [
        MethodSpec("setDirection") { L in Host.run(L, ButtonBinding.setDirection) },
    ]

    // MARK: The two kinds

    static func specs(_ fields: [Field]) -> [FieldSpec<Button>] {
        fields.map { f in
            let set: (@Sendable (OpaquePointer, Button, Int32) throws -> Void)?
            if f.name == "selected" {
                // The flag scripts flip most: a plain button's needs no rule.
                set = { L, b, i in
                    if lua_type(L, i) == LUA_TBOOLEAN, b.setSelectedIfPlain(lua_toboolean(L, i) != 0) { return }
                    let s = try Read.bool(L, i)
                    try Host.firing(L) { try b.setSelected(s) }
                }
            } else if let read = f.setting {
                set = { L, b, i in
                    let s = try read(L, i)
                    try Host.firing(L) { try b.apply(s) }
                }
            } else {
                set = nil
            }
            let grows = ["info", "title", "traceLimit", "configuration", "accessibilityLabel", "accessibilityValue", "accessibilityHint"].contains(f.name)
            return FieldSpec(f.name, get: f.get, set: set, hint: f.hint, grows: grows, flag: f.flag)
        }
    }

    static let button = ObjectBinding<Button>(kind: .button, fields: specs(plainFields), methods: plainMethods, summary: summary)
    static let sortButton = ObjectBinding<Button>(kind: .sortButton, fields: specs(sortFields), methods: sortMethods, summary: summary)

    /// The flags scripts flip most (`selected`, `enabled`, `highlighted`),
    /// written without the general path when no rule applies. The field id
    /// carries the flag's state bit (see `FieldSpec.flag`), so nothing needs
    /// looking up here. Only button kinds declare flag fields, and a
    /// dispatcher serves only boxes of its own kind, so a flag id means the
    /// object is a button.
    @inline(__always)
    static func fastSet(_ L: OpaquePointer?, _ obj: UnsafeMutableRawPointer?, _ f: Int32) -> Bool {
        guard f & BK_FIELD_FLAG != 0, let L, let obj, lua_type(L, 3) == LUA_TBOOLEAN else { return false }
        let b = Unmanaged<Button>.fromOpaque(obj).takeUnretainedValue()
        let on = lua_toboolean(L, 3) != 0
        switch UInt8(truncatingIfNeeded: f >> BK_FIELD_MASK_SHIFT) {
        case ControlState.selected.rawValue: return b.setSelectedIfPlain(on)
        // A button with a configuration update handler takes the general
        // path, where the handler's error can be raised.
        case ControlState.disabled.rawValue: guard !b.observesState else { return false }; b.isEnabled = on; return true
        case ControlState.highlighted.rawValue: guard !b.observesState else { return false }; b.isHighlighted = on; return true
        default: return false
        }
    }


    // MARK: Constructors

    /// Options a constructor takes: `id`, `style`, a sort button's `key`, and
    /// every settable field.
    static func optionNames(sort: Bool) -> [String] {
        ["id", "style"] + (sort ? ["key"] : []) + (sort ? sortFields : plainFields).filter { $0.setting != nil }.map(\.name)
    }

    /// A style property (or a word for one) given as a button option: say
    /// where it goes. `title` is both, so it never gets here.
    static func styleHint(_ key: String) -> String? {
        let names = StyleProperty.allCases.map(\.rawValue)
        guard let p = names.contains(key) ? key : Suggest.closest(to: key, in: names) else { return nil }
        return "style properties go under style, as in style = { normal = { \(p) = ... } }"
    }

    /// Makes a button or sort button from the options table `t` (plus
    /// `extraKeys` the caller reads itself, like a radio option's `value`).
    static func make(_ L: OpaquePointer, _ t: LuaTable, sort: Bool, extraKeys: [String] = []) throws -> Button {
        let ctx = LuaContext.of(L)
        try t.onlyKeys(optionNames(sort: sort) + extraKeys, elsewhere: styleHint)
        let id = try t.read("id", Read.name)
        let b: Button
        if sort {
            guard let key = try t.read("key", Read.exactString) else { throw BridgeError.value("a sort button needs a string 'key'") }
            b = SortButton(key: key, id: id ?? ctx.nextID("sortButton"))
        } else {
            b = Button(id: id ?? ctx.nextID("button"))
        }
        var settings: [ButtonSetting] = []
        if let styles = try t.read("style", Read.styles) { settings.append(.styles(styles)) }
        for f in sort ? sortFields : plainFields {
            guard let read = f.setting, let s = try t.read(f.name, read) else { continue }
            settings.append(s)
        }
        do { try Host.firing(L) { try b.apply(settings) } } catch let e as ButtonKitError { throw BridgeError.model(e) }
        return b
    }

    // MARK: Method bodies

    @inline(__always)
    static func this(_ L: OpaquePointer, _ name: String) throws(BridgeError) -> Button {
        if let b = bk_tobox(L, 1), b.pointee.kind == Binding.Kind.button.rawValue || b.pointee.kind == Binding.Kind.sortButton.rawValue,
           let p = b.pointee.obj {
            return Unmanaged<Button>.fromOpaque(p).takeUnretainedValue()
        }
        return try Binding.object(L, 1, [.button, .sortButton], name)
    }

    /// The shape `style`, `setUpStyle` and `unstyle` share: self, a state,
    /// the change, then the memory the styles hold counted again and self
    /// returned so calls chain.
    static func restyle(_ L: OpaquePointer, _ name: String,
                        _ change: (Button, Args, ControlState) throws -> Void) throws -> Int32 {
        let b = try this(L, name)
        let a = Args(L, name, method: true)
        try change(b, a, try a.conv(1, Read.state))
        Footprint.recount(L, 1, b)
        lua_settop(L, 1)
        return 1
    }

    static func style(_ L: OpaquePointer) throws -> Int32 {
        try restyle(L, "style") { b, a, st in b.style(st, try a.conv(2, Read.style)) }
    }

    static func setUpStyle(_ L: OpaquePointer) throws -> Int32 {
        try restyle(L, "setUpStyle") { b, a, st in
            try a.callable(2)
            let ctx = LuaContext.of(L)
            try b.setUpStyle(st) { builder in
                Identity.push(L, builder, kind: .styleBuilder)
                lua_pushvalue(L, a.index(2))
                lua_rotate(L, -2, 1)
                try ctx.callback(on: L, nargs: 1, nresults: 0)
            }
        }
    }

    static func unstyle(_ L: OpaquePointer) throws -> Int32 {
        try restyle(L, "unstyle") { b, a, st in
            if a.isNone(2) { b.unstyle(st) } else {
                let name = try a.string(2)
                b.unstyle(st, try a.wrap(2) { () throws(ButtonKitError) in try StyleProperty(parsing: name) })
            }
        }
    }

    static func styleFor(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "styleFor")
        Push.style(L, b.styleFor(try Args(L, "styleFor", method: true).conv(1, Read.state)))
        return 1
    }

    /// `b:appearanceFor(state [, { style = "dark", tintColor = c }])`: a
    /// preview in another state and, optionally, other traits.
    static func appearanceFor(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "appearanceFor")
        let a = Args(L, "appearanceFor", method: true)
        let state = try a.conv(1, Read.state)
        let traits = a.isNone(2) ? TraitOverrides() : try a.conv(2, Read.previewTraits)
        // The model decides what a preview runs (an update handler, if any).
        let look = try Host.firing(L) { try b.previewAppearance(for: state, under: traits) }
        Push.appearance(L, look, layout: b.titleLayout(of: look), spoken: b.accessibilityDescription(for: state, title: look.text))
        return 1
    }

    static func on(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "on")
        let a = Args(L, "on", method: true)
        let events = try a.conv(1, Read.events)
        try a.callable(2)
        return HandlerBridge.add(L, fnIndex: a.index(2)) { fire in
            b.on(events) { control, event in try fire(control, event.name ?? event.description) }
        }
    }


    static func sendActions(_ L: OpaquePointer) throws -> Int32 {
        let b = try this(L, "sendActions")
        let events = try Args(L, "sendActions", method: true).conv(1, Read.events)
        try Host.firing(L) { try b.sendActions(events) }
        return 0
    }

    /// One touch step: self, a point (`(x, y)`, `{ x =, y = }` or `{ x, y }`;
    /// optional unless `required`), the model call with handlers running on
    /// this thread, the handled flag pushed.
    static func touch(_ L: OpaquePointer, _ name: String, point required: Bool?,
                      _ body: (Button, Point?) throws -> Bool) throws -> Int32 {
        let b = try this(L, name)
        let a = Args(L, name, method: true)
        var p: Point?
        if let required, required || !a.isNone(1) { p = try Read.pointArguments(a, 1) }
        let handled = try Host.firing(L) { try body(b, p) }
        let n = b.trace.count
        if n != 0 && n & (n &- 1) == 0 { Footprint.recount(L, 1, b) }
        Value.pushBool(L, handled)
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

    /// `b:tap()`, `b:tap { count = 2, at = { x, y } }`, or `b:tap(x, y)`.
    static func tap(_ L: OpaquePointer) throws -> Int32 {
        // The hot path, `b:tap()` with no arguments: the box is on the stack
        // for the whole call, so the button cannot go away under us and needs
        // no retain of its own.
        if lua_gettop(L) == 1, let box = bk_tobox(L, 1), let p = box.pointee.obj,
           box.pointee.kind == Binding.Kind.button.rawValue || box.pointee.kind == Binding.Kind.sortButton.rawValue {
            let (r, grew) = try Unmanaged<Button>.fromOpaque(p)._withUnsafeGuaranteedRef { b in
                let r = try Host.firing(L) { try b.tap(count: 1, at: nil) }
                let n = b.traceCount
                return (r, n != 0 && n & (n &- 1) == 0)
            }
            if grew { Footprint.recount(L, 1, Unmanaged<Button>.fromOpaque(p).takeUnretainedValue()) }
            Value.pushBool(L, r)
            return 1
        }
        let b = try this(L, "tap")
        let a = Args(L, "tap", method: true)
        var count = 1
        var at: Point?
        if lua_type(L, a.index(1)) == LUA_TNUMBER {
            at = try Read.pointArguments(a, 1)
        } else if !a.isNone(1) {
            guard lua_type(L, a.index(1)) == LUA_TTABLE else {
                throw a.expected(1, "table { count =, at = } or x, y")
            }
            let t = LuaTable(L, a.index(1), what: "tap option")
            try a.conv(1) { _, _ throws(BridgeError) in
                try t.onlyKeys(["count", "at"])
                count = try t.read("count", Read.integer) ?? 1
                at = try t.read("at", Read.point)
            }
        }
        let r: Bool
        do { r = try Host.firing(L) { try b.tap(count: count, at: at) } } catch let e as ButtonKitError { throw a.bad(1, e.message) }
        let n = b.traceCount
        if n != 0 && n & (n &- 1) == 0 { Footprint.recount(L, 1, b) }
        Value.pushBool(L, r)
        return 1
    }

    static func clearTrace(_ L: OpaquePointer) throws -> Int32 {
        try this(L, "clearTrace").trace.clear()
        lua_settop(L, 1)
        return 1
    }

    static func setDirection(_ L: OpaquePointer) throws -> Int32 {
        let s: SortButton = try Binding.object(L, 1, [.sortButton], "setDirection")
        let d = try Args(L, "setDirection", method: true).conv(1, direction)
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
}

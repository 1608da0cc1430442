import ButtonKit
import CLuaShim

/// Screens in Lua: hit-testing and touch routing in screen coordinates.
enum ScreenBinding {
    static let fields = ["width", "height", "controls", "kind"]
    static let methods: [Binding.Method] = [
        ("add", { L in Host.run(L, ScreenBinding.add) }, -1),
        ("hitTest", { L in Host.run(L, ScreenBinding.hitTest) }, -1),
        ("tap", { L in Host.run(L, ScreenBinding.tap) }, -1),
        ("touchDown", { L in Host.run(L, ScreenBinding.touchDown) }, -1),
        ("touchMove", { L in Host.run(L, ScreenBinding.touchMove) }, -1),
        ("touchUp", { L in Host.run(L, ScreenBinding.touchUp) }, -1),
        ("touchCancel", { L in Host.run(L, ScreenBinding.touchCancel) }, -1),
        ("find", { L in Host.run(L, ScreenBinding.find) }, -1),
    ]

    static func install(_ L: OpaquePointer, _ ctx: LuaContext) {
        Binding.makeMetatable(L, ctx, kind: .screen, methods: ScreenBinding.methods, fields: ScreenBinding.fields,
                              getter: { L, o, f in ScreenBinding.getter(L, o, f) }, setter: { L, o, f in ScreenBinding.setter(L, o, f) }, tostring: { L in Host.run(L, ScreenBinding.tostring) })
    }

    static func getter(_ L: OpaquePointer?, _ obj: UnsafeMutableRawPointer?, _ f: Int32) -> Int32 {
        Host.field(L, obj) { L, obj in try get(L, obj, f) }
    }

    static func setter(_ L: OpaquePointer?, _ obj: UnsafeMutableRawPointer?, _ f: Int32) -> Int32 {
        Host.run(L) { L in try set(L, f) }
    }

    static func set(_ L: OpaquePointer, _ f: Int32) throws -> Int32 {
        if f == -2 { throw Binding.assignMethod(L, kind: "screen") }
        if f < 0 { throw Binding.unknownField(L, kind: "screen", fields: fields, methods: methods.map(\.name)) }
        throw Binding.readOnly(L, kind: "screen")
    }

    static func tostring(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "__tostring")
        Value.pushString(L, "<screen \(Format.number(s.width))x\(Format.number(s.height)) \(s.items.count) controls>")
        return 1
    }

    static func this(_ L: OpaquePointer, _ n: String) throws(BridgeError) -> Screen {
        try Binding.object(L, 1, [.screen], n, as: Screen.self)
    }

    static func pushItem(_ L: OpaquePointer, _ item: Screen.Item) {
        switch item {
        case .button(let b): Binding.pushControl(L, b)
        case .radioGroup(let g): Binding.push(L, g, kind: .radioGroup)
        case .sortBar(let s): Binding.push(L, s, kind: .sortBar)
        }
    }

    static func get(_ L: OpaquePointer, _ obj: UnsafeMutableRawPointer, _ f: Int32) throws -> Int32 {
        let s = Unmanaged<Screen>.fromOpaque(obj).takeUnretainedValue()
        switch f {
        case 0: Convert.pushNumber(L, s.width)
        case 1: Convert.pushNumber(L, s.height)
        case 2:
            lua_createtable(L, Int32(s.items.count), 0)
            for (i, it) in s.items.enumerated() { pushItem(L, it); lua_rawseti(L, -2, lua_Integer(i + 1)) }
        case 3: Value.pushString(L, "screen")
        default: throw Binding.unknownField(L, kind: "screen", fields: fields, methods: methods.map(\.name))
        }
        return 1
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
        Binding.adopt(L, owner: 1, child: i)
        lua_pushvalue(L, i)
        return 1
    }

    static func point(_ a: Args) throws(BridgeError) -> Point {
        let x = try a.number(1), y = try a.number(2)
        guard x.isFinite else { throw a.bad(1, "finite number expected") }
        guard y.isFinite else { throw a.bad(2, "finite number expected") }
        return Point(x: x, y: y)
    }

    static func hitTest(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "hitTest")
        let p = try point(Args(L, "hitTest", method: true))
        if let b = s.hitTest(p) { Binding.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    static func route(_ L: OpaquePointer, _ name: String, _ body: (Screen, Point) throws -> Button?) throws -> Int32 {
        let s = try this(L, name)
        let p = try point(Args(L, name, method: true))
        let b = try Host.firing(L) { try body(s, p) }
        if let b { Binding.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    static func tap(_ L: OpaquePointer) throws -> Int32 { try route(L, "tap") { s, p in try s.tap(p) } }
    static func touchDown(_ L: OpaquePointer) throws -> Int32 { try route(L, "touchDown") { s, p in try s.touchDown(p) } }
    static func touchMove(_ L: OpaquePointer) throws -> Int32 { try route(L, "touchMove") { s, p in try s.touchMove(p) } }
    static func touchUp(_ L: OpaquePointer) throws -> Int32 { try route(L, "touchUp") { s, p in try s.touchUp(p) } }

    static func touchCancel(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "touchCancel")
        let b = try Host.firing(L) { try s.touchCancel() }
        if let b { Binding.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    static func find(_ L: OpaquePointer) throws -> Int32 {
        let s = try this(L, "find")
        let id = try Args(L, "find", method: true).string(1)
        if let it = s.find(id) { pushItem(L, it) } else { lua_pushnil(L) }
        return 1
    }
}

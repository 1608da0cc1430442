import ButtonKit
import CLuaShim

extension Read {
    /// A legacy button's `UIEdgeInsets`: `{ top =, left =, bottom =, right = }`,
    /// `{ t, l, b, r }`, or one number for every side.
    package static func buttonInsets(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> ButtonInsets {
        var v = (0.0, 0.0, 0.0, 0.0)
        switch lua_type(L, i) {
        case LUA_TNUMBER:
            let n = lua_tonumberx(L, i, nil)
            v = (n, n, n, n)
        case LUA_TTABLE:
            let t = LuaTable(L, i, what: "inset")
            if t.count > 0 {
                guard t.count == 4 else { throw .value("insets list must have 4 numbers (top, left, bottom, right), got \(t.count)") }
                var n: [Double] = []
                for k in 1...4 { n.append(try t.element(k) { L, j throws(BridgeError) in try number(L, j) }) }
                v = (n[0], n[1], n[2], n[3])
            } else {
                try t.onlyKeys(["top", "left", "bottom", "right"]) { k in
                    k == "leading" || k == "trailing" ? "a button's edge insets are UIKit's UIEdgeInsets: use 'left' and 'right'" : nil
                }
                v = (try t.read("top", number) ?? 0, try t.read("left", number) ?? 0,
                     try t.read("bottom", number) ?? 0, try t.read("right", number) ?? 0)
            }
        default:
            throw .value("insets expected (a number or { top =, left =, bottom =, right = }), got \(Value.typeName(L, i))")
        }
        return try model { () throws(ButtonKitError) in try ButtonInsets.make(top: v.0, left: v.1, bottom: v.2, right: v.3) }
    }
}

extension Push {
    package static func buttonInsets(_ L: OpaquePointer, _ e: ButtonInsets) {
        lua_createtable(L, 0, 4)
        field(L, "top") { Value.pushNumber(L, e.top) }
        field(L, "left") { Value.pushNumber(L, e.left) }
        field(L, "bottom") { Value.pushNumber(L, e.bottom) }
        field(L, "right") { Value.pushNumber(L, e.right) }
    }
}

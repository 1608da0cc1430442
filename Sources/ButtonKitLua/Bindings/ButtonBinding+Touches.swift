import ButtonKit
import CLuaShim

/// Touches from Lua: `touchDown`, `touchMove`, `touchUp`, `touchCancel` and
/// `tap`, each handed to the model's touch tracking.
extension ButtonBinding {
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
}

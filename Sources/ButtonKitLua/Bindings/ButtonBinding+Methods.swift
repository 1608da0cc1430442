import ButtonKit
import CLuaShim

/// A button's methods other than touches: styles, appearances, handlers,
/// the trace, a sort button's direction.
extension ButtonBinding {
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
}

import ButtonKit
import ButtonKitIB
import CLuaShim

/// A loaded storyboard or XIB in Lua (`ui.load`): its screens, groups and
/// what was not modelled, lookups by the names the file gives, and handlers
/// attached by action selector, so the file's own wiring decides which
/// taps run them.
enum DocumentBinding {
    static let binding = ObjectBinding<IBDocument>(
        kind: .document,
        fields: [
            FieldSpec("kind", get: { L, d in Value.pushString(L, d.kind.rawValue) }),
            FieldSpec("path", get: { L, d in Value.pushString(L, d.path) }),
            FieldSpec("platform", get: { L, d in Value.pushString(L, d.platform.rawValue) }),
            FieldSpec("screens", get: { L, d in
                lua_createtable(L, Int32(d.scenes.count), 0)
                for (i, s) in d.scenes.enumerated() { Identity.push(L, s.screen, kind: .screen); lua_rawseti(L, -2, lua_Integer(i + 1)) }
            }),
            FieldSpec("groups", get: { L, d in
                lua_createtable(L, Int32(d.groups.count), 0)
                for (i, g) in d.groups.enumerated() { Identity.push(L, g, kind: .radioGroup); lua_rawseti(L, -2, lua_Integer(i + 1)) }
            }),
            FieldSpec("controls", get: { L, d in Identity.pushButtons(L, d.controls) }),
            FieldSpec("ignored", get: { L, d in pushIgnored(L, d.ignored) }),
            FieldSpec("unresolved", get: { L, d in pushUnresolved(L, d.unresolved) }),
            FieldSpec("colorNames", get: { L, d in Value.pushList(L, d.colors.names) }),
            FieldSpec("imageNames", get: { L, d in Value.pushList(L, d.imageNames.sorted()) }),
            FieldSpec("selectors", get: { L, d in Value.pushList(L, selectors(d)) }),
        ],
        methods: [
            MethodSpec("screen") { L in Host.run(L, DocumentBinding.screen) },
            MethodSpec("find") { L in Host.run(L, DocumentBinding.find) },
            MethodSpec("on") { L in Host.run(L, DocumentBinding.on) },
            MethodSpec("off") { L in Host.run(L, DocumentBinding.off) },
        ],
        summary: { d in
            "<document \(d.kind.rawValue) \(d.path): \(d.scenes.count) screen\(d.scenes.count == 1 ? "" : "s"), "
                + "\(d.controls.count) control\(d.controls.count == 1 ? "" : "s"), \(d.ignored.count) ignored"
                + (d.kind == .swift || d.kind == .app ? ", \(d.unresolved.count) unresolved>" : ">")
        })

    static func this(_ L: OpaquePointer, _ n: String) throws(BridgeError) -> IBDocument {
        try Binding.object(L, 1, [.document], n)
    }

    /// `{ { line =, column =, element =, attribute =, reason = }, ... }`.
    static func pushIgnored(_ L: OpaquePointer, _ list: [IBIgnored]) {
        lua_createtable(L, Int32(list.count), 0)
        for (i, e) in list.enumerated() {
            lua_createtable(L, 0, 5)
            Push.field(L, "line") { lua_pushinteger(L, lua_Integer(e.line)) }
            Push.field(L, "column") { lua_pushinteger(L, lua_Integer(e.column)) }
            Push.field(L, "element") { Value.pushString(L, e.element) }
            if let a = e.attribute { Push.field(L, "attribute") { Value.pushString(L, a) } }
            if let p = e.path { Push.field(L, "path") { Value.pushString(L, p) } }
            Push.field(L, "reason") { Value.pushString(L, e.reason) }
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// `{ { path =, line =, column =, expression =, reason = }, ... }`.
    static func pushUnresolved(_ L: OpaquePointer, _ list: [SourceIssue]) {
        lua_createtable(L, Int32(list.count), 0)
        for (i, e) in list.enumerated() {
            lua_createtable(L, 0, 5)
            Push.field(L, "path") { Value.pushString(L, e.path) }
            Push.field(L, "line") { lua_pushinteger(L, lua_Integer(e.line)) }
            Push.field(L, "column") { lua_pushinteger(L, lua_Integer(e.column)) }
            Push.field(L, "expression") { Value.pushString(L, e.expression) }
            Push.field(L, "reason") { Value.pushString(L, e.reason) }
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// Every action selector the document's controls are connected to,
    /// sorted, once each.
    static func selectors(_ d: IBDocument) -> [String] {
        Set(d.controls.flatMap { d.info(for: $0)?.actions.map(\.selector) ?? [] }).sorted()
    }

    /// `doc:screen(name)`: by storyboard identifier, view controller custom
    /// class, scene title or IB object id; nil when none has the name.
    static func screen(_ L: OpaquePointer) throws -> Int32 {
        let d = try this(L, "screen")
        let a = Args(L, "screen", method: true)
        _ = try a.string(1)
        if let name = Value.exactString(L, a.index(1)), let s = d.scene(named: name) { Identity.push(L, s.screen, kind: .screen) } else { lua_pushnil(L) }
        return 1
    }

    /// `doc:find(name)`: a control by accessibility identifier, user label,
    /// IB object id or normal-state title, over every screen.
    static func find(_ L: OpaquePointer) throws -> Int32 {
        let d = try this(L, "find")
        let a = Args(L, "find", method: true)
        _ = try a.string(1)
        if let name = Value.exactString(L, a.index(1)), let b = d.find(name) { Identity.pushControl(L, b) } else { lua_pushnil(L) }
        return 1
    }

    /// `doc:on(selector, fn)` → a token: `fn(control, eventName)` runs
    /// whenever a control connected to `selector` sends the event of that
    /// connection. A selector no control is connected to is an error (with
    /// the closest one): a typo would otherwise make a handler that never
    /// runs and a test that passes for the wrong reason.
    static func on(_ L: OpaquePointer) throws -> Int32 {
        let d = try this(L, "on")
        let a = Args(L, "on", method: true)
        let selector = try a.exactString(1)
        try a.callable(2)
        var connections: [(Button, ControlEvent)] = []
        for b in d.controls {
            for act in d.info(for: b)?.actions ?? [] where act.selector == selector { connections.append((b, act.event)) }
        }
        if connections.isEmpty {
            let known = selectors(d)
            var msg = "no control of \(d.path) is connected to '\(selector)'"
            if let s = Suggest.closest(to: selector, in: known) { msg += "; did you mean '\(s)'?" }
            else if known.isEmpty { msg += " (the file connects no actions)" }
            else { msg += " (its selectors: \(known.joined(separator: ", ")))" }
            throw a.bad(1, msg)
        }
        let ctx = LuaContext.of(L)
        let token = ctx.nextToken
        ctx.nextToken += 1
        _ = bk_getuservalue(L, 1)
        lua_pushvalue(L, a.index(2))
        lua_rawseti(L, -2, lua_Integer(token))
        bk_pop(L, 1)
        var registered: [DocumentHandler.Connection] = []
        for (b, event) in connections {
            let name = event.name ?? event.description
            let core = b.on(event) { [weak ctx, weak d] control, _ in
                guard let ctx, let d else { return }
                try invoke(ctx, d, token: token, control: control, event: name)
            }
            registered.append(DocumentHandler.Connection(control: b, token: core))
        }
        ctx.documentHandlers[token] = DocumentHandler(connections: registered)
        lua_pushinteger(L, lua_Integer(token))
        return 1
    }

    /// `doc:off(token)`: removes the handler from every control it was
    /// attached to; true when it was registered on this document.
    static func off(_ L: OpaquePointer) throws -> Int32 {
        _ = try this(L, "off")
        let token = try Args(L, "off", method: true).integer(1)
        let ctx = LuaContext.of(L)
        var removed = false
        if token > 0, token < Int(Int32.max) {
            _ = bk_getuservalue(L, 1)
            if lua_rawgeti(L, -1, lua_Integer(token)) != LUA_TNIL, let h = ctx.documentHandlers.removeValue(forKey: token) {
                for c in h.connections { _ = c.control?.off(c.token) }
                lua_pushnil(L)
                lua_rawseti(L, -3, lua_Integer(token))
                removed = true
            }
            bk_pop(L, 2)
        }
        Value.pushBool(L, removed)
        return 1
    }

    /// Calls handler `token` of `doc` with the control and the event's name,
    /// through the one protected call, as a button's own handlers are.
    static func invoke(_ ctx: LuaContext, _ doc: IBDocument, token: Int, control: Button, event: String) throws {
        guard let L = bk_active(ctx.L) else { return }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_checkstack(L, 8) != 0, Identity.pushExisting(L, doc) else { return }
        _ = bk_getuservalue(L, -1)
        guard lua_rawgeti(L, -1, lua_Integer(token)) != LUA_TNIL else { return }
        Identity.pushControl(L, control)
        Value.pushString(L, event)
        try ctx.callback(on: L, nargs: 2, nresults: 0)
    }
}

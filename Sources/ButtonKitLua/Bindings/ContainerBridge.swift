import ButtonKit
import CLuaShim

/// What radio groups and sort bars share in Lua: members given as existing
/// buttons or as tables of options, held by the container's userdata, and
/// `clear()`.
enum ContainerBridge {
    /// The fields every container has, read through `SelectionContainer`:
    /// `id`, `buttons`, `kind`, and its own `userInterfaceStyle` and `tintColor`.
    static func fields<C: SelectionContainer & SendableMetatype>(kind: String) -> [FieldSpec<C>] {
        [
            FieldSpec("id", get: { L, c in Value.pushString(L, c.id) }),
            FieldSpec("buttons", get: { L, c in Identity.pushButtons(L, c.members) }),
            FieldSpec("kind", get: { L, _ in Value.pushString(L, kind) }),
            FieldSpec("userInterfaceStyle", get: { L, c in Value.pushString(L, c.traits.userInterfaceStyle.rawValue) },
                      set: { L, c, i in let v = try Read.styleOverride(L, i); try Host.firing(L) { try c.setUserInterfaceStyle(v) } }),
            FieldSpec("tintColor", get: { L, c in Value.pushString(L, c.traits.tintColor.description) },
                      set: { L, c, i in let v = try Read.optionalColorValue(L, i); try Host.firing(L) { try c.setTintColor(v) } }),
            FieldSpec("contentSize", get: { L, c in Value.pushString(L, c.traits.contentSize.rawValue) },
                      set: { L, c, i in let v = try Read.contentSizeOverride(L, i); try Host.firing(L) { try c.setContentSize(v) } }),
            FieldSpec("layoutDirection", get: { L, c in Value.pushString(L, c.traits.layoutDirection.rawValue) },
                      set: { L, c, i in let v = try Read.layoutDirectionOverride(L, i); try Host.firing(L) { try c.setLayoutDirection(v) } }),
        ]
    }

    /// The methods every container has: `clear`, `on` and `off`.
    static let methods: [MethodSpec] = [
        MethodSpec("clear") { L in Host.run(L, ContainerBridge.clear) },
        MethodSpec("on") { L in Host.run(L, ContainerBridge.on) },
        MethodSpec("off") { L in Host.run(L, HandlerBridge.off) },
    ]

    /// Adds the item at `itemIdx` to the container at `ownerIdx`: an existing
    /// control of one of `kinds`, or a table that `make` turns into a new one.
    /// `attach` puts it in the model; the member is left on the stack and
    /// held by the container's userdata (so it lives as long as the container).
    static func addMember<Member: Button>(_ L: OpaquePointer, ownerIdx: Int32, itemIdx: Int32, kinds: [Binding.Kind],
                                          expected: String, make: (LuaTable) throws -> Member,
                                          attach: (Member) throws -> Void) throws {
        let item = lua_absindex(L, itemIdx)
        let member: Member
        if lua_type(L, item) == LUA_TTABLE {
            member = try make(LuaTable(L, item, what: "\(kinds[0].name) option"))
        } else if let x: Member = try? Binding.object(L, item, kinds, "add") {
            member = x
        } else {
            throw BridgeError.value("\(expected) expected, got \(Value.typeName(L, item))")
        }
        do { try Host.firing(L) { try attach(member) } } catch let e as ButtonKitError { throw BridgeError.model(e) }
        Identity.pushControl(L, member)
        Identity.adopt(L, owner: ownerIdx, child: -1)
    }

    /// `group:clear()` and `bar:clear()`.
    /// The container at `self` of a method call named `n`.
    static func this(_ L: OpaquePointer, _ n: String) throws(BridgeError) -> any SelectionContainer {
        let kind = Binding.kindAtSelf(L).flatMap { [.radioGroup, .sortBar].contains($0) ? $0 : nil } ?? .radioGroup
        let obj: AnyObject = try Binding.object(L, 1, [kind], n)
        guard let container = obj as? SelectionContainer else { throw BridgeError("'\(n)' called on an object without members") }
        return container
    }

    static func clear(_ L: OpaquePointer) throws -> Int32 {
        let container = try this(L, "clear")
        try Host.firing(L) { try container.clear() }
        lua_settop(L, 1)
        return 1
    }

    /// `on("valueChanged", fn)`: the only event a container sends.
    static func on(_ L: OpaquePointer) throws -> Int32 {
        let container = try this(L, "on")
        let a = Args(L, "on", method: true)
        let ev = try a.conv(1, Read.events)
        guard ev == .valueChanged else {
            throw a.bad(1, "only 'valueChanged' is sent by this control, got '\(ev.description)'")
        }
        try a.callable(2)
        return HandlerBridge.add(L, fnIndex: a.index(2)) { fire in
            container.on { c in try fire(c, "valueChanged") }
        }
    }

    /// A constructor's `userInterfaceStyle` and `tintColor` options (read
    /// Options every container constructor takes (the REPL completes them).
    static let commonKeys = ["id", "style", "userInterfaceStyle", "tintColor", "contentSize", "layoutDirection"]

    /// before members are added, so they inherit from the start).
    /// The opening of every container constructor: the options checked
    /// (`id`, `style`, `userInterfaceStyle`, `tintColor` and the container's
    /// own `keys`), the container made under its id (or the next generated
    /// one) and pushed, then its shared member styles and own traits set,
    /// before any member joins so members inherit them from the start.
    /// Returns the container and its stack index.
    static func open<C: SelectionContainer>(_ L: OpaquePointer, _ t: LuaTable, kind: Binding.Kind, keys: [String],
                                            make: (String) -> C) throws -> (C, Int32) {
        try t.onlyKeys(commonKeys + keys, allowArray: true) { key in
            memberHint(key, kind: kind)
        }
        let c = make(try t.read("id", Read.name) ?? LuaContext.of(L).nextID(kind.name))
        Identity.push(L, c, kind: kind)
        let index = lua_gettop(L)
        for (st, s) in try t.read("style", Read.styles) ?? [] { c.addMemberStyle(s, for: st) }
        try applyTraits(c, t)
        return (c, index)
    }

    /// A member's option (`key`, `title`, `value`) given to the container
    /// itself: show where it goes, with the member form.
    static func memberHint(_ key: String, kind: Binding.Kind) -> String? {
        let sort = kind == .sortBar
        guard ButtonBinding.optionNames(sort: true).contains(key) || key == "value" else { return nil }
        if sort {
            return "'\(key)' belongs to an item of the bar: ui.sortBar { id = \"sort\", { title = \"Price\", key = \"price\" }, { title = \"Sales\", key = \"sales\" } } (each item is a table of sortButton options, or a sort button)"
        }
        return "'\(key)' belongs to an option of the group: ui.radioGroup { id = \"time\", options = { { title = \"Any\", value = \"\" }, { title = \"15 days\", value = \"15\" } } } (each option is a table of button options plus its value)"
    }

    private static func applyTraits(_ owner: some SelectionContainer, _ t: LuaTable) throws {
        if let s = try t.read("userInterfaceStyle", Read.styleOverride) {
            do { try owner.setUserInterfaceStyle(s) } catch let e as ButtonKitError { throw BridgeError.model(e).within("userInterfaceStyle") }
        }
        if let c = try t.read("tintColor", Read.colorValue) {
            do { try owner.setTintColor(c) } catch let e as ButtonKitError { throw BridgeError.model(e).within("tintColor") }
        }
        if let c = try t.read("contentSize", Read.contentSizeOverride) { try owner.setContentSize(c) }
        if let d = try t.read("layoutDirection", Read.layoutDirectionOverride) { try owner.setLayoutDirection(d) }
    }
}

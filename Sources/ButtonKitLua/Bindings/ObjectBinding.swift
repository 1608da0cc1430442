import ButtonKit
import CLuaShim

/// One field of a bound kind: its name, how to read it, and (unless it is
/// read-only) how to write it.
struct FieldSpec<Object: AnyObject>: Sendable {
    let name: String
    let get: @Sendable (OpaquePointer, Object) throws -> Void
    /// Reads the value at the given stack index and applies it; nil when the
    /// field is read-only.
    let set: (@Sendable (OpaquePointer, Object, Int32) throws -> Void)?
    /// Said after "is read-only" (e.g. "use group:select(value)").
    let hint: String?
    /// A write can make the model hold more (a string, a style): the object's
    /// footprint is counted again against the memory ceiling.
    let grows: Bool
    /// A state flag C reads from the object's flag byte: its mask, and
    /// whether the field is true when the bit is clear.
    let flag: (mask: UInt8, inverted: Bool)?

    init(_ name: String, get: @escaping @Sendable (OpaquePointer, Object) throws -> Void,
         set: (@Sendable (OpaquePointer, Object, Int32) throws -> Void)? = nil, hint: String? = nil, grows: Bool = false,
         flag: (mask: UInt8, inverted: Bool)? = nil) {
        self.name = name; self.get = get; self.set = set; self.hint = hint; self.grows = grows; self.flag = flag
    }
}

/// One method of a bound kind. `tag` >= 0 becomes upvalue 2 (one function
/// serving several names, like the style builder's eleven setters).
struct MethodSpec: Sendable {
    let name: String
    let fn: bk_hostfn
    let tag: Int
    init(_ name: String, tag: Int = -1, _ fn: bk_hostfn) { self.name = name; self.fn = fn; self.tag = tag }
}

/// Everything the bridge knows about one kind of object: its fields and
/// methods. Registration, the read-only rule, did-you-mean suggestions, the
/// setter policy, `getmetatable`'s description and the API reference's name
/// list all come from this one value, so adding a field is one entry.
///
/// Field ids are positions in `fields`: the C dispatcher looks the name up
/// once and hands the getter an integer (the fast path for `b.selected`).
struct ObjectBinding<Object: AnyObject>: KindBinding {
    let kind: Binding.Kind
    let fields: [FieldSpec<Object>]
    let methods: [MethodSpec]
    /// One readable line for `tostring`.
    let summary: @Sendable (Object) -> String

    var name: String { kind.name }
    var fieldNames: [String] { fields.map(\.name) }
    var methodNames: [String] { methods.map(\.name) }

    @inline(__always)
    func object(_ ptr: UnsafeMutableRawPointer) -> Object { Unmanaged<Object>.fromOpaque(ptr).takeUnretainedValue() }

    /// `obj.name` for field id `f` (-1: not a field).
    @inline(__always)
    func get(_ L: OpaquePointer, _ ptr: UnsafeMutableRawPointer, _ f: Int32) throws -> Int32 {
        guard f >= 0 else { throw unknownField(L) }
        let i = Int(f & 0xffff)
        guard i < fields.count else { throw unknownField(L) }
        try fields[i].get(L, object(ptr))
        return 1
    }

    /// `obj.name = value` for field id `f` (-1: not a field, -2: a method).
    func set(_ L: OpaquePointer, _ ptr: UnsafeMutableRawPointer, _ f: Int32) throws -> Int32 {
        if f == -2 { throw BridgeError("cannot assign to method '\(Value.describe(L, 2))' of \(name)") }
        guard f >= 0, Int(f & 0xffff) < fields.count else { throw unknownField(L) }
        let field = fields[Int(f & 0xffff)]
        guard let set = field.set else {
            var msg = "field '\(field.name)' of \(name) is read-only"
            if let h = field.hint { msg += "; \(h)" }
            throw BridgeError(msg)
        }
        let obj = object(ptr)
        do { try set(L, obj, 3) } catch let e as BridgeError {
            throw e.at(field: field.name, of: name)
        } catch let e as ButtonKitError {
            throw BridgeError.model(e).at(field: field.name, of: name)
        }
        if field.grows { Footprint.recount(L, 1, obj) }
        return 0
    }

    /// The error for a name that is neither a field nor a method (the key is
    /// at stack index 2), with a suggestion.
    func unknownField(_ L: OpaquePointer) -> BridgeError {
        let key = Value.describe(L, 2)
        var msg = "unknown field '\(key)' of \(name)"
        if let h = UIKitMembers.hint(for: key, on: kind) {
            msg += "; \(h)"
        } else if let s = Suggest.closest(to: key, in: fieldNames + methodNames) {
            msg += "; did you mean '\(s)'?"
        }
        return BridgeError(msg)
    }

    /// Builds the kind's metatable and remembers it in the registry. The C
    /// dispatchers of every kind call the same entry points (`Binding.getter`
    /// and friends), which find this description by the box's kind.
    func register(_ L: OpaquePointer, _ ctx: LuaContext) {
        lua_createtable(L, 0, 8)
        let mt = lua_gettop(L)
        // One table answers "field or method?" with one lookup: a field's
        // name maps to its id, a method's to -(its position in `methods`).
        // The C dispatchers cache what they find (see host.c).
        lua_createtable(L, 0, Int32(methods.count + fields.count))
        let names = lua_gettop(L)
        lua_createtable(L, Int32(methods.count), 0)
        let functions = lua_gettop(L)
        for (k, m) in methods.enumerated() {
            Value.pushString(L, m.name); lua_pushinteger(L, -lua_Integer(k + 1)); lua_rawset(L, names)
            if m.tag >= 0 { lua_pushinteger(L, lua_Integer(m.tag)); bk_pushhostfn(L, m.fn, 1) } else { bk_pushhostfn(L, m.fn, 0) }
            lua_rawseti(L, functions, lua_Integer(k + 1))
        }
        for (i, f) in fields.enumerated() {
            var id = Int32(i)
            if let flag = f.flag { id |= BK_FIELD_FLAG | (Int32(flag.mask) << BK_FIELD_MASK_SHIFT) | (flag.inverted ? BK_FIELD_INVERT : 0) }
            Value.pushString(L, f.name); lua_pushinteger(L, lua_Integer(id)); lua_rawset(L, names)
        }
        Value.pushString(L, "__index")
        lua_pushvalue(L, names)
        lua_pushvalue(L, functions)
        bk_push_index(L, Binding.getter, kind.rawValue)
        lua_rawset(L, mt)
        Value.pushString(L, "__newindex")
        lua_pushvalue(L, names)
        lua_pushvalue(L, functions)
        bk_push_newindex(L, Binding.setter, kind.rawValue)
        lua_rawset(L, mt)
        lua_settop(L, mt)
        Push.field(L, "__gc") { lua_pushcclosure(L, bk_box_gc, 0) }
        Push.field(L, "__tostring") { bk_pushhostfn(L, Binding.tostring, 0) }
        Push.field(L, "__name") { Value.pushString(L, name) }
        // getmetatable(obj) returns a description instead of the real
        // metatable, which keeps the dispatch tables private and lets tools
        // (the REPL's completion) list names.
        Push.field(L, "__metatable") {
            lua_createtable(L, 0, 3)
            Push.field(L, "__name") { Value.pushString(L, name) }
            Push.field(L, "methods") { Value.pushList(L, methodNames.sorted()) }
            Push.field(L, "fields") { Value.pushList(L, fieldNames.sorted()) }
        }
        ctx.metatableRefs[Int(kind.rawValue)] = luaL_ref(L, bk_registryindex())
    }

    /// `tostring(obj)`.
    func tostring(_ L: OpaquePointer) throws -> Int32 {
        let o: Object = try Binding.object(L, 1, [kind], "__tostring")
        Value.pushString(L, summary(o))
        return 1
    }
}

extension Binding {
    static func installAll(_ L: OpaquePointer, _ ctx: LuaContext) {
        Identity.install(L, ctx)
    }

    /// The registry reference of `kind`'s metatable, registering the kind on
    /// first use: a script that never makes a sort bar never pays for its
    /// metatable (start-up matters; most scripts use one or two kinds).
    static func metatable(_ L: OpaquePointer, _ ctx: LuaContext, _ kind: Kind) -> Int32 {
        let ref = ctx.metatableRefs[Int(kind.rawValue)]
        if ref != LUA_NOREF { return ref }
        description(of: kind).register(L, ctx)
        return ctx.metatableRefs[Int(kind.rawValue)]
    }

    /// Every kind's name with its field and method names, as registered: the
    /// list the API reference is checked against.
    package static var reference: [(kind: String, fields: [String], methods: [String])] {
        [
            ("button", ButtonBinding.button.fieldNames, ButtonBinding.button.methodNames),
            ("sortButton", ButtonBinding.sortButton.fieldNames, ButtonBinding.sortButton.methodNames),
            ("radioGroup", RadioGroupBinding.binding.fieldNames, RadioGroupBinding.binding.methodNames),
            ("sortBar", SortBarBinding.binding.fieldNames, SortBarBinding.binding.methodNames),
            ("screen", ScreenBinding.binding.fieldNames, ScreenBinding.binding.methodNames),
            ("store", StoreBinding.binding.fieldNames, StoreBinding.binding.methodNames),
            ("styleBuilder", StyleBuilderBinding.binding.fieldNames, StyleBuilderBinding.binding.methodNames),
            ("document", DocumentBinding.binding.fieldNames, DocumentBinding.binding.methodNames),
        ]
    }

    /// The object of one of `kinds` at `idx` (self for methods), or a
    /// Lua-style error.
    @inline(__always)
    static func object<T: AnyObject>(_ L: OpaquePointer, _ idx: Int32, _ kinds: [Kind], _ fname: String) throws(BridgeError) -> T {
        if let b = bk_tobox(L, idx), let k = Kind(rawValue: b.pointee.kind), kinds.contains(k), let p = b.pointee.obj {
            return Unmanaged<T>.fromOpaque(p).takeUnretainedValue()
        }
        let want = kinds[0].name
        if idx == 1 {
            throw BridgeError("bad self to '\(fname)' (\(want) expected, got \(Value.typeName(L, idx))); call it with ':' as in obj:\(fname)(...)")
        }
        throw BridgeError("bad argument #\(idx - 1) to '\(fname)' (\(want) expected, got \(Value.typeName(L, idx)))")
    }
}

/// What the shared entry points need from a kind's description, whatever
/// the type of its objects.
protocol KindBinding: Sendable {
    var kind: Binding.Kind { get }
    var fieldNames: [String] { get }
    var methodNames: [String] { get }
    func get(_ L: OpaquePointer, _ ptr: UnsafeMutableRawPointer, _ f: Int32) throws -> Int32
    func set(_ L: OpaquePointer, _ ptr: UnsafeMutableRawPointer, _ f: Int32) throws -> Int32
    func tostring(_ L: OpaquePointer) throws -> Int32
    func register(_ L: OpaquePointer, _ ctx: LuaContext)
}

extension Binding {
    /// Every kind's description, by kind: the one list the registration,
    /// the entry points and the API reference's name check read.
    static func description(of kind: Kind) -> any KindBinding {
        switch kind {
        case .button: return ButtonBinding.button
        case .sortButton: return ButtonBinding.sortButton
        case .radioGroup: return RadioGroupBinding.binding
        case .sortBar: return SortBarBinding.binding
        case .screen: return ScreenBinding.binding
        case .store: return StoreBinding.binding
        case .styleBuilder: return StyleBuilderBinding.binding
        case .document: return DocumentBinding.binding
        }
    }

    /// The kind of the box at index 1 (the dispatchers have checked it).
    @inline(__always)
    static func kindAtSelf(_ L: OpaquePointer) -> Kind? {
        guard let box = bk_tobox(L, 1) else { return nil }
        return Kind(rawValue: box.pointee.kind)
    }

    /// `obj.name`, for every kind.
    static let getter: bk_fieldfn = { L, obj, f in
        Host.field(L, obj) { L, obj in
            guard let kind = kindAtSelf(L) else { throw BridgeError("attempt to index a released object") }
            return try description(of: kind).get(L, obj, f)
        }
    }

    /// `obj.name = value`, for every kind. A button's flags take the fast
    /// path when no rule applies.
    static let setter: bk_fieldfn = { L, obj, f in
        if f >= 0, ButtonBinding.fastSet(L, obj, f) { return 0 }
        return Host.field(L, obj) { L, obj in
            guard let kind = kindAtSelf(L) else { throw BridgeError("attempt to index a released object") }
            return try description(of: kind).set(L, obj, f)
        }
    }

    /// `tostring(obj)`, for every kind.
    static let tostring: bk_hostfn = { L in
        Host.run(L) { L in
            guard let kind = kindAtSelf(L) else { throw BridgeError("bad argument #1 to '__tostring' (a ButtonKit object expected)") }
            return try description(of: kind).tostring(L)
        }
    }
}

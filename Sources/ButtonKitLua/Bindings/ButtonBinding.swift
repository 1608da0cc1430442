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

    /// One readable line: `<button buy "Buy" highlighted|selected bg #FF0000FF>`;
    /// a sort button says its key and direction by name (`key=price direction=none`).
    static func summary(_ b: Button) -> String {
        let a = b.appearance
        var s = "<\(b.kind.rawValue) \(b.id)"
        if let t = a.text { s += " \"\(t)\"" }
        s += " " + b.state.description
        if let sb = b as? SortButton { s += " key=\(sb.key) direction=\(sb.direction.rawValue)" }
        s += " bg " + a.backgroundColor.hex
        return s + ">"
    }
}

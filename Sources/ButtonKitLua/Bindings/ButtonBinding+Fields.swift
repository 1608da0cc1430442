import ButtonKit
import CLuaShim

/// A button's fields: how each reads and how a Lua value becomes a
/// `ButtonSetting`; constructor options use the same entries.
extension ButtonBinding {
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
        Field("visible", get: { L, b in Value.pushBool(L, b.isVisible) }),
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
        Field("state", get: { L, b in Value.pushString(L, b.state.description) },
              hint: "the state follows the flags: b.selected = true, b.highlighted = true, b.enabled = false"),
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
        Field("contentHorizontalAlignment", get: { L, b in Value.pushString(L, b.contentHorizontalAlignment.rawValue) }, setting: { L, i throws(BridgeError) in
            let s = try Read.string(L, i)
            return .contentHorizontalAlignment(try Read.model { () throws(ButtonKitError) in try ContentHorizontalAlignment(parsing: s) })
        }),
        Field("contentVerticalAlignment", get: { L, b in Value.pushString(L, b.contentVerticalAlignment.rawValue) }, setting: { L, i throws(BridgeError) in
            let s = try Read.string(L, i)
            return .contentVerticalAlignment(try Read.model { () throws(ButtonKitError) in try ContentVerticalAlignment(parsing: s) })
        }),
        Field("semanticContentAttribute", get: { L, b in Value.pushString(L, b.semanticContentAttribute.rawValue) }, setting: { L, i throws(BridgeError) in
            let s = try Read.string(L, i)
            return .semanticContentAttribute(try Read.model { () throws(ButtonKitError) in try SemanticContentAttribute(parsing: s) })
        }),
        Field("contentSize", get: { L, b in Value.pushString(L, b.contentSize.rawValue) },
              setting: { L, i throws(BridgeError) in .contentSize(try Read.contentSizeOverride(L, i)) }),
        Field("layoutDirection", get: { L, b in Value.pushString(L, b.layoutDirection.rawValue) },
              setting: { L, i throws(BridgeError) in .layoutDirection(try Read.layoutDirectionOverride(L, i)) }),
        Field("hasPosition", get: { L, b in Value.pushBool(L, b.hasPosition) }),
        Field("sizedByLayout", get: { L, b in Value.pushBool(L, b.sizedByLayout) }),
        Field("titleFont", get: { L, b in Push.font(L, b.appearance.font) }, hint: "set it per state: b:style(state, { font = ... })"),
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
}

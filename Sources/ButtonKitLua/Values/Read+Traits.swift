import ButtonKit
import ButtonKitIB
import CLuaShim

/// Dynamic colours and traits: a colour that may be a system colour name,
/// an interface style, and the `{ style = "dark" }` tables of
/// `appearanceFor` and `ui.color`.
extension Read {
    /// `"systemBlue"`, `"tintColor"`, or any fixed colour `Read.color` takes.
    package static func colorValue(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> ColorValue {
        guard let s = Value.string(L, i) else {
            throw .value("color expected (a name like 'systemBlue', '#RRGGBB' or ui.rgb(...)), got \(Value.typeName(L, i))")
        }
        do { return try ColorValue(parsing: s) } catch {
            // A colour set of a catalog the script loaded (ui.assets,
            // ui.load): asked for only when the name is no other colour's.
            if let c = LuaContext.of(L).assetColors[s] { return c }
            var m = error.message
            if LuaContext.of(L).assetColors.count == 0, s.first?.isLetter == true, !s.contains(" "), !m.contains("did you mean") {
                m += " (an asset catalog's colour needs its catalog loaded first: ui.assets(path) or ui.load(file))"
            }
            throw .value(m)
        }
    }

    /// A colour or nil (a field that inherits when cleared).
    package static func optionalColorValue(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> ColorValue? {
        lua_type(L, i) == LUA_TNIL ? nil : try colorValue(L, i)
    }

    /// `"light"` or `"dark"`.
    package static func userInterfaceStyle(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> UserInterfaceStyle {
        let s = try string(L, i)
        return try model { () throws(ButtonKitError) in try UserInterfaceStyle(parsing: s) }
    }

    /// An override: `"light"`, `"dark"`, or `"unspecified"`/nil to inherit.
    package static func styleOverride(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> UserInterfaceStyle? {
        if lua_type(L, i) == LUA_TNIL { return nil }
        guard let s = Value.string(L, i) else {
            throw .value("'light', 'dark' or 'unspecified' expected, got \(Value.typeName(L, i))")
        }
        return try model { () throws(ButtonKitError) in try UserInterfaceStyle.parseOverride(s) }
    }

    /// `{ style = "dark", tintColor = "systemRed" }`: an appearance
    /// preview's traits (each optional: the button's own otherwise).
    /// Controls say `userInterfaceStyle`; a traits table says `style`.
    static func traitHint(_ key: String) -> String? {
        key == "userInterfaceStyle" || key == "interfaceStyle" ? "in a traits table the interface style is 'style'" : nil
    }

    /// The keys of a traits table.
    static let traitKeys = ["style", "tintColor", "contentSize", "layoutDirection", "contrast"]

    /// `{ style =, tintColor =, contentSize =, layoutDirection = }`: traits
    /// to look at a control under, each optional (the control's own otherwise).
    package static func previewTraits(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> TraitOverrides {
        guard lua_type(L, i) == LUA_TTABLE else { throw .value("table of traits expected (e.g. { style = 'dark' }), got \(Value.typeName(L, i))") }
        let t = LuaTable(L, i, what: "trait")
        try t.onlyKeys(traitKeys, elsewhere: Self.traitHint)
        let tint = try t.read("tintColor", colorValue)
        if case .dynamic(.tint)? = tint { throw .value("tintColor: a tint cannot be 'tintColor' (it would name itself)") }
        return TraitOverrides(userInterfaceStyle: try t.read("style", userInterfaceStyle), tintColor: tint,
                              contentSize: try t.read("contentSize", contentSize),
                              layoutDirection: try t.read("layoutDirection", layoutDirection),
                              accessibilityContrast: try t.read("contrast", contrast))
    }

    /// `"large"`, `"ax5"`, `"accessibilityExtraExtraExtraLarge"`, ….
    package static func contentSize(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> ContentSizeCategory {
        guard let s = Value.string(L, i) else {
            throw .value("content size expected (a name like 'large', 'accessibilityLarge' or 'ax2'), got \(Value.typeName(L, i))")
        }
        return try model { () throws(ButtonKitError) in try ContentSizeCategory(parsing: s) }
    }

    /// A content size, or `"unspecified"`/nil to inherit.
    package static func contentSizeOverride(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> ContentSizeCategory? {
        if lua_type(L, i) == LUA_TNIL || Value.string(L, i)?.lowercased() == "unspecified" { return nil }
        return try contentSize(L, i)
    }

    /// `"normal"` or `"high"` (Increase Contrast: asset colours'
    /// high-contrast appearances).
    package static func contrast(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> AccessibilityContrast {
        guard let s = Value.string(L, i) else { throw .value("'normal' or 'high' expected, got \(Value.typeName(L, i))") }
        return try model { () throws(ButtonKitError) in try AccessibilityContrast(parsing: s) }
    }

    /// `"leftToRight"` or `"rightToLeft"`.
    package static func layoutDirection(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> LayoutDirection {
        guard let s = Value.string(L, i) else { throw .value("'leftToRight' or 'rightToLeft' expected, got \(Value.typeName(L, i))") }
        return try model { () throws(ButtonKitError) in try LayoutDirection(parsing: s) }
    }

    /// A layout direction, or `"unspecified"`/nil to inherit.
    package static func layoutDirectionOverride(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> LayoutDirection? {
        if lua_type(L, i) == LUA_TNIL || Value.string(L, i)?.lowercased() == "unspecified" { return nil }
        return try layoutDirection(L, i)
    }
}

extension Read {
    /// Traits to resolve against: `{ style = "dark", tintColor = "systemPink" }`
    /// or a control or screen (its own traits).
    package static func traits(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> Traits {
        if let box = bk_tobox(L, i), let p = box.pointee.obj, let kind = Binding.Kind(rawValue: box.pointee.kind) {
            switch kind {
            case .button, .sortButton: return Unmanaged<Button>.fromOpaque(p).takeUnretainedValue().traits
            case .radioGroup: return Unmanaged<RadioGroup>.fromOpaque(p).takeUnretainedValue().traits
            case .sortBar: return Unmanaged<SortBar>.fromOpaque(p).takeUnretainedValue().traits
            case .screen: return Unmanaged<Screen>.fromOpaque(p).takeUnretainedValue().traits
            default: break
            }
        }
        guard lua_type(L, i) == LUA_TTABLE else {
            throw .value("traits expected (a table like { style = 'dark' } or a control), got \(Value.typeName(L, i))")
        }
        let t = LuaTable(L, i, what: "trait")
        try t.onlyKeys(traitKeys, elsewhere: Self.traitHint)
        let style = try t.read("style", userInterfaceStyle) ?? .light
        let tint = try t.read("tintColor", colorValue) ?? Traits.defaultTint
        if case .dynamic(.tint) = tint { throw .value("tintColor: a tint cannot be 'tintColor'") }
        return Traits(userInterfaceStyle: style, tintColor: tint, contentSize: try t.read("contentSize", contentSize) ?? .large,
                      layoutDirection: try t.read("layoutDirection", layoutDirection) ?? .leftToRight,
                      accessibilityContrast: try t.read("contrast", contrast) ?? .normal)
    }
}

extension Read {
    /// `{ minimumContrast =, largeTextContrast =, minimumSize =, styles =, checks = }`;
    /// `styles` and `checks` are a name or a list of names.
    package static func auditOptions(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> AuditOptions {
        guard lua_type(L, i) == LUA_TTABLE else { throw .value("table of audit options expected, got \(Value.typeName(L, i))") }
        let t = LuaTable(L, i, what: "audit option")
        try t.onlyKeys(["minimumContrast", "largeTextContrast", "minimumSize", "styles", "checks", "states", "contentSizes"])
        var o = AuditOptions()
        if let v = try t.read("minimumContrast", number) { o.minimumContrast = v }
        if let v = try t.read("largeTextContrast", number) { o.largeTextContrast = v }
        if let v = try t.read("minimumSize", number) { o.minimumSize = v }
        func names(_ L: OpaquePointer, _ j: Int32) throws(BridgeError) -> [String] {
            if let s = Value.string(L, j) { return [s] }
            guard lua_type(L, j) == LUA_TTABLE else { throw .value("a name or a list of names expected, got \(Value.typeName(L, j))") }
            return try stringList(L, j, what: "names")
        }
        if let list = try t.read("styles", names) {
            var styles: [UserInterfaceStyle] = []
            for n in list {
                do { styles.append(try UserInterfaceStyle(parsing: n)) } catch { throw BridgeError.model(error).within("styles") }
            }
            o.styles = styles
        }
        if let list = try t.read("checks", names) {
            var checks = Set<AuditCheck>()
            for n in list {
                do { checks.insert(try AuditCheck(parsing: n)) } catch { throw BridgeError.model(error).within("checks") }
            }
            o.checks = checks
        }
        if let list = try t.read("contentSizes", names) {
            var sizes: [ContentSizeCategory] = []
            for n in list {
                do { sizes.append(try ContentSizeCategory(parsing: n)) } catch { throw BridgeError.model(error).within("contentSizes") }
            }
            o.contentSizes = sizes
        }
        if let list = try t.read("states", names) {
            var states: [ControlState] = []
            for n in list {
                do { states.append(try ControlState(parsing: n)) } catch { throw BridgeError.model(error).within("states") }
            }
            o.states = states
        }
        return try model { () throws(ButtonKitError) in try o.validated() }
    }
}

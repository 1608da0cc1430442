import ButtonKit
import CLuaShim

/// `UIButton.Configuration` as a Lua table, both ways: what `configuration =`
/// takes and `b.configuration` gives (a copy), and the extra keys a
/// configured button's appearance has.
extension Read {
    /// `"filled"` (a style alone) or `{ style = "filled", title = "Buy", ... }`.
    package static func configuration(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> ButtonConfiguration {
        if let name = Value.string(L, i) {
            return ButtonConfiguration(style: try model { () throws(ButtonKitError) in try ConfigurationStyle(parsing: name) })
        }
        guard lua_type(L, i) == LUA_TTABLE else {
            throw .value("configuration expected (a style name like 'filled' or a table with a 'style'), got \(Value.typeName(L, i))")
        }
        let t = LuaTable(L, i, what: "configuration field")
        try t.onlyKeys(ButtonConfiguration.fieldNames)
        guard let styleName = try t.read("style", string) else {
            throw .value("configuration needs a 'style' (plain, gray, tinted, filled, borderless, bordered, borderedTinted or borderedProminent)")
        }
        func parsed<T>(_ key: String, _ parse: (String) throws(ButtonKitError) -> T) throws(BridgeError) -> T? {
            guard let s = try t.read(key, string) else { return nil }
            do { return try parse(s) } catch { throw BridgeError.model(error).within(key) }
        }
        let style: ConfigurationStyle
        do { style = try ConfigurationStyle(parsing: styleName) } catch { throw BridgeError.model(error).within("style") }
        var c = ButtonConfiguration(style: style)
        c.title = try t.read("title", string)
        c.subtitle = try t.read("subtitle", string)
        c.image = try t.read("image", string)
        if let p = try parsed("imagePlacement", { s throws(ButtonKitError) in try ImagePlacement(parsing: s) }) { c.imagePlacement = p }
        if let v = try t.read("imagePadding", number) { c.imagePadding = v }
        if let v = try t.read("titlePadding", number) { c.titlePadding = v }
        c.baseForegroundColor = try t.read("baseForegroundColor", colorValue)
        c.baseBackgroundColor = try t.read("baseBackgroundColor", colorValue)
        if let s = try parsed("cornerStyle", { s throws(ButtonKitError) in try ConfigurationCornerStyle(parsing: s) }) { c.cornerStyle = s }
        if let v = try t.read("cornerRadius", number) { c.cornerRadius = v }
        if let s = try parsed("buttonSize", { s throws(ButtonKitError) in try ConfigurationSize(parsing: s) }) { c.buttonSize = s }
        c.contentInsets = try t.read("contentInsets", insets)
        if let v = try t.read("showsActivityIndicator", bool) { c.showsActivityIndicator = v }
        return try model { () throws(ButtonKitError) in try c.validated() }
    }

    /// A configuration or nil (nil: back to per-state styles).
    package static func optionalConfiguration(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> ButtonConfiguration? {
        lua_type(L, i) == LUA_TNIL ? nil : try configuration(L, i)
    }

    /// `{ top =, leading =, bottom =, trailing = }`, `{ t, l, b, r }`, or one
    /// number for every side.
    package static func insets(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> EdgeInsets {
        var v = (0.0, 0.0, 0.0, 0.0)
        switch lua_type(L, i) {
        case LUA_TNUMBER:
            let n = lua_tonumberx(L, i, nil)
            v = (n, n, n, n)
        case LUA_TTABLE:
            let t = LuaTable(L, i, what: "inset")
            if t.count > 0 {
                guard t.count == 4 else { throw .value("insets list must have 4 numbers (top, leading, bottom, trailing), got \(t.count)") }
                var n: [Double] = []
                for k in 1...4 { n.append(try t.element(k) { L, j throws(BridgeError) in try number(L, j) }) }
                v = (n[0], n[1], n[2], n[3])
            } else {
                try t.onlyKeys(["top", "leading", "bottom", "trailing"]) { k in
                    // NSDirectionalEdgeInsets: sides follow the reading direction.
                    switch k {
                    case "left": return "configuration insets are directional: use 'leading'"
                    case "right": return "configuration insets are directional: use 'trailing'"
                    default: return nil
                    }
                }
                v = (try t.read("top", number) ?? 0, try t.read("leading", number) ?? 0,
                     try t.read("bottom", number) ?? 0, try t.read("trailing", number) ?? 0)
            }
        default:
            throw .value("insets expected (a number or { top =, leading =, bottom =, trailing = }), got \(Value.typeName(L, i))")
        }
        return try model { () throws(ButtonKitError) in try EdgeInsets.make(top: v.0, leading: v.1, bottom: v.2, trailing: v.3) }
    }
}

extension Push {
    package static func insets(_ L: OpaquePointer, _ e: EdgeInsets) {
        lua_createtable(L, 0, 4)
        field(L, "top") { Value.pushNumber(L, e.top) }
        field(L, "leading") { Value.pushNumber(L, e.leading) }
        field(L, "bottom") { Value.pushNumber(L, e.bottom) }
        field(L, "trailing") { Value.pushNumber(L, e.trailing) }
    }

    /// A copy of the configuration as a table; `contentInsets` only when
    /// set (nil keeps the size's defaults on the way back).
    package static func configuration(_ L: OpaquePointer, _ c: ButtonConfiguration) {
        lua_createtable(L, 0, 14)
        field(L, "style") { Value.pushString(L, c.style.rawValue) }
        if let s = c.title { field(L, "title") { Value.pushString(L, s) } }
        if let s = c.subtitle { field(L, "subtitle") { Value.pushString(L, s) } }
        if let s = c.image { field(L, "image") { Value.pushString(L, s) } }
        field(L, "imagePlacement") { Value.pushString(L, c.imagePlacement.rawValue) }
        field(L, "imagePadding") { Value.pushNumber(L, c.imagePadding) }
        field(L, "titlePadding") { Value.pushNumber(L, c.titlePadding) }
        if let v = c.baseForegroundColor { field(L, "baseForegroundColor") { Value.pushString(L, v.description) } }
        if let v = c.baseBackgroundColor { field(L, "baseBackgroundColor") { Value.pushString(L, v.description) } }
        field(L, "cornerStyle") { Value.pushString(L, c.cornerStyle.rawValue) }
        field(L, "cornerRadius") { Value.pushNumber(L, c.cornerRadius) }
        field(L, "buttonSize") { Value.pushString(L, c.buttonSize.rawValue) }
        if let e = c.contentInsets { field(L, "contentInsets") { insets(L, e) } }
        field(L, "showsActivityIndicator") { Value.pushBool(L, c.showsActivityIndicator) }
    }

    /// The keys a configured button's appearance adds.
    package static func layout(_ L: OpaquePointer, _ l: ConfigurationLayout) {
        if let s = l.subtitle { field(L, "subtitle") { Value.pushString(L, s) } }
        field(L, "subtitleFont") { font(L, l.subtitleFont) }
        field(L, "imagePlacement") { Value.pushString(L, l.imagePlacement.rawValue) }
        field(L, "imagePadding") { Value.pushNumber(L, l.imagePadding) }
        field(L, "titlePadding") { Value.pushNumber(L, l.titlePadding) }
        field(L, "contentInsets") { insets(L, l.contentInsets) }
        field(L, "showsActivityIndicator") { Value.pushBool(L, l.showsActivityIndicator) }
    }
}

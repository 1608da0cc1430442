import ButtonKit
import CLuaShim

extension Read {
    package static func color(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> Color {
        guard let s = Value.string(L, i) else {
            throw .value("color expected (a name, '#RRGGBB' or ui.rgb(...)), got \(Value.typeName(L, i))")
        }
        if SystemColor(named: s) != nil || s.lowercased() == "tintcolor" {
            throw .value("'\(s)' is a dynamic colour and cannot be used here; give a fixed colour, or resolve it with ui.color('\(s)', { style = 'dark' })")
        }
        return try model { () throws(ButtonKitError) in try Color(parsing: s) }
    }

    /// `13`, `"bold 13"`, `"body"`, `{ size = 13, weight = "bold", family = "Menlo" }`
    /// or `{ textStyle = "body" [, weight =, family =] }`. A size given beside
    /// a text style (a resolved font read back) is not kept: the style's
    /// size follows the control's content size.
    package static func font(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> Font {
        switch lua_type(L, i) {
        case LUA_TNUMBER:
            let n = lua_tonumberx(L, i, nil)
            return try model { () throws(ButtonKitError) in try Font.make(size: n) }
        case LUA_TSTRING:
            let s = Value.string(L, i) ?? ""
            return try model { () throws(ButtonKitError) in try Font(parsing: s) }
        case LUA_TTABLE:
            let t = LuaTable(L, i, what: "font field")
            try t.onlyKeys(["size", "weight", "family", "textStyle", "italic"])
            let italic = try t.read("italic", bool) ?? false
            let weightName = try t.read("weight", string)
            let weight = try weightName.map { w throws(BridgeError) in try model { () throws(ButtonKitError) in try FontWeight(parsing: w) } }
            let family = try t.read("family", string) ?? "system"
            if let styleName = try t.read("textStyle", string) {
                let style = try model { () throws(ButtonKitError) in try TextStyle(parsing: styleName) }
                _ = try t.read("size", number)  // checked to be a number; the style's size is used
                guard !family.isEmpty else { throw .value("font family: a non-empty name expected") }
                var f = Font(textStyle: style, weight: weight, family: family)
                f.italic = italic
                return f
            }
            guard let size = try t.read("size", number) else { throw .value("font table needs a number 'size' or a 'textStyle'") }
            var f = try model { () throws(ButtonKitError) in try Font.make(family: family, size: size, weight: weight ?? .regular) }
            f.italic = italic
            return f
        default:
            throw .value("font expected (a size, 'bold 13' or { size = 13, weight = 'bold' }), got \(Value.typeName(L, i))")
        }
    }

    /// An attributed title: a list of `{ text =, color =, font = }` runs (or strings).
    package static func runs(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> [AttributedRun] {
        guard lua_type(L, i) == LUA_TTABLE else { throw .value("list of runs expected, got \(Value.typeName(L, i))") }
        let list = LuaTable(L, i, what: "run")
        var out: [AttributedRun] = []
        for k in stride(from: 1, through: list.count, by: 1) {
            let run = try list.element(k) { L, r throws(BridgeError) -> AttributedRun in
                if let s = Value.string(L, r) { return AttributedRun(text: s) }
                guard lua_type(L, r) == LUA_TTABLE else { throw .value("run #\(k) must be a table { text = ... }") }
                let t = LuaTable(L, r, what: "run field")
                do throws(BridgeError) {
                    try t.onlyKeys(["text", "color", "font"])
                    guard let text = try t.read("text", string) else { throw BridgeError.value("needs a string 'text'") }
                    var run = AttributedRun(text: text)
                    run.color = try t.read("color", color)
                    run.font = try t.read("font", font)
                    return run
                } catch { throw error.within("run #\(k)") }
            }
            out.append(run)
        }
        return out
    }

    /// One style property's value.
    package static func styleValue(_ L: OpaquePointer, _ i: Int32, for p: StyleProperty) throws(BridgeError) -> StyleValue {
        do {
            switch p.kind {
            case .text, .imageName: return .text(try string(L, i))
            case .runs: return .runs(try runs(L, i))
            case .color:
                switch try colorValue(L, i) {
                case .fixed(let c): return .color(c)
                case .dynamic(let d): return .dynamicColor(d)
                }
            case .length, .unit: return .number(try number(L, i))
            case .font: return .font(try font(L, i))
            }
        } catch { throw error.within(p.rawValue) }
    }

    /// A style table `{ titleColor = "red", borderWidth = 2 }`.
    package static func style(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> Style {
        guard lua_type(L, i) == LUA_TTABLE else { throw .value("table of style properties expected, got \(Value.typeName(L, i))") }
        let t = lua_absindex(L, i)
        var s = Style()
        lua_pushnil(L)
        while true {
            let r = bk_pnext(L, t)
            if r < 0 { let m = Value.describe(L, -1); bk_pop(L, 1); throw .value(m) }
            if r == 0 { break }
            defer { bk_pop(L, 1) }
            guard let key = Value.string(L, -2) else {
                throw .value("style property names must be strings, got \(Value.typeName(L, -2))")
            }
            let p = try model { () throws(ButtonKitError) in try StyleProperty(parsing: key) }
            let v = try styleValue(L, -1, for: p)
            try model { () throws(ButtonKitError) in try s.set(p, v) }
        }
        return s
    }

    /// `{ [state] = { props } }`: styles keyed by state, in the table's order.
    package static func styles(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> [(ControlState, Style)] {
        guard lua_type(L, i) == LUA_TTABLE else { throw .value("style must be a table keyed by state, got \(Value.typeName(L, i))") }
        let t = lua_absindex(L, i)
        var out: [(ControlState, Style)] = []
        lua_pushnil(L)
        while true {
            let r = bk_pnext(L, t)
            if r < 0 { let m = Value.describe(L, -1); bk_pop(L, 1); throw .value(m) }
            if r == 0 { break }
            defer { bk_pop(L, 1) }
            let stateName = Value.quoted(L, -2)
            let st: ControlState
            do { st = try state(L, -2) } catch { throw .value("style key \(stateName): \(error.cause)") }
            let props: Style
            do { props = try style(L, -1) } catch { throw .value("style[\(stateName)]: \(error.cause)") }
            out.append((st, props))
        }
        return out
    }
}

extension Push {
    package static func font(_ L: OpaquePointer, _ f: Font) {
        lua_createtable(L, 0, 4)
        field(L, "family") { Value.pushString(L, f.family) }
        field(L, "size") { Value.pushNumber(L, f.size) }
        field(L, "weight") { Value.pushString(L, f.weight.rawValue) }
        if let style = f.textStyle { field(L, "textStyle") { Value.pushString(L, style.rawValue) } }
        if f.italic { field(L, "italic") { Value.pushBool(L, true) } }
    }

    package static func runs(_ L: OpaquePointer, _ runs: [AttributedRun]) {
        lua_createtable(L, Int32(runs.count), 0)
        for (i, r) in runs.enumerated() {
            lua_createtable(L, 0, 3)
            field(L, "text") { Value.pushString(L, r.text) }
            if let c = r.color { field(L, "color") { Value.pushColor(L, c) } }
            if let f = r.font { field(L, "font") { font(L, f) } }
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// What was set for one state, as a table of normalized values.
    package static func style(_ L: OpaquePointer, _ s: Style) {
        lua_createtable(L, 0, 11)
        for p in StyleProperty.allCases {
            guard let v = s.value(of: p) else { continue }
            field(L, p.rawValue) {
                switch v {
                case .text(let t): Value.pushString(L, t)
                case .runs(let r): runs(L, r)
                case .color(let c): Value.pushColor(L, c)
                case .dynamicColor(let d): Value.pushString(L, d.description)
                case .number(let n): Value.pushNumber(L, n)
                case .font(let f): font(L, f)
                }
            }
        }
    }
}

import ButtonKit
import CLuaShim

/// Conversions between Lua values and model values. Each reader checks the
/// Lua type first and reports what it expected; model validation errors
/// (ranges, names) come back as `ButtonKitError` messages.
enum Convert {
    /// A state: name or combination string, integer bitmask, or list of names.
    static func state(_ L: OpaquePointer, _ i: Int32) throws(ConvertError) -> ControlState {
        switch lua_type(L, i) {
        case LUA_TSTRING: return try model { () throws(ButtonKitError) in try ControlState(parsing: Value.string(L, i)!) }
        case LUA_TNUMBER:
            var ok: Int32 = 0
            let v = lua_tointegerx(L, i, &ok)
            guard ok != 0 else { throw ConvertError("state must be an integer bitmask, got \(Value.describe(L, i))") }
            return try model { () throws(ButtonKitError) in try ControlState(bits: Int(v)) }
        case LUA_TTABLE:
            let names = try stringList(L, i, what: "state names")
            return try model { () throws(ButtonKitError) in try ControlState(parsingList: names) }
        default:
            throw ConvertError("state expected (a name like 'selected', a list or a bitmask), got \(Value.typeName(L, i))")
        }
    }

    static func events(_ L: OpaquePointer, _ i: Int32) throws(ConvertError) -> ControlEvent {
        switch lua_type(L, i) {
        case LUA_TSTRING: return try model { () throws(ButtonKitError) in try ControlEvent(parsing: Value.string(L, i)!) }
        case LUA_TNUMBER:
            var ok: Int32 = 0
            let v = lua_tointegerx(L, i, &ok)
            guard ok != 0, v > 0, v <= 0xFFFF_FFFF else { throw ConvertError("events must be a positive bitmask, got \(Value.describe(L, i))") }
            return ControlEvent(rawValue: UInt32(v))
        case LUA_TTABLE:
            let names = try stringList(L, i, what: "event names")
            return try model { () throws(ButtonKitError) in try ControlEvent(parsingList: names) }
        default:
            throw ConvertError("event name expected (e.g. 'touchUpInside'), got \(Value.typeName(L, i))")
        }
    }

    static func color(_ L: OpaquePointer, _ i: Int32) throws(ConvertError) -> Color {
        guard let s = Value.string(L, i) else {
            throw ConvertError("color expected (a name, '#RRGGBB' or ui.rgb(...)), got \(Value.typeName(L, i))")
        }
        return try model { () throws(ButtonKitError) in try Color(parsing: s) }
    }

    static func font(_ L: OpaquePointer, _ i: Int32) throws(ConvertError) -> Font {
        switch lua_type(L, i) {
        case LUA_TNUMBER:
            let n = lua_tonumberx(L, i, nil)
            return try model { () throws(ButtonKitError) in try Font.make(size: n) }
        case LUA_TSTRING:
            let s = Value.string(L, i)!
            return try model { () throws(ButtonKitError) in try Font(parsing: s) }
        case LUA_TTABLE:
            let t = lua_absindex(L, i)
            try onlyKeys(L, t, ["size", "weight", "family"], what: "font field")
            guard rawField(L, t, "size") == LUA_TNUMBER else {
                lua_settop(L, -2)
                throw ConvertError("font table needs a number 'size'")
            }
            let size = lua_tonumberx(L, -1, nil); lua_settop(L, -2)
            var weight = FontWeight.regular
            if rawField(L, t, "weight") != LUA_TNIL {
                guard let w = Value.string(L, -1) else { lua_settop(L, -2); throw ConvertError("font weight must be a string") }
                lua_settop(L, -2)
                weight = try model { () throws(ButtonKitError) in try FontWeight(parsing: w) }
            } else { lua_settop(L, -2) }
            var family = "system"
            if rawField(L, t, "family") != LUA_TNIL {
                guard let f = Value.string(L, -1) else { lua_settop(L, -2); throw ConvertError("font family must be a string") }
                family = f
            }
            lua_settop(L, -2)
            return try model { () throws(ButtonKitError) in try Font.make(family: family, size: size, weight: weight) }
        default:
            throw ConvertError("font expected (a size, 'bold 13' or { size = 13, weight = 'bold' }), got \(Value.typeName(L, i))")
        }
    }

    /// An attributed title: a list of `{ text =, color =, font = }` runs.
    static func runs(_ L: OpaquePointer, _ i: Int32) throws(ConvertError) -> [AttributedRun] {
        guard lua_type(L, i) == LUA_TTABLE else { throw ConvertError("list of runs expected, got \(Value.typeName(L, i))") }
        let t = lua_absindex(L, i)
        let n = lua_rawlen(L, t)
        var out: [AttributedRun] = []
        if n > 0 {
            for k in 1...n {
                lua_rawgeti(L, t, lua_Integer(k))
                defer { lua_settop(L, -2) }
                let r = lua_gettop(L)
                if lua_type(L, r) == LUA_TSTRING { out.append(AttributedRun(text: Value.string(L, r)!)); continue }
                guard lua_type(L, r) == LUA_TTABLE else { throw ConvertError("run #\(k) must be a table { text = ... }") }
                try onlyKeys(L, r, ["text", "color", "font"], what: "run field")
                guard rawField(L, r, "text") == LUA_TSTRING else { lua_settop(L, -2); throw ConvertError("run #\(k) needs a string 'text'") }
                var run = AttributedRun(text: Value.string(L, -1)!)
                lua_settop(L, -2)
                if rawField(L, r, "color") != LUA_TNIL {
                    do { run.color = try color(L, -1) } catch { lua_settop(L, -2); throw ConvertError("run #\(k): \(error.message)") }
                }
                lua_settop(L, -2)
                if rawField(L, r, "font") != LUA_TNIL {
                    do { run.font = try font(L, -1) } catch { lua_settop(L, -2); throw ConvertError("run #\(k): \(error.message)") }
                }
                lua_settop(L, -2)
                out.append(run)
            }
        }
        return out
    }

    /// One style property's value from Lua.
    static func styleValue(_ L: OpaquePointer, _ i: Int32, for p: StyleProperty) throws(ConvertError) -> StyleValue {
        do throws(ConvertError) {
            switch p.kind {
            case .text, .imageName:
                guard let s = Value.string(L, i) else { throw ConvertError("string expected, got \(Value.typeName(L, i))") }
                return .text(s)
            case .runs: return .runs(try runs(L, i))
            case .color: return .color(try color(L, i))
            case .length, .unit:
                guard lua_type(L, i) == LUA_TNUMBER else { throw ConvertError("number expected, got \(Value.typeName(L, i))") }
                return .number(lua_tonumberx(L, i, nil))
            case .font: return .font(try font(L, i))
            }
        } catch { throw ConvertError("\(p.rawValue): \(error.message)") }
    }

    /// A style table `{ titleColor = "red", borderWidth = 2 }` into `Style`.
    static func style(_ L: OpaquePointer, _ i: Int32, base: Style = Style()) throws(ConvertError) -> Style {
        guard lua_type(L, i) == LUA_TTABLE else { throw ConvertError("table of style properties expected, got \(Value.typeName(L, i))") }
        let t = lua_absindex(L, i)
        var s = base
        lua_pushnil(L)
        while true {
            let r = bk_pnext(L, t)
            if r < 0 { let m = Value.describe(L, -1); lua_settop(L, -2); throw ConvertError(m) }
            if r == 0 { break }
            defer { lua_settop(L, -2) }
            // On an error the whole call fails, so the stack is not tidied.
            guard let key = Value.string(L, -2) else {
                throw ConvertError("style property names must be strings, got \(Value.typeName(L, -2))")
            }
            let p: StyleProperty
            do { p = try StyleProperty(parsing: key) } catch { throw ConvertError(error.message) }
            let v = try styleValue(L, -1, for: p)
            do { try s.set(p, v) } catch { throw ConvertError(error.message) }
        }
        return s
    }

    /// `{ x = 10, y = 5 }` or `{ 10, 5 }`.
    static func point(_ L: OpaquePointer, _ i: Int32) throws(ConvertError) -> Point {
        guard lua_type(L, i) == LUA_TTABLE else { throw ConvertError("point expected ({ x = 10, y = 5 } or { 10, 5 }), got \(Value.typeName(L, i))") }
        let t = lua_absindex(L, i)
        let x = try number(L, t, "x", 1), y = try number(L, t, "y", 2)
        guard x.isFinite, y.isFinite else { throw ConvertError("point coordinates must be finite numbers") }
        return Point(x: x, y: y)
    }

    /// `{ x =, y =, width =, height = }` or `{ 0, 0, 200, 44 }`.
    static func frame(_ L: OpaquePointer, _ i: Int32) throws(ConvertError) -> Rect {
        guard lua_type(L, i) == LUA_TTABLE else { throw ConvertError("frame expected ({ x =, y =, width =, height = } or { 0, 0, 200, 44 }), got \(Value.typeName(L, i))") }
        let t = lua_absindex(L, i)
        let x = try number(L, t, "x", 1), y = try number(L, t, "y", 2)
        let w = try number(L, t, "width", 3), h = try number(L, t, "height", 4)
        return try model { () throws(ButtonKitError) in try Rect.make(x: x, y: y, width: w, height: h) }
    }

    /// A number stored under `name` or at position `pos` of table `t`.
    static func number(_ L: OpaquePointer, _ t: Int32, _ name: String, _ pos: Int) throws(ConvertError) -> Double {
        var ty = rawField(L, t, name)
        if ty == LUA_TNIL { lua_settop(L, -2); ty = lua_rawgeti(L, t, lua_Integer(pos)) }
        defer { lua_settop(L, -2) }
        guard ty == LUA_TNUMBER else { throw ConvertError("'\(name)' must be a number, got \(Value.typeName(L, -1))") }
        return lua_tonumberx(L, -1, nil)
    }

    /// Pushes `t[name]` without metamethods and returns its type.
    @discardableResult
    static func rawField(_ L: OpaquePointer, _ t: Int32, _ name: String) -> Int32 {
        let a = lua_absindex(L, t)
        Value.pushString(L, name)
        return lua_rawget(L, a)
    }

    /// A list of strings (`{ "selected", "highlighted" }`).
    static func stringList(_ L: OpaquePointer, _ i: Int32, what: String) throws(ConvertError) -> [String] {
        let t = lua_absindex(L, i)
        let n = lua_rawlen(L, t)
        var out: [String] = []
        if n > 0 {
            for k in 1...n {
                lua_rawgeti(L, t, lua_Integer(k))
                defer { lua_settop(L, -2) }
                guard let s = Value.string(L, -1) else { throw ConvertError("\(what) must be strings, item #\(k) is a \(Value.typeName(L, -1))") }
                out.append(s)
            }
        }
        return out
    }

    /// Checks that every string key of table `t` is one of `allowed`.
    static func onlyKeys(_ L: OpaquePointer, _ t: Int32, _ allowed: [String], what: String, allowArray: Bool = false) throws(ConvertError) {
        let a = lua_absindex(L, t)
        lua_pushnil(L)
        while true {
            let r = bk_pnext(L, a)
            if r < 0 { let m = Value.describe(L, -1); lua_settop(L, -2); throw ConvertError(m) }
            if r == 0 { return }
            lua_settop(L, -2)
            if allowArray, lua_type(L, -1) == LUA_TNUMBER { continue }
            guard let k = Value.string(L, -1) else {
                let d = Value.describe(L, -1)
                lua_settop(L, -2)
                throw ConvertError("unexpected key \(d) (\(what)s are strings)")
            }
            if !allowed.contains(k) {
                lua_settop(L, -2)
                var m = "unknown \(what) '\(k)'"
                if let s = Suggest.closest(to: k, in: allowed) { m += "; did you mean '\(s)'?" }
                throw ConvertError(m)
            }
        }
    }

    // MARK: JSON-shaped values

    /// Converts nil, booleans, numbers, strings and tables of those. A table
    /// whose keys are exactly 1...n is an array; otherwise keys must be strings.
    static func json(_ L: OpaquePointer, _ i: Int32, depth: Int = 0) throws(ConvertError) -> JSONValue {
        switch lua_type(L, i) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, i) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, i) != 0 { return .int(Int(lua_tointegerx(L, i, nil))) }
            let d = lua_tonumberx(L, i, nil)
            guard d.isFinite else { throw ConvertError("cannot store \(Value.describe(L, i)) (not a finite number)") }
            return .double(d)
        case LUA_TSTRING: return .string(Value.string(L, i)!)
        case LUA_TTABLE:
            guard depth < 64 else { throw ConvertError("table nested too deeply (or a cycle)") }
            guard lua_checkstack(L, 4) != 0 else { throw ConvertError("stack overflow converting a table") }
            let t = lua_absindex(L, i)
            let n = Int(lua_rawlen(L, t))
            var count = 0
            var object: [String: JSONValue] = [:]
            var array: [JSONValue?] = Array(repeating: nil, count: n)
            var allArray = true
            lua_pushnil(L)
            while true {
                let r = bk_pnext(L, t)
                if r < 0 { let m = Value.describe(L, -1); lua_settop(L, -2); throw ConvertError(m) }
                if r == 0 { break }
                count += 1
                let v: JSONValue
                do { v = try json(L, -1, depth: depth + 1) } catch { lua_settop(L, -3); throw error }
                if lua_type(L, -2) == LUA_TNUMBER, lua_isinteger(L, -2) != 0 {
                    let k = Int(lua_tointegerx(L, -2, nil))
                    if k >= 1 && k <= n { array[k - 1] = v } else { allArray = false; object[String(k)] = v }
                } else if let k = Value.string(L, -2) {
                    allArray = false
                    object[k] = v
                } else {
                    let d = Value.typeName(L, -2)
                    lua_settop(L, -3)
                    throw ConvertError("table keys must be strings or array indices, got a \(d)")
                }
                lua_settop(L, -2)
            }
            if allArray && count == n { return .array(array.map { $0 ?? .null }) }
            for (k, v) in array.enumerated() { if let v { object[String(k + 1)] = v } }
            return .object(object)
        default:
            throw ConvertError("cannot store a \(Value.typeName(L, i)) (only nil, booleans, numbers, strings and tables of those)")
        }
    }

    static func pushJSON(_ L: OpaquePointer, _ v: JSONValue) {
        _ = lua_checkstack(L, 4)
        switch v {
        case .null: lua_pushnil(L)
        case .bool(let b): lua_pushboolean(L, b ? 1 : 0)
        case .int(let i): lua_pushinteger(L, lua_Integer(i))
        case .double(let d): lua_pushnumber(L, d)
        case .string(let s): Value.pushString(L, s)
        case .array(let a):
            lua_createtable(L, Int32(a.count), 0)
            for (i, e) in a.enumerated() { pushJSON(L, e); lua_rawseti(L, -2, lua_Integer(i + 1)) }
        case .object(let o):
            lua_createtable(L, 0, Int32(o.count))
            for k in o.keys.sorted() { Value.pushString(L, k); pushJSON(L, o[k]!); lua_rawset(L, -3) }
        }
    }

    static func radioValue(_ L: OpaquePointer, _ i: Int32) throws(ConvertError) -> RadioValue {
        switch lua_type(L, i) {
        case LUA_TSTRING: return .string(Value.string(L, i)!)
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, i) != 0)
        case LUA_TNUMBER:
            var ok: Int32 = 0
            let v = lua_tointegerx(L, i, &ok)
            guard ok != 0 else { throw ConvertError("radio value must be an integer, got \(Value.describe(L, i))") }
            return .int(Int(v))
        default: throw ConvertError("radio value expected (string, integer or boolean), got \(Value.typeName(L, i))")
        }
    }

    static func pushRadioValue(_ L: OpaquePointer, _ v: RadioValue?) {
        switch v {
        case nil: lua_pushnil(L)
        case .string(let s)?: Value.pushString(L, s)
        case .int(let i)?: lua_pushinteger(L, lua_Integer(i))
        case .bool(let b)?: lua_pushboolean(L, b ? 1 : 0)
        }
    }

    // MARK: Model values to Lua

    static func pushFont(_ L: OpaquePointer, _ f: Font) {
        lua_createtable(L, 0, 3)
        Value.pushString(L, "family"); Value.pushString(L, f.family); lua_rawset(L, -3)
        Value.pushString(L, "size")
        if f.size == f.size.rounded(), abs(f.size) < 1e15 { lua_pushinteger(L, lua_Integer(f.size)) } else { lua_pushnumber(L, f.size) }
        lua_rawset(L, -3)
        Value.pushString(L, "weight"); Value.pushString(L, f.weight.rawValue); lua_rawset(L, -3)
    }

    static func pushRuns(_ L: OpaquePointer, _ runs: [AttributedRun]) {
        lua_createtable(L, Int32(runs.count), 0)
        for (i, r) in runs.enumerated() {
            lua_createtable(L, 0, 3)
            Value.pushString(L, "text"); Value.pushString(L, r.text); lua_rawset(L, -3)
            if let c = r.color { Value.pushString(L, "color"); Value.pushString(L, c.hex); lua_rawset(L, -3) }
            if let f = r.font { Value.pushString(L, "font"); pushFont(L, f); lua_rawset(L, -3) }
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
    }

    /// Numbers that are integral come back as Lua integers (`11`, not `11.0`).
    static func pushNumber(_ L: OpaquePointer, _ d: Double) {
        if d == d.rounded(), abs(d) < 1e15 { lua_pushinteger(L, lua_Integer(d)) } else { lua_pushnumber(L, d) }
    }

    static func pushAppearance(_ L: OpaquePointer, _ a: Appearance) {
        lua_createtable(L, 0, 16)
        func set(_ k: String, _ push: () -> Void) { Value.pushString(L, k); push(); lua_rawset(L, -3) }
        set("state") { Value.pushString(L, a.state.description) }
        if let t = a.title { set("title") { Value.pushString(L, t) } }
        if let r = a.attributedTitle { set("attributedTitle") { pushRuns(L, r) } }
        if let t = a.text { set("text") { Value.pushString(L, t) } }
        set("titleColor") { Value.pushString(L, a.titleColor.hex) }
        set("backgroundColor") { Value.pushString(L, a.backgroundColor.hex) }
        set("borderColor") { Value.pushString(L, a.borderColor.hex) }
        set("borderWidth") { pushNumber(L, a.borderWidth) }
        set("cornerRadius") { pushNumber(L, a.cornerRadius) }
        set("font") { pushFont(L, a.font) }
        if let i = a.image { set("image") { Value.pushString(L, i) } }
        if let i = a.backgroundImage { set("backgroundImage") { Value.pushString(L, i) } }
        set("imageAdjustment") { Value.pushString(L, a.imageAdjustment.rawValue) }
        set("alpha") { pushNumber(L, a.alpha) }
        if let d = a.direction { set("direction") { Value.pushString(L, d.rawValue) } }
    }

    /// What was set for one state, as a table of normalized values.
    static func pushStyle(_ L: OpaquePointer, _ s: Style) {
        lua_createtable(L, 0, 11)
        for p in StyleProperty.allCases {
            guard let v = s.value(of: p) else { continue }
            Value.pushString(L, p.rawValue)
            switch v {
            case .text(let t): Value.pushString(L, t)
            case .runs(let r): pushRuns(L, r)
            case .color(let c): Value.pushString(L, c.hex)
            case .number(let n): pushNumber(L, n)
            case .font(let f): pushFont(L, f)
            }
            lua_rawset(L, -3)
        }
    }

    /// A resolved-appearance table (as `b.appearance` gives, possibly with
    /// keys replaced by expected values) back into an `Appearance`. Missing
    /// keys take the system defaults.
    static func appearance(_ L: OpaquePointer, _ i: Int32) throws(ConvertError) -> Appearance {
        guard lua_type(L, i) == LUA_TTABLE else { throw ConvertError("appearance table expected, got \(Value.typeName(L, i))") }
        let t = lua_absindex(L, i)
        var state = ControlState.normal
        if rawField(L, t, "state") == LUA_TSTRING, let s = Value.string(L, -1) { state = (try? ControlState(parsing: s)) ?? .normal }
        lua_settop(L, -2)
        var a = Appearance.systemDefault(state)
        func field<T>(_ k: String, _ read: (Int32) throws(ConvertError) -> T) throws(ConvertError) -> T? {
            defer { lua_settop(L, -2) }
            if rawField(L, t, k) == LUA_TNIL { return nil }
            do { return try read(lua_gettop(L)) } catch { throw ConvertError("\(k): \(error.message)") }
        }
        func str(_ idx: Int32) throws(ConvertError) -> String {
            guard let s = Value.string(L, idx) else { throw ConvertError("string expected") }
            return s
        }
        func num(_ idx: Int32) throws(ConvertError) -> Double {
            guard lua_type(L, idx) == LUA_TNUMBER else { throw ConvertError("number expected") }
            return lua_tonumberx(L, idx, nil)
        }
        a.title = try field("title", str)
        a.attributedTitle = try field("attributedTitle") { idx throws(ConvertError) in try runs(L, idx) }
        a.text = a.attributedTitle.map { $0.map(\.text).joined() } ?? a.title
        if let c = try field("titleColor", { idx throws(ConvertError) in try color(L, idx) }) { a.titleColor = c }
        if let c = try field("backgroundColor", { idx throws(ConvertError) in try color(L, idx) }) { a.backgroundColor = c }
        if let c = try field("borderColor", { idx throws(ConvertError) in try color(L, idx) }) { a.borderColor = c }
        if let v = try field("borderWidth", num) { a.borderWidth = max(0, v.isFinite ? v : 0) }
        if let v = try field("cornerRadius", num) { a.cornerRadius = max(0, v.isFinite ? v : 0) }
        if let f = try field("font", { idx throws(ConvertError) in try font(L, idx) }) { a.font = f }
        a.image = try field("image", str)
        a.backgroundImage = try field("backgroundImage", str)
        if let adj = try field("imageAdjustment", str) { a.imageAdjustment = ImageAdjustment(rawValue: adj) ?? .none }
        if let v = try field("alpha", num) { a.alpha = min(1, max(0, v.isFinite ? v : 1)) }
        if let d = try field("direction", str) { a.direction = SortDirection(rawValue: d) }
        return a
    }

    static func model<T>(_ body: () throws(ButtonKitError) -> T) throws(ConvertError) -> T {
        do { return try body() } catch { throw ConvertError(error.message) }
    }
}

/// A conversion failure; the binding wraps it as `bad argument #n to 'f' (...)`.
struct ConvertError: Error {
    let message: String
    init(_ m: String) { message = m }
}

extension Args {
    /// Runs a conversion for argument `n`, turning its failure into Lua's form.
    func conv<T>(_ n: Int32, _ body: (OpaquePointer, Int32) throws(ConvertError) -> T) throws(BridgeError) -> T {
        do { return try body(L, index(n)) } catch { throw bad(n, error.message) }
    }
}

import ButtonKit
import CLuaShim

extension Read {
    /// A resolved-appearance table (as `b.appearance` gives, possibly with
    /// keys replaced by expected values) back into an `Appearance`. Missing
    /// keys take the system defaults.
    package static func appearance(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> Appearance {
        guard lua_type(L, i) == LUA_TTABLE else { throw .value("appearance table expected, got \(Value.typeName(L, i))") }
        let t = LuaTable(L, i, what: "appearance property")
        let stateName = try t.read("state", string)
        let state = stateName.flatMap { try? ControlState(parsing: $0) } ?? .normal
        var a = Appearance.systemDefault(state)
        a.title = try t.read("title", string)
        a.attributedTitle = try t.read("attributedTitle", runs)
        a.text = a.attributedTitle.map { $0.map(\.text).joined() } ?? a.title
        if let c = try t.read("titleColor", color) { a.titleColor = c }
        if let c = try t.read("backgroundColor", color) { a.backgroundColor = c }
        if let c = try t.read("borderColor", color) { a.borderColor = c }
        if let v = try t.read("borderWidth", number) { a.borderWidth = min(max(0, v.isFinite ? v : 0), Style.maxLength) }
        if let v = try t.read("cornerRadius", number) { a.cornerRadius = min(max(0, v.isFinite ? v : 0), Style.maxLength) }
        if let f = try t.read("font", font) { a.font = f }
        a.image = try t.read("image", string)
        a.backgroundImage = try t.read("backgroundImage", string)
        if let adj = try t.read("imageAdjustment", string) { a.imageAdjustment = ImageAdjustment(rawValue: adj) ?? .none }
        if let v = try t.read("alpha", number) { a.alpha = min(1, max(0, v.isFinite ? v : 1)) }
        if let d = try t.read("direction", string) { a.direction = SortDirection(rawValue: d) }
        if let placement = try t.read("imagePlacement", string) {
            a.layout = ConfigurationLayout(
                subtitle: try t.read("subtitle", string), subtitleFont: try t.read("subtitleFont", font) ?? a.font,
                imagePlacement: ImagePlacement(rawValue: placement) ?? .leading,
                imagePadding: max(0, min(try t.read("imagePadding", number) ?? 0, Style.maxLength)),
                titlePadding: max(0, min(try t.read("titlePadding", number) ?? 0, Style.maxLength)),
                contentInsets: (try? t.read("contentInsets", insets)) ?? nil ?? EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0),
                showsActivityIndicator: try t.read("showsActivityIndicator", bool) ?? false)
        }
        return a
    }
}

extension Push {
    /// The appearance table; with a button's `layout`, also `displayedText`
    /// (the title as UIKit would draw it in the frame) and `truncated`, and
    /// with `spoken`, `accessibilityDescription` (what VoiceOver reads in that state).
    package static func appearance(_ L: OpaquePointer, _ a: Appearance, layout title: TitleLayout? = nil, spoken: String? = nil) {
        // Exactly the keys it will hold: a table sized for more takes the
        // next power of two (32 slots, not 16), and every read allocates one.
        var keys: Int32 = 9 + (a.title != nil ? 1 : 0) + (a.attributedTitle != nil ? 1 : 0) + (a.text != nil ? 1 : 0)
            + (a.image != nil ? 1 : 0) + (a.backgroundImage != nil ? 1 : 0) + (a.direction != nil ? 1 : 0) + (a.layout != nil ? 7 : 0)
        keys += (spoken != nil ? 1 : 0) + (title.map { $0.displayedText != nil ? 2 : 1 } ?? 0)
        let names = AppearanceKey.pushTable(L)
        lua_createtable(L, 0, keys)
        let t = lua_gettop(L)
        func set(_ k: AppearanceKey, _ push: () -> Void) {
            lua_rawgeti(L, names, lua_Integer(k.rawValue))
            push()
            lua_rawset(L, t)
        }
        if let s = spoken { set(.accessibilityDescription) { Value.pushString(L, s) } }
        if let l = title {
            if let t = l.displayedText { set(.displayedText) { Value.pushString(L, t) } }
            set(.truncated) { Value.pushBool(L, l.truncated) }
        }
        set(.state) { Value.pushString(L, a.state.description) }
        if let t = a.title { set(.title) { Value.pushString(L, t) } }
        if let r = a.attributedTitle { set(.attributedTitle) { runs(L, r) } }
        if let t = a.text { set(.text) { Value.pushString(L, t) } }
        set(.titleColor) { Value.pushColor(L, a.titleColor) }
        set(.backgroundColor) { Value.pushColor(L, a.backgroundColor) }
        set(.borderColor) { Value.pushColor(L, a.borderColor) }
        set(.borderWidth) { Value.pushNumber(L, a.borderWidth) }
        set(.cornerRadius) { Value.pushNumber(L, a.cornerRadius) }
        set(.font) { font(L, a.font) }
        if let i = a.image { set(.image) { Value.pushString(L, i) } }
        if let i = a.backgroundImage { set(.backgroundImage) { Value.pushString(L, i) } }
        set(.imageAdjustment) { Value.pushString(L, a.imageAdjustment.rawValue) }
        set(.alpha) { Value.pushNumber(L, a.alpha) }
        if let d = a.direction { set(.direction) { Value.pushString(L, d.rawValue) } }
        if let l = a.layout { layout(L, l) }
        // The names' table goes; the appearance stays on top.
        lua_rotate(L, names, -1)
        bk_pop(L, 1)
    }
}

import ButtonKit
import CLuaShim

/// `ui.button` and `ui.sortButton`: options checked against the fields'
/// entries, then applied as settings in one go.
extension ButtonBinding {
    /// Options a constructor takes: `id`, `style`, a sort button's `key`, and
    /// every settable field.
    static func optionNames(sort: Bool) -> [String] {
        ["id", "style"] + (sort ? ["key"] : []) + (sort ? sortFields : plainFields).filter { $0.setting != nil }.map(\.name)
    }

    /// A style property (or a word for one) given as a button option: say
    /// where it goes. `title` is both, so it never gets here.
    static func styleHint(_ key: String) -> String? {
        let names = StyleProperty.allCases.map(\.rawValue)
        guard let p = names.contains(key) ? key : Suggest.closest(to: key, in: names) else { return nil }
        return "style properties go under style, as in style = { normal = { \(p) = ... } }"
    }

    /// Makes a button or sort button from the options table `t` (plus
    /// `extraKeys` the caller reads itself, like a radio option's `value`).
    static func make(_ L: OpaquePointer, _ t: LuaTable, sort: Bool, extraKeys: [String] = []) throws -> Button {
        let ctx = LuaContext.of(L)
        try t.onlyKeys(optionNames(sort: sort) + extraKeys, elsewhere: styleHint,
                       belongsElsewhere: { StyleProperty(rawValue: $0) != nil })
        let id = try t.read("id", Read.name)
        let b: Button
        if sort {
            guard let key = try t.read("key", Read.exactString) else { throw BridgeError.value("a sort button needs a string 'key'") }
            b = SortButton(key: key, id: id ?? ctx.nextID("sortButton"))
        } else {
            b = Button(id: id ?? ctx.nextID("button"))
        }
        var settings: [ButtonSetting] = []
        if let styles = try t.read("style", Read.styles) { settings.append(.styles(styles)) }
        for f in sort ? sortFields : plainFields {
            guard let read = f.setting, let s = try t.read(f.name, read) else { continue }
            settings.append(s)
        }
        do { try Host.firing(L) { try b.apply(settings) } } catch let e as ButtonKitError { throw BridgeError.model(e) }
        return b
    }
}

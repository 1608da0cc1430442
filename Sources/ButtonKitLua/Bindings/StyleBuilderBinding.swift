import ButtonKit
import CLuaShim

/// The `s` of `b:setUpStyle(state, function(s) s:title("x"):titleColor("red") end)`:
/// one method per style property, each returning `s` so calls chain.
enum StyleBuilderBinding {
    static let binding = ObjectBinding<StyleBuilder>(
        kind: .styleBuilder,
        fields: [FieldSpec("style", get: { L, b in Push.style(L, b.style) })],
        methods: StyleProperty.allCases.enumerated().map { i, p in
            MethodSpec(p.rawValue, tag: i) { L in Host.run(L, StyleBuilderBinding.setProperty) }
        },
        summary: { _ in "<style builder>" })


    /// Shared by all eleven methods; upvalue 2 says which property.
    static func setProperty(_ L: OpaquePointer) throws -> Int32 {
        let i = Int(lua_tointegerx(L, bk_upvalueindex(2), nil))
        let all = StyleProperty.allCases
        guard i >= 0, i < all.count else { throw BridgeError("style builder method out of range") }
        let p = all[i]
        let b: StyleBuilder = try Binding.object(L, 1, [.styleBuilder], p.rawValue)
        let a = Args(L, p.rawValue, method: true)
        let v = try a.conv(1) { L, idx throws(BridgeError) in try Read.styleValue(L, idx, for: p) }
        // Validate now so the error points at this call in the chain.
        var probe = Style()
        try a.wrap(1) { () throws(ButtonKitError) in try probe.set(p, v) }
        b.set(p, v)
        lua_settop(L, 1)
        return 1
    }
}

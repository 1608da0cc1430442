import ButtonKit
import CLuaShim

/// The `s` of `b:setUpStyle(state, function(s) s:title("x"):titleColor("red") end)`:
/// one method per style property, each returning `s` so calls chain.
enum StyleBuilderBinding {
    static func install(_ L: OpaquePointer, _ ctx: LuaContext) {
        let methods: [Binding.Method] = StyleProperty.allCases.enumerated().map { i, p in
            (p.rawValue, { L in Host.run(L, StyleBuilderBinding.setProperty) }, i)
        }
        Binding.makeMetatable(L, ctx, kind: .styleBuilder, methods: methods, fields: ["style"],
                              getter: { L, obj, f in Host.field(L, obj) { L, obj in
                                  let b = Unmanaged<StyleBuilder>.fromOpaque(obj).takeUnretainedValue()
                                  guard f == 0 else {
                                      throw Binding.unknownField(L, kind: "style builder", fields: ["style"], methods: StyleProperty.allCases.map(\.rawValue))
                                  }
                                  Convert.pushStyle(L, b.style)
                                  return 1
                              } },
                              setter: { L, _, _ in Host.run(L) { L in throw Binding.readOnly(L, kind: "style builder") } },
                              tostring: { L in Host.run(L) { L in Value.pushString(L, "<style builder>"); return 1 } })
    }

    /// Shared by all eleven methods; upvalue 2 says which property.
    static func setProperty(_ L: OpaquePointer) throws -> Int32 {
        let i = Int(lua_tointegerx(L, bk_upvalueindex(2), nil))
        let p = StyleProperty.allCases[i]
        let b = try Binding.object(L, 1, [.styleBuilder], p.rawValue, as: StyleBuilder.self)
        let a = Args(L, p.rawValue, method: true)
        let v = try a.conv(1) { L, idx throws(ConvertError) in try Convert.styleValue(L, idx, for: p) }
        // Validate now so the error points at this call in the chain.
        var probe = Style()
        try a.wrap(1) { () throws(ButtonKitError) in try probe.set(p, v) }
        b.set(p, v)
        lua_settop(L, 1)
        return 1
    }
}

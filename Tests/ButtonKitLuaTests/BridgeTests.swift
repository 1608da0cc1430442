import Testing
@testable import ButtonKitLua

@Suite("Bridge basics")
struct BridgeBasics {
    @Test func uiIsGlobal() throws {
        let ctx = try LuaContext()
        #expect(try ctx.evaluate("type(ui)") == ["table"])
    }
}

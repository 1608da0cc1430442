/// `ui.load(folder, { exclude = ... })`: Lua patterns on each path, matched
/// by Lua's own `string.find` (a pattern means what it means in Lua);
/// checked once up front so a malformed one is an error, not a silent skip.
final class ExcludeMatcher: @unchecked Sendable {
    private let patterns: [String]
    private let lua: LuaPattern

    init(_ patterns: [String]) throws {
        self.patterns = patterns
        lua = try LuaPattern()
        for p in patterns {
            do { _ = try lua.find(p, in: "") } catch { throw BridgeError.value("exclude: \(error.message)") }
        }
    }

    func excludes(_ path: String) -> Bool {
        patterns.contains { (try? lua.find($0, in: path)) == true }
    }
}

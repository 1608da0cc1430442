import ButtonKit
import ButtonKitLua
import CLuaShim

/// busted's `.busted` file: tasks of options keyed by long option names.
/// `_all` applies to every task; `default` is used unless another is named.
public enum BustedConfig {
    /// Option values by name (lists keep their order); nil when no file.
    /// `sandboxed`: the file runs confined (a run under `--sandbox`).
    public static func load(path: String = ".busted", task: String?, sandboxed: Bool = false) throws(LuaError) -> [String: [String]]? {
        guard Files.exists(path) else { return nil }
        // The config is the user's own file, read like a script.
        var options = LuaContext.Options()
        options.sandbox = sandboxed
        options.timeout = 5
        let ctx = try LuaContext(options: options)
        let L = ctx.L
        // As under busted, the file runs where specs run: `require "busted"`,
        // "luassert" and "say" answer (a .busted may register assertions or
        // define helpers; busted runs it in the state its specs share, and
        // each spec file's state runs it again here, see SpecRunner).
        var framework = TestOptions()
        framework.sandbox = sandboxed
        try TestFramework.install(in: ctx, options: framework)
        try ctx.load(embedded: EmbeddedLua.modules["config"]!)
        Value.pushString(L, path)
        if let task { Value.pushString(L, task) } else { lua_pushnil(L) }
        try ctx.call(nargs: 2, nresults: 1, timeout: 5)
        let text = Value.string(L, -1) ?? ""
        bk_pop(L, 1)
        var out: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let key = String(line[..<tab]), value = String(line[line.index(after: tab)...])
            if value == "\0reset" { out[key] = [] } else { out[key, default: []].append(value) }
        }
        return out
    }
}

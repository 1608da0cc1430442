import ButtonKitLua
import CLuaShim

/// A family of embedded Lua modules run in a state of their own (coverage's
/// settings and reports, busted's output handlers): the family's `host`
/// chunk is the entry point, and the family's other chunks are handed to it
/// as a table of loaders, since such a state has no `import` of its own.
enum EmbeddedFamily {
    /// Pushes `<family>.host` (loaded, not run), then a table of the
    /// family's other chunks keyed by their names (`shortNames`: without
    /// `<family>.`). `what` names the family when it is missing from the build.
    static func push(_ ctx: LuaContext, _ family: String, shortNames: Bool, what: String) throws(LuaError) {
        let prefix = family + ".", hostName = prefix + "host"
        guard let host = EmbeddedLua.modules[hostName] else {
            throw LuaError(kind: .runtime, message: "\(what) is missing from this build")
        }
        try ctx.load(embedded: host)
        let L = ctx.L
        Value.newTable(L, fields: 12)
        for (name, chunk) in EmbeddedLua.modules where name.hasPrefix(prefix) && name != hostName {
            Value.pushString(L, shortNames ? String(name.dropFirst(prefix.count)) : name)
            try ctx.load(embedded: chunk)
            Value.rawSet(L)
        }
    }
}

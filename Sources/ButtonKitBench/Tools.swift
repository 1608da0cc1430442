/// The programs a comparison runs: our release binary, stock Lua, busted,
/// and the folder of Lua fixtures (`scripts/bench-lua`).
struct Tools {
    var buttonkit = ""
    var lua = "lua5.4"
    var busted = "busted"
    var fixtures = "scripts/bench-lua"
    /// A luacov checkout (its src/ on LUA_PATH) for luacov's own cost beside
    /// coverage's; empty when none was given (the bench never fetches it).
    var luacov = ""

    /// Reads `--buttonkit PATH --lua PATH --busted PATH --fixtures DIR [--luacov DIR]`.
    init(_ args: ArraySlice<String>) throws(UsageError) {
        var i = args.startIndex
        while i < args.endIndex {
            let name = args[i]
            guard i + 1 < args.endIndex else { throw UsageError("\(name) needs a value") }
            let value = args[i + 1]
            switch name {
            case "--buttonkit": buttonkit = value
            case "--lua": lua = value
            case "--busted": busted = value
            case "--fixtures": fixtures = value
            case "--luacov": luacov = value
            default: throw UsageError("unknown option \(name)")
            }
            i += 2
        }
        if buttonkit.isEmpty { throw UsageError("--buttonkit PATH is required") }
    }

    func fixture(_ name: String) -> String { fixtures + "/" + name }
}

/// A bad command line for the bench tool (only scripts/bench calls it).
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

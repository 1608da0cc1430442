import ButtonKit

/// All argument parsing lives here: a tiny parser for `--flag`, `--opt V`,
/// `--opt=V` and positionals, so each command declares its options in one
/// table and errors read the same everywhere.
struct Arguments {
    /// One option a command accepts.
    struct Option {
        let long: String
        let short: String?
        let takesValue: Bool
        let help: String
        init(_ long: String, short: String? = nil, value: Bool = false, help: String) {
            self.long = long; self.short = short; self.takesValue = value; self.help = help
        }
    }

    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    /// Parses `args` against `options`. Parsing stops at the first positional
    /// when `stopAtPositional` is set (so script arguments pass through
    /// untouched, as with lua.c), and always after `--`.
    init(_ args: [String], options: [Option], command: String, stopAtPositional: Bool = false) throws(UsageError) {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { positionals += args[(i + 1)...]; break }
            if a.hasPrefix("-") && a != "-" {
                var name = a
                var inline: String?
                if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                    name = String(a[..<eq]); inline = String(a[a.index(after: eq)...])
                }
                guard let opt = options.first(where: { "--" + $0.long == name || ($0.short.map { "-" + $0 } == name) }) else {
                    var msg = "unknown option '\(name)'"
                    // Compare names without their dashes, so "--" does not make every option look close.
                    if let s = Suggest.closest(to: String(name.drop { $0 == "-" }), in: options.map(\.long)) {
                        msg += "; did you mean '--\(s)'?"
                    }
                    throw UsageError(msg, command: command)
                }
                if opt.takesValue {
                    let v: String
                    if let inline { v = inline } else {
                        guard i + 1 < args.count else { throw UsageError("option '\(name)' needs a value", command: command) }
                        i += 1
                        v = args[i]
                    }
                    values[opt.long, default: []].append(v)
                } else {
                    if inline != nil { throw UsageError("option '\(name)' takes no value", command: command) }
                    flags.insert(opt.long)
                }
            } else {
                positionals.append(a)
                if stopAtPositional { positionals += args[(i + 1)...]; break }
            }
            i += 1
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// A number option with bounds, or a usage error naming it.
    func number(_ name: String, default d: Double, min lo: Double, command: String) throws(UsageError) -> Double {
        guard let s = value(name) else { return d }
        guard let v = Double(s), v.isFinite, v >= lo else {
            throw UsageError("--\(name) expects a number of at least \(Int(lo)), got '\(s)'", command: command)
        }
        return v
    }
}

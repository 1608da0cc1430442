import ButtonKit

/// One option a command accepts. The same table parses the command line,
/// renders `buttonkit help COMMAND`, feeds shell completion and says which
/// `.busted` keys exist, so none of them can drift from the others.
struct Option {
    /// Long name without dashes ("pattern"); nil for short-only options ("-e").
    let long: String?
    /// Short name without the dash: "p", or busted's multi-letter "Xoutput".
    let short: String?
    /// What the value is called in help ("PATTERN"); nil for a flag.
    let value: String?
    /// `--no-NAME` turns the flag off (busted's `--[no-]verbose`).
    var negatable = false
    let help: String
    /// Section in help.
    var group = ""
    /// Not shown in help (internal options).
    var hidden = false
    /// The words the value may be, for completion, when the value's name
    /// alone does not say (`audit --format` and `test --output` are both
    /// FORMAT, with different words).
    var choices: [String]?

    init(_ long: String?, short: String? = nil, value: String? = nil, negatable: Bool = false,
         group: String = "", hidden: Bool = false, choices: [String]? = nil, help: String) {
        self.long = long; self.short = short; self.value = value; self.negatable = negatable
        self.group = group; self.hidden = hidden; self.choices = choices; self.help = help
    }

    /// The name values are stored under.
    var key: String { long ?? short ?? "" }

    /// Every way the option is written on a command line: `--verbose`,
    /// `--no-verbose`, `-v`, `-Xoutput`. Did-you-mean and shell completion
    /// offer exactly these.
    var spellings: [String] {
        var out: [String] = []
        if let l = long {
            out.append("--" + l)
            if negatable { out.append("--no-" + l) }
        }
        if let s = short { out.append("-" + s) }
        return out
    }

    /// `text` as this option's number of at least `lo`, or the usage error
    /// that names the option ("--timeout expects a number of at least 0").
    static func number(_ text: String, option: Option, min lo: Double, command: String) throws(UsageError) -> Double {
        guard let v = Double(text), v.isFinite, v >= lo else {
            throw UsageError("--\(option.key) expects a number of at least \(Format.number(lo)), got '\(text)'", command: command)
        }
        return v
    }

    /// `-p, --pattern=PATTERN` as help shows it.
    var synopsis: String {
        var parts: [String] = []
        if let s = short { parts.append("-" + s + (long == nil && value != nil ? " " + value! : "")) }
        if let l = long { parts.append("--" + (negatable ? "[no-]" : "") + l + (value.map { "=" + $0 } ?? "")) }
        return parts.joined(separator: ", ")
    }
}

/// All argument parsing lives here: a small parser for the forms busted's
/// command line takes — `-p X`, `-p=X`, `--pattern X`, `--pattern=X`,
/// `--[no-]flag`, multi-letter short options like `-Xoutput`, `--` ending
/// options — so each command declares its options in one table and errors
/// read the same everywhere.
struct Arguments {
    /// Values by option key, in command-line order.
    var values: [String: [String]] = [:]
    /// Flags by key: true when given, false when negated (`--no-x`).
    var flags: [String: Bool] = [:]
    var positionals: [String] = []

    /// Parses `args` against `options`. Parsing stops at the first positional
    /// when `stopAtPositional` is set (script arguments pass through
    /// untouched, as with lua.c), and always after `--`.
    init(_ args: [String], options: [Option], command: String, stopAtPositional: Bool = false) throws(UsageError) {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { positionals += args[(i + 1)...]; break }
            guard a.hasPrefix("-"), a != "-" else {
                positionals.append(a)
                if stopAtPositional { positionals += args[(i + 1)...]; break }
                i += 1
                continue
            }
            var name = String(a.drop { $0 == "-" })
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            var negated = false
            var opt = options.first { $0.long == name || $0.short == name }
            if opt == nil, name.hasPrefix("no-"), let o = options.first(where: { $0.long == String(name.dropFirst(3)) }) {
                guard o.negatable else { throw UsageError("option '--\(o.long ?? name)' cannot be negated with --no-", command: command) }
                opt = o
                negated = true
            }
            guard let opt else {
                var msg = "unknown option '\(a.split(separator: "=").first.map(String.init) ?? a)'"
                // Compared without dashes, shown as written: `-Xoutput` has
                // one dash though it is long, `--no-verbose` is an option too.
                let spellings = options.filter { !$0.hidden }.flatMap(\.spellings)
                let bare = spellings.map { String($0.drop { $0 == "-" }) }
                if let s = Suggest.closest(to: name, in: bare), let i = bare.firstIndex(of: s) {
                    msg += "; did you mean '\(spellings[i])'?"
                }
                throw UsageError(msg, command: command)
            }
            if opt.value != nil && !negated {
                let v: String
                if let inline { v = inline } else {
                    guard i + 1 < args.count else { throw UsageError("option '\(a)' needs a value (\(opt.value!))", command: command) }
                    i += 1
                    v = args[i]
                }
                values[opt.key, default: []].append(v)
            } else {
                if inline != nil { throw UsageError("option '\(a.split(separator: "=").first ?? "")' takes no value", command: command) }
                flags[opt.key] = !negated
            }
            i += 1
        }
    }

    // Lookups take the option's declaration, never its name: a misspelt
    // option does not compile, where a misspelt string read as "not given".

    /// Whether a flag was given (and not negated).
    func flag(_ option: Option) -> Bool { flags[option.key] == true }
    /// The flag's setting when given either way; nil when not given.
    func setting(_ option: Option) -> Bool? { flags[option.key] }
    func value(_ option: Option) -> String? { values[option.key]?.last }
    func all(_ option: Option) -> [String] { values[option.key] ?? [] }

    /// A number option with bounds, or a usage error naming it.
    func number(_ option: Option, default d: Double, min lo: Double, command: String) throws(UsageError) -> Double {
        guard let s = value(option) else { return d }
        return try Option.number(s, option: option, min: lo, command: command)
    }
}

/// Help text rendered from an option table: usage, what the command does,
/// then the options by group with aligned, wrapped descriptions.
enum HelpText {
    static func render(usage: String, intro: String, options: [Option]) -> String {
        var out = usage + "\n\n" + intro + "\n"
        var groups: [String] = []
        for o in options where !o.hidden && !groups.contains(o.group) { groups.append(o.group) }
        let width = min(30, (options.filter { !$0.hidden }.map(\.synopsis.count).max() ?? 10) + 4)
        for g in groups {
            out += "\n" + (g.isEmpty ? "Options" : g) + ":\n"
            for o in options where !o.hidden && o.group == g {
                let lines = wrap(o.help, width: 78 - width)
                var first = "  " + o.synopsis
                if first.count + 2 > width { out += first + "\n"; first = "" }
                out += first.padding(width) + (lines.first ?? "") + "\n"
                for l in lines.dropFirst() { out += String(repeating: " ", count: width) + l + "\n" }
            }
        }
        return out
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

extension String {
    func padding(_ n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}

import ButtonKit

/// `buttonkit test`'s options as the plan reads them: the command line over
/// `.busted` over defaults, by option (lists are replaced, not merged), as
/// busted's configuration loader puts its command line over the task.
struct TestSettings {
    let arguments: Arguments
    let config: BustedConfigFile

    /// The option's values: the command line's, else the config file's.
    func values(_ option: Option) -> [String] {
        let fromFlags = arguments.all(option)
        return fromFlags.isEmpty ? (config.values[option.key] ?? []) : fromFlags
    }

    func value(_ option: Option) -> String? { values(option).last }

    /// A flag's setting: the command line's either way, else the config
    /// file's (`true`), else nil.
    func flag(_ option: Option) -> Bool? {
        if let s = arguments.setting(option) { return s }
        guard let v = config.values[option.key]?.last else { return nil }
        return v == "true"
    }

    /// A number of at least `lo`, or nil when not given.
    func number(_ option: Option, min lo: Double) throws(UsageError) -> Double? {
        guard let s = value(option) else { return nil }
        return try Option.number(s, option: option, min: lo, command: "test")
    }

    /// Values split at commas, spaces trimmed, empty ones dropped.
    func commaList(_ option: Option) -> [String] { TestSettings.commaList(values(option)) }

    static func commaList(_ v: [String]) -> [String] {
        v.flatMap { $0.split(separator: ",").map { String($0.trimmingSpaces()) } }.filter { !$0.isEmpty }
    }
}

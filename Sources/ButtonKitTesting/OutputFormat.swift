/// An output format, by the names `-o` takes: ButtonKit's own and busted's.
public enum OutputFormat: Equatable, Sendable {
    /// ButtonKit's terminal output: test names as they finish, colours.
    case utf
    /// ButtonKit's log output: a line per file, failures in full.
    case plain
    /// TAP version 13 with YAML diagnostics (`TAP` and `tap`).
    case tap
    case json
    case junit
    /// A self-contained HTML page (as an extra report file).
    case html
    /// busted's own looks, by busted's names.
    case utfTerminal, plainTerminal, gtest
    /// A busted output handler: a module name or a path to a .lua file.
    case handler(String)

    /// The format `-o NAME` means; any other name is a handler to load.
    public init(name: String) {
        switch name {
        case "utf": self = .utf
        case "plain": self = .plain
        case "TAP", "tap": self = .tap
        case "json": self = .json
        case "junit": self = .junit
        case "html": self = .html
        case "utfTerminal": self = .utfTerminal
        case "plainTerminal": self = .plainTerminal
        case "gtest": self = .gtest
        default: self = .handler(name)
        }
    }

    /// Every built-in name, for help and completion.
    public static let names = ["utf", "plain", "TAP", "tap", "json", "junit", "gtest", "utfTerminal", "plainTerminal", "html"]

    /// busted's own terminal looks: what a test printed is shown by the
    /// reporter, in its place among the progress marks, as busted shows it.
    public var isBustedLook: Bool {
        switch self {
        case .utfTerminal, .plainTerminal, .gtest: return true
        default: return false
        }
    }

    /// Output other programs parse: nothing else may write to standard output.
    public var isMachineReadable: Bool {
        switch self {
        case .tap, .json, .junit, .html: return true
        default: return false
        }
    }
}

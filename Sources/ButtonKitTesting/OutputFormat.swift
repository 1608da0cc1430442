/// An output format, by the names `-o` takes: ButtonKit's own and busted's.
public enum OutputFormat: Equatable, Sendable {
    /// ButtonKit's terminal output: test names as they finish, colours.
    case utf
    /// ButtonKit's log output: a line per file, failures in full.
    case plain
    /// busted's TAP (`TAP`, also `tap`).
    case tap
    /// ButtonKit's TAP version 13 with YAML diagnostics.
    case tap13
    /// busted's JSON document (`--json FILE` writes ButtonKit's, with extras).
    case json
    /// busted's JUnit XML (`--junit FILE` writes ButtonKit's layout).
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
        case "tap13": self = .tap13
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
    public static let names = ["utfTerminal", "plainTerminal", "gtest", "TAP", "tap", "json", "junit", "utf", "plain", "tap13", "html"]

    /// busted's own terminal looks: what a test printed is shown by the
    /// reporter, in its place among the progress marks, as busted shows it.
    public var isBustedLook: Bool {
        switch self {
        case .utfTerminal, .plainTerminal, .gtest: return true
        default: return false
        }
    }

    /// The outputs that show what a test printed in its place, as busted
    /// does: its looks, its TAP (lines TAP readers skip), output handlers.
    /// The runner shows it, not the worker, so the place is the same
    /// through a pipe, with --jobs too.
    public var showsPrintsInPlace: Bool {
        switch self {
        case .utfTerminal, .plainTerminal, .gtest, .tap, .handler: return true
        default: return false
        }
    }

    /// busted's outputs (its looks, TAP, json, junit, handlers), as opposed
    /// to ButtonKit's own (utf, plain, tap13, html).
    public var isBusted: Bool {
        switch self {
        case .utf, .plain, .tap13, .html: return false
        default: return true
        }
    }

    /// A busted output handler (a module or a .lua file).
    public var isHandler: Bool {
        if case .handler = self { return true }
        return false
    }

    /// Output other programs parse: nothing else may write to standard output.
    public var isMachineReadable: Bool {
        switch self {
        case .tap13, .json, .junit, .html: return true
        default: return false
        }
    }
}

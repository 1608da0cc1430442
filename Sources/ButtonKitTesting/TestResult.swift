/// The outcome of one test (or of a block or hook that failed outside a test).
public struct TestResult: Sendable {
    /// How a test ended; `listed` is used by `--list`, which runs nothing.
    public enum Status: String, Sendable {
        case passed, failed, error, pending, listed
    }

    /// Where an error came from when it is not a test's: busted counts those
    /// without a test event, and its terminal looks print them differently.
    public enum Origin: String, Sendable {
        /// A test (whatever its status).
        case test
        /// A describe block or a whole spec file (failed to load, say).
        case block
        /// A hook: before_each, after_each, setup, teardown, lazy_*.
        case hook
    }

    public var file: String
    public var name: String
    public var status: Status
    public var origin: Origin = .test
    public var line: Int
    public var message: String?
    public var traceback: String?
    /// Seconds.
    public var duration: Double
    /// What the test printed.
    public var output: String
    /// For a failed appearance or snapshot assertion: both pictures and the
    /// properties that differ, for the HTML report.
    public var picture: Picture?
    /// The file that defined the test or raised the error, when it is not
    /// the spec file (a test in a required helper, a module that failed to
    /// load): busted's looks show it, as busted does.
    public var definedIn: String?
    /// busted's formatted entry for this result, as JSON (`name`, `message`,
    /// `trace`, `element`, `isError`, `randomseed`, as busted's base output
    /// handler keeps them), with the element's `id` and its `parent`'s in
    /// the file: sent only when an output needs it (`-o json`, `--json`, an
    /// output handler), nil otherwise and for results the runner made.
    public var detail: String?

    /// Expected vs actual, as SVG documents.
    public struct Picture: Sendable {
        public var expected: String
        public var actual: String
        public var differences: [String]
        public var caption: String
        /// Both pictures as complete SVG documents.
        public init(expected: String, actual: String, differences: [String], caption: String) {
            self.expected = expected; self.actual = actual; self.differences = differences; self.caption = caption
        }
    }

    /// A result; the framework fills `file` when it hands results on.
    public init(file: String, name: String, status: Status, line: Int, message: String? = nil,
                traceback: String? = nil, duration: Double = 0, output: String = "") {
        self.file = file; self.name = name; self.status = status; self.line = line
        self.message = message; self.traceback = traceback; self.duration = duration; self.output = output
    }

    /// A whole spec file's error (it did not load, its worker died): counted
    /// as busted counts a file error, outside any test.
    public static func fileError(_ file: String, _ message: String) -> TestResult {
        var r = TestResult(file: file, name: file, status: .error, line: 0, message: message)
        r.origin = .block
        return r
    }

    /// An error of the run itself, outside any file (busted's: a path that
    /// does not exist, no spec file found): no file, no name, no place.
    public static func runError(_ message: String) -> TestResult {
        var r = TestResult(file: "", name: "", status: .error, line: 0, message: message)
        r.origin = .block
        return r
    }

    /// An error of the run, not of a file (see `runError`).
    var isRunError: Bool { origin == .block && file.isEmpty }

    /// An error of a whole spec file: it did not compile, or its top level raised.
    public var isFileError: Bool { origin == .block && name == file }

    /// Whether the error has a place to show (a file that does not compile has none).
    var hasTrace: Bool { !(traceback ?? "").isEmpty }

    /// The name busted's looks give it: a file's error is named after its
    /// parent, the suite (`suite spec/x_spec.lua`), when it has a place.
    var bustedName: String { isFileError && hasTrace ? "suite " + name : name }

    /// The file busted's looks show (see `definedIn`).
    var bustedFile: String { definedIn ?? file }

    /// The line busted's looks show: none for a file that did not compile.
    var bustedLine: Int { isFileError && !hasTrace ? 0 : line }

    /// Errors count as failures in the summary line.
    public var isFailure: Bool { status == .failed || status == .error }

    /// `file:line`.
    public var location: String { "\(file):\(line)" }
}

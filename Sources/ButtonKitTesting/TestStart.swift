/// A test's start, as a worker reports it to reporters that show starts
/// (gtest's look, output handlers).
public struct TestStart: Sendable {
    /// The spec file running it.
    public var file: String
    public var name: String
    public var line: Int
    /// The file that defined the test, when it is not the spec (a helper
    /// the spec requires): busted's looks name it.
    public var definedIn: String?
    /// The element as JSON (`id`, `parent`, `element`), in rich runs only:
    /// output handlers rebuild busted's element from it.
    public var detail: String?

    public init(file: String, name: String, line: Int, definedIn: String? = nil, detail: String? = nil) {
        self.file = file; self.name = name; self.line = line; self.definedIn = definedIn; self.detail = detail
    }

    /// The file busted's looks show.
    public var shownFile: String { definedIn ?? file }
}

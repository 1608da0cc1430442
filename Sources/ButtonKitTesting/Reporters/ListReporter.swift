/// `--list` in busted's outputs, as busted lists: one line per test,
/// `file:line: full name` (the name alone for a test registered in a
/// file's main chunk, which has no line busted shows), and nothing else —
/// busted's list mode keeps every other event from its output handler.
public final class ListReporter: Reporter {
    let out: TextOutput

    public init(out: TextOutput) { self.out = out }

    public func testFinished(_ r: TestResult) {
        guard r.status == .listed else { return }
        out.write(r.line == 0 ? r.name + "\n" : "\(r.bustedFile):\(r.line): \(r.name)\n")
    }
}

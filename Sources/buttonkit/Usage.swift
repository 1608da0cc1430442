/// A command-line mistake: printed as one line with a hint, exit code 2.
struct UsageError: Error {
    let message: String
    let command: String?
    init(_ message: String, command: String? = nil) { self.message = message; self.command = command }
}

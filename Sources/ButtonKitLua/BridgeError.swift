/// An error raised by a binding: a bad argument or a refused operation. Its
/// message is already in Lua's style (`bad argument #2 to 'style' (...)`);
/// the trampoline prefixes the caller's `file:line:`.
struct BridgeError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

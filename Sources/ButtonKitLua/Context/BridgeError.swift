import ButtonKit

/// An error raised by a host function: a bad argument, a bad field value, a
/// refused operation. It carries where it happened and the cause separately
/// (after mlua's `BadArgument`), so a reader can say what was wrong and a
/// caller can add the position: `bad argument #2 to 'style' (table expected,
/// got nil)`. The trampoline prefixes the caller's `file:line:`.
package struct BridgeError: Error {
    /// Where the bad value came from.
    package enum Site {
        /// Nowhere yet: a reader's complaint, placed by its caller.
        case none
        /// Argument `position` of `function` (self is not counted for methods).
        case argument(function: String, position: Int32)
        /// The value assigned to `field` of a `kind`.
        case field(name: String, kind: String)
        /// A whole message, already in its final form.
        case message
    }

    package let site: Site
    /// What was wrong with the value, e.g. "table expected, got nil".
    package let cause: String

    package init(_ cause: String, site: Site = .message) {
        self.cause = cause; self.site = site
    }

    /// A reader's complaint, to be placed by its caller.
    package static func value(_ cause: String) -> BridgeError { BridgeError(cause, site: .none) }

    /// A model error as a reader's complaint.
    package static func model(_ e: ButtonKitError) -> BridgeError { .value(e.message) }

    /// This error placed at an argument (a reader's complaint gets its site;
    /// an error that already has one keeps it).
    package func at(argument n: Int32, of function: String) -> BridgeError {
        guard case .none = site else { return self }
        return BridgeError(cause, site: .argument(function: function, position: n))
    }

    /// This error placed at a field assignment.
    package func at(field name: String, of kind: String) -> BridgeError {
        guard case .none = site else { return self }
        return BridgeError(cause, site: .field(name: name, kind: kind))
    }

    /// A reader's complaint about one part of a value: "frame: 'x' must be a number".
    package func within(_ part: String) -> BridgeError {
        guard case .none = site else { return self }
        return .value("\(part): \(cause)")
    }

    /// The message Lua sees.
    package var message: String {
        switch site {
        case .none, .message: return cause
        case let .argument(function, position): return "bad argument #\(position) to '\(function)' (\(cause))"
        case let .field(name, kind): return "bad value for field '\(name)' of \(kind) (\(cause))"
        }
    }
}

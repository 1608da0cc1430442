#if canImport(Glibc)
import Glibc
#endif

/// Failing with a message on standard error (which ButtonKit shows when the
/// reader stops early), without Foundation.
enum FileHandleless {
    static func fail(_ message: String) -> Never {
        let text = Array("buttonkit-swift-reader: \(message)\n".utf8)
        _ = text.withUnsafeBytes { write(2, $0.baseAddress, text.count) }
        exit(2)
    }
}

/// RLIMIT_AS as Glibc's Swift overlay spells it (an enum case in C).
let RLIMIT_AS_ = __rlimit_resource_t(RLIMIT_AS.rawValue)

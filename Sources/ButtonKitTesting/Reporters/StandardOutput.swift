import CLuaRunner
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The runner's standard output: every reporter's text goes out through
/// here, the one writer of the runner's descriptor 1.
///
/// On a terminal each write goes out at once (progress characters appear
/// as tests end). Elsewhere (a pipe, a file: CI) the bytes are held and
/// written in batches, as C's stdio would: a progress character per test
/// as its own system call was a quarter of a 2,000-test run. Batches go out
/// before the runner waits for its workers (so a log shows every test that
/// has ended while the next one runs), before it starts one, before
/// anything goes to standard error or to a Lua output handler, and at the
/// end of a run (`flush`).
///
/// Order with what Lua prints through C's stdout in this process (an output
/// handler's `io.write`) is kept: bytes C holds were printed after the ones
/// held here, so they are written out before anything new is added.
package enum StandardOutput {
    /// Whether writes are held (standard output is not a terminal).
    static let batches: Bool = isatty(1) == 0

    private static let held = Mutex<[UInt8]>([])

    /// Writes `bytes` now on a terminal, else adds them to the batch.
    package static func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        guard batches else {
            // Lua's print goes through C's buffered stdout: flush it first
            // so what specs printed stays in order with what reporters print.
            fflush(nil)
            writeAll(bytes)
            return
        }
        held.withLock { buffer in
            if bk_stdout_pending() > 0 {
                writeAll(buffer)
                buffer.removeAll(keepingCapacity: true)
                fflush(nil)
            }
            buffer += bytes
            if buffer.count >= 1 << 16 {
                writeAll(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Writes out what is held, then whatever C's stdout holds (which came
    /// after it).
    package static func flush() {
        guard batches else { return }
        held.withLock { buffer in
            if !buffer.isEmpty {
                writeAll(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        fflush(nil)
    }

    /// Writes all of `bytes` to `fd` (standard output unless said),
    /// retrying short writes; gives up on an error (a closed pipe), as a
    /// reporter's output would. The command line's own writes use it too.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32 = 1) {
        var off = 0
        bytes.withUnsafeBytes { raw in
            while off < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + off, raw.count - off)
                if n < 0 { if errno == EINTR { continue }; return }
                if n == 0 { return }
                off += n
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import ButtonKitLua
import CLuaShim

/// The child side of a test run: runs the spec files its runner sends
/// ("RUN\t<file>" lines), one at a time, each in a fresh Lua state, and
/// writes their results to the channel as records.
///
/// The worker may die (code that cannot be interrupted, a crash in a C
/// module, the kernel's OOM killer): its runner reports that against the
/// test it was running and goes on with a new worker.
enum Worker {
    /// What the runner wants the worker to send.
    struct Settings {
        var options: TestOptions
        /// Flush after every test (a terminal shows tests as they finish).
        var streaming = false
        /// Send a record when each test starts (reporters that show starts).
        var starts = false
    }

    static func serve(commands: Int32, results: Int32, settings: Settings) -> Never {
        bk_channel_open(results)
        bk_channel_catch_crashes()
        // A spec (or a C module) that calls exit() ends the worker mid-file:
        // say so on the way out (the worker's own end uses _exit).
        atexit { bk_channel_last_words("the process was ended by exit() (os.exit or a C module)") }
        var options = settings.options
        options.inWorker = true
        options.reportStarts = settings.starts
        var reader = LineReader(fd: commands)
        func send(_ r: Record) {
            var line = r.line
            line.withUTF8 { buf in buf.withMemoryRebound(to: CChar.self) { _ = bk_channel_append($0.baseAddress, $0.count) } }
        }
        while let line = reader.next() {
            guard line.hasPrefix("RUN\t") else { break }
            let fields = line.dropFirst(4).split(separator: "\t", omittingEmptySubsequences: false)
            let file = Record.unescape(fields[0])
            var fileOptions = options
            fileOptions.skip = fields.count > 1 ? Record.unlist(fields[1]) : []
            SpecRunner.run(file: file, options: fileOptions, onNote: { send(.note($0)) }, onStart: { name, line in
                send(.started(name: name, line: line))
                if settings.streaming { _ = bk_channel_flush() }
            }) { r in
                send(.result(r))
                if settings.streaming { _ = bk_channel_flush() }
            }
            send(.fileDone)
            _ = bk_channel_flush()
        }
        _ = bk_channel_flush()
        _exit(0)
    }
}

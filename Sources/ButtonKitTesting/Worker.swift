#if canImport(Glibc)
import Glibc
#endif
import ButtonKitLua
import CLuaRunner
import CLuaShim

/// The child side of a test run: one process per spec file, forked from the
/// runner's template state, writing the file's results to its channel as
/// records, then "F" (the file is done).
///
/// The child may die (code that cannot be interrupted, a crash in a C
/// module, the kernel's OOM killer): its runner reports that against the
/// test it was running and goes on with a new child for the rest of the file.
enum Worker {
    /// What the runner wants the worker to send.
    struct Settings {
        var options: TestOptions
        /// Flush after every test (a terminal shows tests as they finish).
        var streaming = false
        /// Send a record when each test starts (reporters that show starts).
        var starts = false

        /// The options a worker runs files with.
        var workerOptions: TestOptions {
            var o = options
            o.inWorker = true
            o.reportStarts = starts
            o.streamResults = streaming
            return o
        }
    }

    /// Runs `file` (skipping the tests in `skip`) and ends the process.
    /// `rest`: the files the runner would start next, in order (with one
    /// job). When `file` exposes what its state holds (busted's `expose`
    /// directly in the file), the worker runs them too, in the same state,
    /// each insulated as busted insulates files, and tells the runner as it
    /// moves on (a `.next` record), so what the expose carried reaches them.
    static func run(file: String, skip: [String], rest: [String] = [], results: Int32, region: OpaquePointer?,
                    template: SpecRunner.Template?, confined: ConfinedRun, settings: Settings) -> Never {
        bk_channel_open_shared(results, region)
        bk_channel_catch_crashes()
        // A spec (or a C module) that calls exit() ends the child mid-file:
        // say so on the way out (the child's own end uses _exit).
        atexit { bk_channel_last_words("the process was ended by exit() (os.exit or a C module)") }
        var options = settings.workerOptions
        options.skip = skip
        // The kernel's floor under the per-file ceiling: the worker runs
        // only the spec's code, so the whole process may be held to it.
        MemoryFloor.apply(megabytes: options.maxMemoryMB)
        // The runner watches the worker between tests too (the framework's
        // code, a finalizer Lua runs there), as long as a test may take.
        bk_channel_set_gap(options.timeout)
        // Echoed prints share standard output with the runner's own lines:
        // line by line, so neither can cut through a line of the other.
        if options.echoOutput && !options.echoToStandardError { bk_stdout_line_buffered() }
        var writer = RecordWriter()
        func send(_ r: Record) {
            writer.clear()
            writer.write(r)
            writer.bytes.withUnsafeBufferPointer { buf in
                buf.withMemoryRebound(to: CChar.self) { _ = bk_channel_append($0.baseAddress, $0.count) }
            }
        }
        let onStart: (TestStart) -> Void = { s in
            send(.started(name: s.name, line: s.line, definedIn: s.definedIn, detail: s.detail))
            if settings.streaming { _ = bk_channel_flush() }
        }
        // Results the framework reports go to the channel from C; these are
        // the runner's own (a file that did not load).
        let onResult: (TestResult) -> Void = { r in
            send(.result(r))
            if settings.streaming { _ = bk_channel_flush() }
        }
        // Without the runner's template (it failed to load), one of our own:
        // loading it again reports why, against this file.
        let template = template ?? (try? SpecRunner.prepare(options, in: confined))
        if let template {
            template.forked()
            let exposed = SpecRunner.run(file: file, in: template, options: options, onNote: { send(.note($0)) },
                                         onStart: onStart, onResult: onResult)
            // Exposed once, the state stays shared for every later file, as
            // busted's does.
            for following in exposed ? rest : [] {
                // What the file printed, then its end, before the next one.
                fflush(nil)
                send(.fileDone)
                send(.next(following))
                _ = bk_channel_flush()
                var o = options
                o.skip = []
                o.sharedState = true
                SpecRunner.run(file: following, in: template, options: o, onNote: { send(.note($0)) },
                               onStart: onStart, onResult: onResult)
            }
            SpecRunner.finish(template)
            // Coverage: what this file counted, for the runner to add up.
            for r in CoverageRun.records(template.context.L) { send(r) }
        } else {
            SpecRunner.run(file: file, options: options, onNote: { send(.note($0)) }, onStart: onStart, onResult: onResult)
        }
        // What the file printed goes out before the runner hears it is done:
        // the runner's next line cannot overtake it, and the runner may end
        // this process as soon as it has every file's results.
        fflush(nil)
        send(.fileDone)
        _ = bk_channel_flush()
        // As busted ends (os.exit(code, true)): the state closes, so __gc
        // finalizers run and files a spec left open get their data; then
        // C's buffers are flushed, which _exit would not do.
        template?.context.close()
        fflush(nil)
        _exit(0)
    }
}

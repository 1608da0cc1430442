import ButtonKit
import ButtonKitLua

/// Runs one spec file in a fresh Lua state with the busted-compatible
/// framework loaded, handing each result to `onResult` as it finishes.
public enum SpecRunner {
    /// Runs `file`; returns false when the state could not even be set up.
    @discardableResult
    public static func run(file: String, options: TestOptions, onNote: @escaping (String) -> Void = { _ in },
                           onStart: @escaping (String, Int) -> Void = { _, _ in },
                           onResult: @escaping (TestResult) -> Void) -> Bool {
        var ctxOptions = LuaContext.Options()
        ctxOptions.sandbox = options.sandbox
        ctxOptions.timeout = options.timeout  // finalizers at close; tests set their own
        ctxOptions.maxMemoryMB = options.maxMemoryMB
        ctxOptions.lpath = options.lpath
        ctxOptions.cpath = options.cpath
        let ctx: LuaContext
        do {
            ctx = try LuaContext(options: ctxOptions)
        } catch {
            onResult(TestResult(file: file, name: file, status: .error, line: 0, message: "cannot create a Lua state: \(error)"))
            return false
        }
        ctx.owner = TestFramework.Session(file: file, onResult: onResult, onNote: onNote, onStart: onStart)
        if options.inWorker { ctx.endWithLastWords() }
        let exe = LuaContext.executablePath ?? "buttonkit"
        let interpreter = [options.interpreter ?? exe]
        do {
            try TestFramework.install(in: ctx)
            for (i, s) in options.statements.enumerated() {
                ctx.setArg(script: exe, args: options.scriptArgs, interpreter: interpreter)
                try ctx.run(s, name: "=(command line -e #\(i + 1))", timeout: options.timeout)
            }
            for h in options.helpers {
                // A helper sees -Xhelper's options as its arg, as in busted.
                ctx.setArg(script: h, args: options.helperArgs, interpreter: interpreter)
                try ctx.runFile(h, timeout: options.timeout)
            }
            ctx.setArg(script: exe, args: options.scriptArgs, interpreter: interpreter)
            try TestFramework.runSpec(in: ctx, file: file, options: options)
        } catch {
            onResult(TestResult(file: file, name: file, status: .error, line: 0, message: error.message))
        }
        return true
    }
}

import ButtonKit
import ButtonKitLua

/// Runs one spec file in a fresh Lua state with the busted-compatible
/// framework loaded, handing each result to `onResult` as it finishes.
public enum SpecRunner {
    /// Runs `file`; returns false when the state could not even be set up.
    @discardableResult
    public static func run(file: String, options: TestOptions, onNote: @escaping (String) -> Void = { _ in },
                           onResult: @escaping (TestResult) -> Void) -> Bool {
        var ctxOptions = LuaContext.Options()
        ctxOptions.sandbox = options.sandbox
        ctxOptions.timeout = options.timeout  // finalizers at close; tests set their own
        ctxOptions.maxMemoryMB = options.maxMemoryMB
        ctxOptions.lpath = options.lpath
        let ctx: LuaContext
        do {
            ctx = try LuaContext(options: ctxOptions)
        } catch {
            onResult(TestResult(file: file, name: file, status: .error, line: 0, message: "cannot create a Lua state: \(error)"))
            return false
        }
        ctx.owner = TestFramework.Session(file: file, onResult: onResult, onNote: onNote)
        ctx.setArg(script: "buttonkit", args: options.scriptArgs)
        do {
            try TestFramework.install(in: ctx)
            for h in options.helpers { try ctx.runFile(h, timeout: options.timeout) }
            try TestFramework.runSpec(in: ctx, file: file, options: options)
        } catch {
            onResult(TestResult(file: file, name: file, status: .error, line: 0, message: error.message))
        }
        return true
    }
}

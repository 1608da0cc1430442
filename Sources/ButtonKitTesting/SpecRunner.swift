import ButtonKit
import ButtonKitLua
import CLuaRunner
import CLuaShim

/// Runs one spec file in a Lua state with the busted-compatible framework
/// loaded, handing each result to `onResult` as it finishes.
public enum SpecRunner {
    /// A state with the framework loaded and nothing run yet. A runner makes
    /// one and forks a process per spec file from it: each file still starts
    /// from a pristine state, without paying to load the framework again.
    public final class Template {
        let context: LuaContext
        let options: TestOptions
        init(context: LuaContext, options: TestOptions) { self.context = context; self.options = options }
    }

    static func contextOptions(_ options: TestOptions) -> LuaContext.Options {
        var o = LuaContext.Options()
        o.sandbox = options.sandbox
        o.timeout = options.timeout  // finalizers at close; tests set their own
        o.maxMemoryMB = options.maxMemoryMB
        o.lpath = options.lpath
        o.cpath = options.cpath
        return o
    }

    /// A state with the framework loaded, for `run(file:in:)`, over the
    /// tree of the command's run (`confined`; nil: a run of its own, as
    /// `options.sandbox` says).
    public static func prepare(_ options: TestOptions) throws(LuaError) -> Template {
        try prepare(options, in: ConfinedRun(confined: options.sandbox))
    }

    package static func prepare(_ options: TestOptions, in confined: ConfinedRun) throws(LuaError) -> Template {
        let ctx = try confined.context(contextOptions(options))
        try TestFramework.install(in: ctx, options: options)
        return Template(context: ctx, options: options)
    }

    /// Runs `file` in a fresh state; returns false when the state could not
    /// even be set up.
    @discardableResult
    public static func run(file: String, options: TestOptions, onNote: @escaping (String) -> Void = { _ in },
                           onStart: @escaping (TestStart) -> Void = { _ in },
                           onResult: @escaping (TestResult) -> Void) -> Bool {
        let template: Template
        do {
            template = try prepare(options)
        } catch {
            onResult(.fileError(file, "cannot load the test framework: \(error)"))
            return false
        }
        run(file: file, in: template, options: options, onNote: onNote, onStart: onStart, onResult: onResult)
        finish(template)
        return true
    }

    /// Runs `file` in `template`'s state (a forked copy of it, in a worker).
    /// `options` may differ from the template's only in what applies per
    /// file (tests to skip, a state shared with the file before). Returns
    /// true when an expose in the file carries the state into the files
    /// after it. In a shared state the `-e` statements and helpers already
    /// ran (once per state, as busted runs them once).
    @discardableResult
    public static func run(file: String, in template: Template, options: TestOptions,
                           onNote: @escaping (String) -> Void = { _ in },
                           onStart: @escaping (TestStart) -> Void = { _ in },
                           onResult: @escaping (TestResult) -> Void) -> Bool {
        let ctx = template.context
        // The spec's folder, for its snapshots: confined, one inside the
        // tree is opened beneath it, as the spec file itself is loaded.
        let dir = Files.directory(of: file)
        var specFolder = try? Folder.open(dir)
        if beneathTree(file, options) {
            specFolder = try? ctx.confinement.folder(dir, "snapshot", creating: false)
        }
        ctx.owner = TestFramework.Session(file: file, specFolder: specFolder, onResult: onResult, onNote: onNote, onStart: onStart)
        // Coverage leaves the spec file itself out (unless the settings name it).
        bk_coverage_set_spec(ctx.L, file)
        // Code that cannot be interrupted ends the worker with last words on
        // the results channel instead of on standard error.
        if options.inWorker { bk_set_stuck_handler(ctx.L, bk_channel_stuck, nil) }
        // A worker confines itself before any of the file's code runs
        // (Landlock: the working tree), keeping what it was named outside
        // the tree on the command line: those files, and a spec's own
        // folder for its snapshots.
        if options.inWorker && options.sandbox {
            let config = options.configFile.map { [$0] } ?? []
            var grants = ([file] + options.helpers + config).filter(options.outsideAtStart.contains).map(Confinement.Grant.reading)
            if options.outsideAtStart.contains(file) { grants.append(.writing(Files.directory(of: file))) }
            ctx.lockDown(grants)
        }
        let exe = LuaContext.executablePath ?? "buttonkit"
        let interpreter = [options.interpreter ?? exe]
        do {
            if let cfg = options.configFile, !options.sharedState {
                ctx.setArg(script: exe, args: options.scriptArgs, interpreter: interpreter)
                // busted reads .busted before luacov starts: its top level is
                // not counted (functions it defines are, when specs call them).
                let counting = bk_coverage_set_active(ctx.L, 0)
                defer { _ = bk_coverage_set_active(ctx.L, counting) }
                try ctx.runFile(cfg, timeout: options.timeout)
            }
            for (i, s) in options.statements.enumerated() where !options.sharedState {
                ctx.setArg(script: exe, args: options.scriptArgs, interpreter: interpreter)
                try ctx.run(s, name: "=(command line -e #\(i + 1))", timeout: options.timeout)
            }
            for h in options.helpers where !options.sharedState {
                // A helper sees -Xhelper's options as its arg, as in busted.
                ctx.setArg(script: h, args: options.helperArgs, interpreter: interpreter)
                try ctx.runFile(h, timeout: options.timeout, beneathTree: beneathTree(h, options))
            }
            ctx.setArg(script: exe, args: options.scriptArgs, interpreter: interpreter)
            return try TestFramework.runSpec(in: ctx, file: file, options: options)
        } catch {
            onResult(.fileError(file, error.message))
            return false
        }
    }

    /// After the last file a state runs: busted's `suite end` and `exit`
    /// events for what subscribed in it.
    public static func finish(_ template: Template) {
        try? TestFramework.finish(in: template.context, options: template.options)
    }
}

extension SpecRunner {
    /// Confined, a spec file or helper that was inside the working tree
    /// when the run started is loaded beneath the tree (the kernel resolves
    /// its name there as it loads): an earlier spec file may have moved
    /// folders since. One named on the command line outside the tree is the
    /// caller's choice and loads as named.
    static func beneathTree(_ path: String, _ options: TestOptions) -> Bool {
        options.sandbox && !options.outsideAtStart.contains(path)
    }
}

extension SpecRunner.Template {
    /// Call in a child process right after fork: the parent's timers are
    /// not the child's.
    func forked() { context.afterFork() }
}

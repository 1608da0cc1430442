import CLuaShim

/// One command's run of scripts, built once where the command starts and
/// passed down: the working tree (nil under `--unsafe`), what else the
/// confined process may reach (`grants`), the limits, and the order they
/// are applied in — the memory floor, then Landlock, then the script, then
/// the host's own work, which stays under the command's deadline.
///
/// Why one value: each of those used to be decided where it was needed
/// (a `Confinement()` here, a floor there, grants assembled by each
/// command), so every new path had to get the order right by itself, and
/// one that did not (an output folder opened outside the tree, drawing
/// after the script with no deadline) was a hole. As mlua's `Lua` owns its
/// limits, this owns the run's.
///
/// The steps, in order:
/// 1. `context()` makes the Lua state over this run's tree, then applies
///    the floor (the context's own start-up is the host's, not the script's);
/// 2. the script runs through `LuaContext.run(…, lockingDown: grants)`,
///    which confines the process once the script is loaded;
/// 3. `hostWork(_:_:)`: the script ended; callbacks the host still makes
///    share the command's deadline, the floor is lifted (a refusal by the
///    kernel in Swift code would end the process), and a watchdog ends the
///    command if its own work outlives the deadline plus the grace;
/// 4. `finished()`: the watchdog stands down.
package final class ConfinedRun {
    /// The working tree; nil when the run is not confined.
    package let tree: Confinement?
    /// The context's settings (timeout, ceiling, sandbox, root).
    package let options: LuaContext.Options
    /// What the confined process keeps besides the tree (an output folder
    /// outside it), in the order granted.
    package private(set) var grants: [Confinement.Grant] = []
    /// When the command started, in `bk_now_ns` nanoseconds.
    let started: Int64

    /// The run for `options`: confined (over `options.root`, default the
    /// working folder) unless `options.sandbox` is off.
    package init(_ options: LuaContext.Options) {
        self.options = options
        tree = options.sandbox ? Confinement(root: options.root) : nil
        started = bk_now_ns()
    }

    /// A test run's (`buttonkit test`, each watch cycle): confined to the
    /// working folder when `confined`, with no deadline and no floor of its
    /// own: its limits are per test and per spec file, and the workers apply
    /// them. The runner, its workers, discovery, report and coverage files
    /// all take this one value, so they agree on one tree.
    package convenience init(confined: Bool) {
        var o = LuaContext.Options()
        o.sandbox = confined
        o.timeout = 0
        o.maxMemoryMB = 0
        self.init(o)
    }

    /// Whether scripts of this run are confined (`--sandbox`, not `--unsafe`).
    package var isConfined: Bool { tree != nil }

    /// Lets the confined process reach `grant` too (before the script runs).
    package func grant(_ grant: Confinement.Grant) { grants.append(grant) }

    /// Landlock for this process over the run's tree, with what was granted
    /// and `more` (a test runner, which runs no script itself but hosts an
    /// output handler's Lua). Nothing when the run is not confined.
    package func lockDown(_ more: [Confinement.Grant] = []) {
        tree?.lockDown(grants + more)
    }

    /// A further state of this run over its tree (a spec file's template,
    /// a worker's), with `options` of its own (per-test limits). The floor
    /// is the caller's: a worker applies it per spec file.
    package func context(_ options: LuaContext.Options) throws(LuaError) -> LuaContext {
        try LuaContext(options: options, tree: tree)
    }

    /// The command's deadline, in seconds on `bk_now_ns`'s clock; nil when
    /// there is no time limit.
    package var deadline: Double? {
        options.timeout > 0 ? Double(started) / 1e9 + options.timeout : nil
    }

    /// Step 1: the context over this run's tree, then the floor.
    package func context() throws(LuaError) -> LuaContext {
        let ctx = try LuaContext(options: options, tree: tree)
        MemoryFloor.apply(megabytes: options.maxMemoryMB)
        return ctx
    }

    /// Step 3: the script ended and the host works on what it left
    /// (`activity` says what, for the message if the deadline passes).
    package func hostWork(_ ctx: LuaContext, _ activity: String) {
        if let deadline {
            ctx.limitLaterCallbacks(until: deadline)
            bk_watchdog_arm(Int64(deadline * 1e9), options.timeout, activity)
        }
        MemoryFloor.lift()
    }

    /// Step 4: the command's work is done.
    package func finished() {
        if deadline != nil { bk_watchdog_disarm() }
    }
}

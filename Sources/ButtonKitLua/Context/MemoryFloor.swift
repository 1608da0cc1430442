import CLuaShim

/// The kernel's floor under the memory ceiling (RLIMIT_DATA): the ceiling
/// counts what Lua allocates and what the host keeps for scripts, and this
/// catches whatever that accounting misses, so no path takes a process that
/// runs scripts past the ceiling by more than a bounded margin. It is a
/// process-wide setting, so only processes that run scripts and nothing
/// else set it (the commands, each test worker), never a library user's.
package enum MemoryFloor {
    /// Sets the floor for a ceiling of `megabytes` (0: none). Returns the
    /// limit now in force, in bytes (0: none set).
    @discardableResult
    package static func apply(megabytes: Int) -> Int {
        guard megabytes > 0 else { return 0 }
        return Int(bk_memory_floor(Int(megabytes) << 20))
    }

    /// Lifts the floor for good: for a command's own work once its script
    /// ended (render's pictures, audit's report), which is not script memory
    /// and which Swift cannot survive being refused.
    package static func lift() { _ = bk_floor_lift() }

    /// Runs host work that grows with what the script handed it (a picture
    /// of a control with a 4 MB title) with the floor lifted: the ceiling
    /// still charges what the work hands back to Lua, and a refusal by the
    /// kernel in the middle of Swift code would end the process.
    package static func lifted<T, E: Error>(_ work: () throws(E) -> T) throws(E) -> T {
        let was = bk_floor_lift() != 0
        defer { if was { bk_floor_restore() } }
        return try work()
    }
}

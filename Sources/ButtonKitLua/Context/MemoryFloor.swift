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
}

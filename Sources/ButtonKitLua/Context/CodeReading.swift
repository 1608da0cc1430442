#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitCode
import ButtonKitIB
import CLuaShim

/// The options `ui.load` hands ButtonKitCode for a Swift file or an app
/// folder: the run's confined readers, the run's time left for the reader
/// processes, and the IR cache in the working tree's `.buttonkit/swift-ir/`
/// (opened beneath the tree, like every file the host keeps for a script).
extension LuaContext {
    package func codeOptions(_ fname: String, ib: IBLoadOptions) -> CodeLoadOptions {
        var o = CodeLoadOptions(ib: ib)
        // A little before the run's own deadline, so the reader's clear error comes first.
        let left = bk_time_left(L)
        o.timeLeft = left > 0 ? max(0.1, left - 0.5) : 0
        let cache = IRCacheFolder(tree: confinement, fname: fname)
        o.cacheRead = { name in cache.read(name) }
        o.cacheWrite = { name, bytes in cache.write(name, bytes) }
        return o
    }
}

/// `.buttonkit/swift-ir/` of the working tree, opened on first use; a
/// cache that cannot be opened is simply not used.
final class IRCacheFolder: @unchecked Sendable {
    private let tree: Confinement
    private let fname: String
    private var folder: Folder?
    private var tried = false
    private let lock = NSLockless()

    init(tree: Confinement, fname: String) { self.tree = tree; self.fname = fname }

    private func open() -> Folder? {
        lock.locked {
            if !tried {
                tried = true
                folder = try? tree.folder(".buttonkit/swift-ir", fname, creating: true)
            }
            return folder
        }
    }

    func read(_ name: String) -> [UInt8]? {
        guard let f = open(), f.exists(name) else { return nil }
        return try? f.readBytes(name)
    }

    func write(_ name: String, _ bytes: [UInt8]) {
        guard let f = open() else { return }
        try? f.writeAtomically(bytes, to: name, durable: false)
    }
}

/// A pthread mutex (the bridge has no Foundation).
final class NSLockless: @unchecked Sendable {
    private var m = pthread_mutex_t()
    init() { pthread_mutex_init(&m, nil) }
    deinit { pthread_mutex_destroy(&m) }
    func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(&m)
        defer { pthread_mutex_unlock(&m) }
        return body()
    }
}

/// A key–value store kept in one JSON file, safe for several writers.
///
/// The guarantees, SQLite-style: every `set` and `delete` is atomic and
/// durable when it returns (temporary file, fsync, rename), so a crash
/// mid-write leaves the old content intact; and it is a read-modify-write
/// under an exclusive lock (`flock` on `.name.lock` beside the file), so
/// concurrent writers — other store objects, other processes — never lose
/// each other's keys. Reads see the latest committed file.
///
/// A store keeps exactly what it is given: a file that is not valid JSON,
/// holds invalid UTF-8 or a lone surrogate escape is refused with its
/// position and never overwritten; numbers no Int or Double can hold are
/// kept as written. Temporary files of writers that died are removed when a
/// store opens.
///
/// The file, its lock and its temporary files sit in one folder, opened
/// again for every operation by whoever made the store (`folder`): the
/// bridge opens a confined script's store folder beneath the working tree,
/// so each operation is checked where the file really is.
///
/// A store made with `Store(memory:)` keeps its table in memory only (the
/// path `:memory:`, as SQLite names it): the same values and refusals, no
/// file, no fsync, gone with the object. For tests that need a store but
/// not its disk (each file `set` costs an fsync).
///
/// Out of scope: file systems without `flock` between machines (NFS), and
/// writers that do not use the lock.
public final class Store {
    /// The path that names an in-memory store.
    public static let memoryPath = ":memory:"

    public let path: String
    /// Whether this store lives in memory only.
    public var isInMemory: Bool { memory }
    private let memory: Bool
    /// Opens the folder holding the file for an operation (`nil`: the
    /// store being opened; else "get", "set", "delete", "keys").
    public typealias Opener = (_ operation: String?) throws(ButtonKitError) -> Folder
    private let name: String
    private let openFolder: Opener
    private var data: [String: JSONValue] = [:]
    private var loaded: FileIO.Identity?
    /// Test hook: the next write stops after this many bytes, as if the
    /// process had died, and throws.
    var crashNextWriteAfterBytes: Int?

    /// Opens `path`, creating an empty store file when it does not exist.
    /// Without `folder`, the folder the path names (links followed).
    public init(path: String, folder: Opener? = nil) throws(ButtonKitError) {
        self.path = path
        self.memory = false
        self.name = PathText.basename(of: path)
        if let folder {
            self.openFolder = folder
        } else {
            let dir = PathText.directory(of: path)
            self.openFolder = { (_: String?) throws(ButtonKitError) -> Folder in try Folder.open(dir) }
        }
        let f = try openFolder(nil)
        f.removeStaleTemporaries(of: name)
        try f.withLock(name) { () throws(ButtonKitError) in
            if !f.exists(name) { try f.writeAtomically("{}\n", to: name) }
        }
        try refresh(f)
    }

    /// An empty store in memory only: nothing is read or written.
    public init(memory: Void) {
        path = Store.memoryPath
        name = Store.memoryPath
        self.memory = true
        openFolder = { (_: String?) throws(ButtonKitError) -> Folder in
            throw .io(path: Store.memoryPath, operation: "open", reason: "an in-memory store has no folder")
        }
    }

    /// Reads the file again when another writer replaced it since.
    private func refresh(_ f: Folder) throws(ButtonKitError) {
        let id = f.identity(name)
        if id != nil && id == loaded { return }
        guard f.exists(name) else { data = [:]; loaded = nil; return }
        let bytes = try f.readBytes(name)
        let parsed: JSONValue
        do { parsed = try JSON.parse(bytes: bytes) } catch {
            throw .corruptStore(path: path, line: error.line, column: error.column, reason: error.reason)
        }
        guard case .object(let o) = parsed else {
            throw .corruptStore(path: path, line: 1, column: 1, reason: "the top level must be an object")
        }
        data = o
        loaded = id
    }

    /// The stored value, or nil when the key is absent.
    public func get(_ key: String) throws(ButtonKitError) -> JSONValue? {
        if !memory { try refresh(try openFolder("get")) }
        guard let i = data.index(forKey: key), !Spelling.differ(data.keys[i], key) else { return nil }
        return data.values[i]
    }

    /// Stores `value` under `key` (nil deletes) and writes the file.
    public func set(_ key: String, _ value: JSONValue?) throws(ButtonKitError) {
        try update(key, value, value == nil ? "delete" : "set")
    }

    private func update(_ key: String, _ value: JSONValue?, _ operation: String) throws(ButtonKitError) {
        if memory {
            if let i = data.index(forKey: key), Spelling.differ(data.keys[i], key) {
                throw .otherSpelling(holder: "store '\(path)'", noun: "key", given: key, held: data.keys[i])
            }
            data[key] = value
            return
        }
        let f = try openFolder(operation)
        try f.withLock(name) { () throws(ButtonKitError) in
            loaded = nil
            try refresh(f)
            var next = data
            if let i = next.index(forKey: key), Spelling.differ(next.keys[i], key) {
                throw .otherSpelling(holder: "store '\(path)'", noun: "key", given: key, held: next.keys[i])
            }
            next[key] = value
            try persist(next, in: f)
            data = next
            loaded = f.identity(name)
        }
    }

    /// Removes `key` and writes the file.
    public func delete(_ key: String) throws(ButtonKitError) { try update(key, nil, "delete") }

    /// Keys in sorted order.
    public func keys() throws(ButtonKitError) -> [String] {
        if !memory { try refresh(try openFolder("keys")) }
        return data.keys.sorted()
    }

    /// What was read last, without touching the disk (footprints, summaries).
    var cachedEntries: [String: JSONValue] { data }

    private func persist(_ next: [String: JSONValue], in f: Folder) throws(ButtonKitError) {
        let text = JSON.serialize(.object(next), pretty: true) + "\n"
        let crash = crashNextWriteAfterBytes
        crashNextWriteAfterBytes = nil
        try f.writeAtomically(text, to: name, crashAfterBytes: crash)
    }
}

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
/// Out of scope: file systems without `flock` between machines (NFS), and
/// writers that do not use the lock.
public final class Store {
    public let path: String
    private var data: [String: JSONValue] = [:]
    private var loaded: FileIO.Identity?
    /// Test hook: the next write stops after this many bytes, as if the
    /// process had died, and throws.
    var crashNextWriteAfterBytes: Int?

    /// Opens `path`, creating an empty store file when it does not exist.
    public init(path: String) throws(ButtonKitError) {
        self.path = path
        FileIO.removeStaleTemporaries(of: path)
        try FileIO.withLock(path) { () throws(ButtonKitError) in
            if !FileIO.exists(path) { try FileIO.writeAtomically("{}\n", to: path) }
        }
        try refresh()
    }

    /// Reads the file again when another writer replaced it since.
    private func refresh() throws(ButtonKitError) {
        let id = FileIO.identity(path)
        if id != nil && id == loaded { return }
        guard FileIO.exists(path) else { data = [:]; loaded = nil; return }
        let bytes = try FileIO.readBytes(path)
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
        try refresh()
        guard let i = data.index(forKey: key), !Spelling.differ(data.keys[i], key) else { return nil }
        return data.values[i]
    }

    /// Stores `value` under `key` (nil deletes) and writes the file.
    public func set(_ key: String, _ value: JSONValue?) throws(ButtonKitError) {
        try FileIO.withLock(path) { () throws(ButtonKitError) in
            loaded = nil
            try refresh()
            var next = data
            if let i = next.index(forKey: key), Spelling.differ(next.keys[i], key) {
                throw .otherSpelling(holder: "store '\(path)'", noun: "key", given: key, held: next.keys[i])
            }
            next[key] = value
            try persist(next)
            data = next
            loaded = FileIO.identity(path)
        }
    }

    /// Removes `key` and writes the file.
    public func delete(_ key: String) throws(ButtonKitError) { try set(key, nil) }

    /// Keys in sorted order.
    public func keys() throws(ButtonKitError) -> [String] {
        try refresh()
        return data.keys.sorted()
    }

    /// What was read last, without touching the disk (footprints, summaries).
    var cachedEntries: [String: JSONValue] { data }

    private func persist(_ next: [String: JSONValue]) throws(ButtonKitError) {
        let text = JSON.serialize(.object(next), pretty: true) + "\n"
        let crash = crashNextWriteAfterBytes
        crashNextWriteAfterBytes = nil
        try FileIO.writeAtomically(text, to: path, crashAfterBytes: crash)
    }
}

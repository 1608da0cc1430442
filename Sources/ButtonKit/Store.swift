/// A key–value store kept in one JSON file.
///
/// Every `set` and `delete` is on disk when it returns, written atomically
/// (temporary file, fsync, rename), so a crash mid-write leaves the old
/// content intact. A file that is not valid JSON is refused with its
/// position and is never overwritten: the store simply does not open.
public final class Store {
    public let path: String
    private var data: [String: JSONValue]
    /// Test hook: the next write stops after this many bytes, as if the
    /// process had died, and throws.
    var crashNextWriteAfterBytes: Int?

    /// Opens `path`, creating an empty store file when it does not exist.
    public init(path: String) throws(ButtonKitError) {
        self.path = path
        if FileIO.exists(path) {
            let text = try FileIO.read(path)
            let parsed: JSONValue
            do { parsed = try JSON.parse(text) } catch {
                throw .corruptStore(path: path, line: error.line, column: error.column, reason: error.reason)
            }
            guard case .object(let o) = parsed else {
                throw .corruptStore(path: path, line: 1, column: 1, reason: "the top level must be an object")
            }
            data = o
        } else {
            data = [:]
            try FileIO.writeAtomically("{}\n", to: path)
        }
    }

    /// The stored value, or nil when the key is absent.
    public func get(_ key: String) -> JSONValue? { data[key] }

    /// Stores `value` under `key` (nil deletes) and writes the file.
    public func set(_ key: String, _ value: JSONValue?) throws(ButtonKitError) {
        var next = data
        next[key] = value
        try persist(next)
        data = next
    }

    /// Removes `key` and writes the file (a no-op key still rewrites it).
    public func delete(_ key: String) throws(ButtonKitError) { try set(key, nil) }

    /// Keys in sorted order.
    public var keys: [String] { data.keys.sorted() }

    private func persist(_ next: [String: JSONValue]) throws(ButtonKitError) {
        let text = JSON.serialize(.object(next), pretty: true) + "\n"
        let crash = crashNextWriteAfterBytes
        crashNextWriteAfterBytes = nil
        try FileIO.writeAtomically(text, to: path, crashAfterBytes: crash)
    }
}

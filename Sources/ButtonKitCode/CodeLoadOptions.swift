import ButtonKitIB

/// How an app's code is read: the Interface Builder options (file readers
/// through the run's confinement, catalogs, classes) plus what the Swift
/// reader needs.
public struct CodeLoadOptions: Sendable {
    public var ib: IBLoadOptions
    /// The reader executable; nil: beside the running executable.
    public var readerPath: String?
    /// Seconds the load may take (the run's time left): the reader
    /// processes are killed when it is up; 0: no limit.
    public var timeLeft: Double = 0
    /// RLIMIT_AS of each reader process.
    public var readerMemory = 2048 * 1024 * 1024
    /// Paths a folder load skips beyond the defaults (the bridge turns
    /// `options.exclude`'s Lua patterns into this).
    public var exclude: (@Sendable (String) -> Bool)?
    /// The IR cache on disk (the tree's `.buttonkit/swift-ir/`): read a
    /// cached file by name, nil when absent.
    public var cacheRead: (@Sendable (String) -> [UInt8]?)?
    /// Writes a cache file (errors ignored: a cache is only ever a shortcut).
    public var cacheWrite: (@Sendable (String, [UInt8]) -> Void)?
    /// Called while reading: (files read, files in all).
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(ib: IBLoadOptions) { self.ib = ib }
}

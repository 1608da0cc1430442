import ButtonKit

/// How a document is read: where files come from (the bridge passes readers
/// that go through the run's confinement, so a script cannot read beyond
/// what it may), which asset catalogs to use, and how custom classes map to
/// ButtonKit's kinds.
public struct IBLoadOptions: Sendable {
    /// The ButtonKit control a custom class becomes.
    public enum ClassKind: String, Sendable, CaseIterable {
        case button, sortButton, radio
    }

    /// Catalog folders (`App/Assets.xcassets`); nil: discover every
    /// `*.xcassets` in the file's project.
    public var assetCatalogs: [String]?
    /// `customClass` → kind. `DLRadioButton` is `.radio` unless mapped otherwise.
    public var classes: [String: ClassKind]
    /// A whole file's bytes.
    public var readFile: @Sendable (String) throws -> [UInt8]
    /// The names in a folder (no `.` or `..`).
    public var listDirectory: @Sendable (String) throws -> [String]
    /// Whether a path is a folder.
    public var isDirectory: @Sendable (String) -> Bool
    /// What a path is to a folder walk (a folder and which, not one, or
    /// refused and why); the system's `stat` unless the bridge confines it.
    public var probeFolder: @Sendable (String) -> FolderProbe = { FolderProbe.system($0) }
    /// The largest file read (32 MB): a bigger one is refused before parsing.
    public var maxFileSize = 32 * 1024 * 1024
    /// The deepest element nesting accepted (Interface Builder files nest a
    /// few dozen levels; libxml2's own default bound is 256).
    public var maxDepth = 256
    /// At most this many folders are visited looking for asset catalogs.
    public var maxDirectoriesVisited = 4096
    /// The bytes a document may take while it is read (the file and the
    /// parsed elements, as the reader estimates them); nil: no bound beyond
    /// the others. The bridge passes what the memory ceiling has left, so a
    /// file of a million empty elements is refused with a message instead of
    /// taking the process past the ceiling, where the kernel's floor would
    /// refuse Swift an allocation and end the process.
    public var memoryBudget: Int?

    /// The classes every document knows: DLRadioButton's radio buttons.
    public static let defaultClasses: [String: ClassKind] = ["DLRadioButton": .radio]

    /// Options with the given readers.
    public init(assetCatalogs: [String]? = nil, classes: [String: ClassKind] = IBLoadOptions.defaultClasses,
                readFile: @escaping @Sendable (String) throws -> [UInt8],
                listDirectory: @escaping @Sendable (String) throws -> [String],
                isDirectory: @escaping @Sendable (String) -> Bool) {
        self.assetCatalogs = assetCatalogs; self.classes = classes
        self.readFile = readFile; self.listDirectory = listDirectory; self.isDirectory = isDirectory
    }

    /// POSIX readers with no confinement (tests, and a command line that
    /// does not sandbox).
    public static func plainFiles() -> IBLoadOptions {
        IBLoadOptions(readFile: { path in try Files.readBytes(path) },
                      listDirectory: { path in Files.list(path) },
                      isDirectory: { path in Files.isDirectory(path) })
    }
}

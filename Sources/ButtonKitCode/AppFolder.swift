import ButtonKitIB

/// The files of an app folder a load reads: Swift sources, storyboards and
/// XIBs, string tables and asset catalogs, beneath the folder, skipping
/// dependencies, build products and test targets.
struct AppFolder {
    var swift: [String] = []
    var interfaceFiles: [String] = []
    var strings: [String] = []
    var catalogs: [String] = []
    /// Folders not walked and why (a loop of links, too deep, too many).
    var skipped: [(path: String, reason: String)] = []
    /// The walk stopped at its deadline (the load fails: the files found are not the app).
    var timedOut = false

    /// A folder's identity: a walk reads each folder once.
    struct FolderKey: Hashable { let device: UInt64, inode: UInt64 }

    /// Folders never walked (the contract's list, plus version control and ButtonKit's own cache).
    static let skippedNames: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", ".git", ".buttonkit", "node_modules", ".svn"]
    static let maxDepth = 40
    static let maxFolders = 20_000

    /// Names that are files by their extension (no need to ask the system).
    static let fileExtensions: Set<String> = [
        "h", "m", "mm", "c", "cpp", "png", "jpg", "jpeg", "pdf", "svg", "json", "plist", "md", "txt", "yml", "yaml", "rb",
        "sh", "py", "js", "ttf", "otf", "gif", "mp3", "mp4", "wav", "entitlements", "lock", "pbxproj", "modulemap",
        "html", "css", "xml", "gpx", "xcconfig", "storekit", "metal", "pch", "resolved", "zip",
    ]

    static func isPlainFile(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return fileExtensions.contains(String(name[name.index(after: dot)...]).lowercased())
    }

    static func skips(_ name: String) -> Bool {
        skippedNames.contains(name) || name.hasSuffix("Tests") || name.hasSuffix(".xcodeproj") || name.hasSuffix(".xcworkspace")
    }

    init() {}

    /// The walk of `root`. Each folder is read once, by its identity: a link
    /// back to a folder already walked (a loop of links, two links to one
    /// folder) is listed and not followed, so the walk is bounded by the
    /// tree's real folders, not by a depth or count bound reached the long
    /// way round. A link out of the working tree is listed with the
    /// refusal. Past `deadline` (monotonic seconds; 0: none) the walk stops
    /// and `timedOut` is set.
    init(root: String, options: CodeLoadOptions, deadline: Double = 0) {
        var folders = 0
        var seen = Set<FolderKey>()
        if case .folder(let d, let i) = options.ib.probeFolder(root) { seen.insert(FolderKey(device: d, inode: i)) }
        func walk(_ dir: String, depth: Int) {
            guard !timedOut else { return }
            if deadline > 0, ReaderProcess.now() > deadline { timedOut = true; return }
            guard depth <= AppFolder.maxDepth else {
                skipped.append((dir, "more than \(AppFolder.maxDepth) folders deep: not read")); return
            }
            folders += 1
            guard folders <= AppFolder.maxFolders else {
                if folders == AppFolder.maxFolders + 1 { skipped.append((dir, "more than \(AppFolder.maxFolders) folders: the rest is not read")) }
                return
            }
            guard let names = try? options.ib.listDirectory(dir) else {
                skipped.append((dir, "cannot be listed (outside the working tree, or not readable)")); return
            }
            for name in names {
                let path = dir.hasSuffix("/") ? dir + name : dir + "/" + name
                if let ex = options.exclude, ex(path) { continue }
                if name.hasSuffix(".swift") { swift.append(path) }
                else if name.hasSuffix(".storyboard") || name.hasSuffix(".xib") { interfaceFiles.append(path) }
                else if name.hasSuffix(".strings") && dir.hasSuffix(".lproj") || name.hasSuffix(".xcstrings") { strings.append(path) }
                else if name.hasSuffix(".xcassets") { if options.ib.isDirectory(path) { catalogs.append(path) } }
                else if !AppFolder.skips(name), !AppFolder.isPlainFile(name) {
                    switch options.ib.probeFolder(path) {
                    case .notFolder: continue
                    case .refused(let why): skipped.append((path, "skipped: \(why)"))
                    case .folder(let d, let i):
                        guard seen.insert(FolderKey(device: d, inode: i)).inserted else {
                            skipped.append((path, "skipped: a link to a folder read already (a loop of links, or a second link to one folder)"))
                            continue
                        }
                        walk(path, depth: depth + 1)
                    }
                }
            }
        }
        walk(root, depth: 0)
    }
}

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

    init(root: String, options: CodeLoadOptions) {
        var folders = 0
        func walk(_ dir: String, depth: Int) {
            guard depth <= AppFolder.maxDepth else {
                skipped.append((dir, "more than \(AppFolder.maxDepth) folders deep (a loop of links?): not read")); return
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
                else if !AppFolder.skips(name), !AppFolder.isPlainFile(name), options.ib.isDirectory(path) {
                    walk(path, depth: depth + 1)
                }
            }
        }
        walk(root, depth: 0)
    }
}

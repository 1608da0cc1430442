import ButtonKit

/// Finds a document's asset catalogs as Xcode would have them in the
/// target: the project's folder (the nearest folder above the file holding
/// a `*.xcodeproj`, else the repository's root, a folder holding `.git`),
/// then every `*.xcassets` beneath it, in a bounded walk that skips build
/// products and dependencies.
package struct AssetDiscovery {
    let options: IBLoadOptions

    package init(options: IBLoadOptions) { self.options = options }

    /// Folders never searched: version control, build output, dependencies.
    static let skipped: Set<String> = [".git", ".build", "build", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"]

    /// The project folder for a document at `path`, or nil when none is above it.
    func projectFolder(of path: String) -> String? {
        var folder = Files.directory(of: path)
        var repository: String?
        for _ in 0..<64 {
            let names = (try? options.listDirectory(folder)) ?? []
            if names.contains(where: { $0.hasSuffix(".xcodeproj") }) { return folder }
            if repository == nil, names.contains(".git") { repository = folder }
            let parent = Files.directory(of: folder)
            if parent == folder || folder == "/" || folder == "." { break }
            folder = parent
        }
        return repository
    }

    /// Every `*.xcassets` folder beneath `root`, sorted.
    func catalogs(under root: String) -> [String] {
        var found: [String] = []
        var queue = [root]
        var visited = 0
        while let folder = queue.first {
            queue.removeFirst()
            visited += 1
            if visited > options.maxDirectoriesVisited { break }
            for name in ((try? options.listDirectory(folder)) ?? []).sorted() {
                if AssetDiscovery.skipped.contains(name) || name.hasPrefix(".") { continue }
                let path = folder == "/" ? "/" + name : folder + "/" + name
                guard options.isDirectory(path) else { continue }
                if name.hasSuffix(".xcassets") { found.append(path) } else if !name.hasSuffix(".xcodeproj") && !name.hasSuffix(".lproj") {
                    queue.append(path)
                }
            }
        }
        return found.sorted()
    }

    /// The catalogs of the document at `path` (none when no project is found).
    package func discover(for path: String) -> [String] {
        guard let root = projectFolder(of: path) else { return [] }
        return catalogs(under: root)
    }
}

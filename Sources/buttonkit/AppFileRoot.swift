#if canImport(Glibc)
import Glibc
#endif
import ButtonKit

/// Where a storyboard or XIB named on the command line outside the working
/// tree is read from: its project's folder (the nearest folder above it
/// holding a `*.xcodeproj`, else a `.git`), else its own folder. The user
/// named the file, so `render` and `audit` confine the run to that project
/// instead of refusing it (`buttonkit audit ~/Code/App/Base.lproj/Main.storyboard`
/// from anywhere); a script still reads only inside its own tree.
enum AppFileRoot {
    /// The real path of `file` and the folder to confine the run to; nil
    /// when the file's real path cannot be found (the load then reports it).
    static func of(_ file: String) -> (file: String, root: String)? {
        guard let r = realpath(file, nil) else { return nil }
        defer { free(r) }
        guard let path = String(validating: UnsafeRawBufferPointer(start: r, count: strlen(r)), as: UTF8.self) else { return nil }
        var folder = Files.directory(of: path)
        let own = folder
        var repository: String?
        for _ in 0..<64 {
            let names = Files.list(folder)
            if names.contains(where: { $0.hasSuffix(".xcodeproj") }) { return (path, folder) }
            if repository == nil, names.contains(".git") { repository = folder }
            let parent = Files.directory(of: folder)
            if parent == folder || folder == "/" { break }
            folder = parent
        }
        return (path, repository ?? own)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitCode
import ButtonKitText
import CLuaSandbox
import CLuaShim

/// The working tree a confined script may use, and the one place every
/// question about a path it names is answered.
///
/// What it guarantees: a file a confined script opens, loads, removes or
/// renames — itself, or through the host (a store and its lock and
/// temporary files, a snapshot, a coverage file, a module the test runner
/// compiles for it, a spec file the runner loads) — lies inside the working
/// tree (or, read by `require`, among the system's pure-Lua modules), also
/// while other processes rename folders of the tree.
///
/// Why it holds: the kernel resolves the path (`confine.c`). Every file is
/// opened with `openat2(tree, name, RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS)`,
/// which refuses any step above the tree at the moment it is taken; files
/// kept in a folder are named in that folder opened the same way. A check in
/// user space before the kernel resolves the path again cannot be made sound
/// against another process renaming folders in between, so the checks here
/// only explain refusals and keep the sandbox's own rules (below). The
/// process running confined scripts also confines itself with Landlock
/// (`lockDown`), which leaves it the tree and little else.
///
/// What stays in user space, as rules or as the fallback:
/// - a path is resolved as the kernel resolves it (component by component,
///   every link followed, dangling ones too, `..` applied to the real folder
///   reached), as bytes; that resolution explains a refusal ("outside the
///   working tree", "cannot be checked"), turns an absolute or roundabout
///   name into one beneath the tree for the kernel to resolve in turn, and
///   is the whole check where there is no `openat2` (Linux before 5.6,
///   other systems) or `BUTTONKIT_CONFINEMENT` asks for less (for testing);
/// - names with a NUL byte, and names that are not UTF-8, are refused;
/// - a symbolic link is neither moved nor removed, nor a folder holding one
///   renamed; the tree itself is neither removed, renamed nor a file kept;
///   a file kept at a path sits in a folder inside and is no link.
package final class Confinement: @unchecked Sendable {
    /// The tree's real path: "" when there is none or it is not UTF-8
    /// (then nothing is inside).
    package let root: String
    /// The tree held open (`confine.c`'s bk_tree), with `decide` as the
    /// user-space half; owned, freed with this object.
    package let tree: OpaquePointer

    /// The kernel's confinement in this process, as `buttonkit --version`
    /// says it: "landlock ABI 7 + openat2", "user-space checks (no
    /// landlock, no openat2)", ...
    package static var inForce: String { String(cString: bk_confine_describe()) }

    /// The tree at `root` (default: the working folder).
    package init(root: String? = nil) {
        self.root = (root ?? Confinement.cwd()).flatMap { Confinement.realpath($0) } ?? ""
        // The working folder is the tree the process is in: held by its
        // descriptor, not looked up again by name.
        let fd = Glibc.open(root ?? ".", bk_o_path | O_DIRECTORY | O_CLOEXEC)
        var here = stat(), there = stat()
        let cwdIsRoot = fd >= 0 && fstat(fd, &there) == 0 && stat(".", &here) == 0
            && here.st_dev == there.st_dev && here.st_ino == there.st_ino
        tree = bk_tree_new(self.root.isEmpty ? -1 : fd, self.root, cwdIsRoot ? 1 : 0, { ud, path, len, purpose, fname, out in
            guard let ud, let out else { return 0 }
            let me = Unmanaged<Confinement>.fromOpaque(ud).takeUnretainedValue()
            let bytes = path.map { Array(UnsafeRawBufferPointer(start: $0, count: len)) } ?? []
            let (allowed, text) = me.decide(bytes, purpose, fname.map { String(cString: $0) } ?? "io.open")
            out.pointee = strdup(text)
            return allowed ? 1 : 0
        }, nil)
        if self.root.isEmpty && fd >= 0 { close(fd) }
        bk_tree_set_host(tree, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit { bk_tree_free(tree) }

    // MARK: The host's questions

    /// A file the host opens on a confined script's behalf (a spec file, a
    /// helper, a module, a coverage source): its descriptor, or the
    /// refusal or failure as a message.
    package func open(_ path: String, for purpose: Int32 = BK_FOR_OPEN, _ fname: String, flags: Int32 = O_RDONLY) -> Result<Int32, ButtonKitError> {
        var why: UnsafeMutablePointer<CChar>?
        let fd = path.withCString { bk_tree_open(tree, $0, path.utf8.count, purpose, fname, flags, 0o666, &why) }
        if fd >= 0 { return .success(fd) }
        return .failure(error(fd, why, path, "open"))
    }

    /// The folder holding the file a confined script keeps at `path` (a
    /// store, a snapshot, a coverage file), opened beneath the tree, and the
    /// file's name in it.
    package func keptFile(_ path: String, _ fname: String) throws(ButtonKitError) -> (Folder, String) {
        var why: UnsafeMutablePointer<CChar>?
        var last: UnsafePointer<CChar>?
        let fd = path.withCString { p in
            let fd = bk_tree_folder(tree, p, path.utf8.count, BK_FOR_KEEP, fname, &last, &why)
            if let l = last { last = UnsafePointer(strdup(l)) }
            return fd
        }
        defer { free(UnsafeMutableRawPointer(mutating: last)) }
        guard fd >= 0, let last else { throw error(fd, why, Confinement.folderPart(path), "open folder") }
        return (Folder(adopting: fd, path: PathText.directory(of: path), keepsLinks: true), String(cString: last))
    }

    /// The folder at `path` itself (a render's output folder, a spec's
    /// folder), opened beneath the tree; made when missing and `creating`.
    package func folder(_ path: String, _ fname: String, creating: Bool = true) throws(ButtonKitError) -> Folder {
        if creating {
            var why: UnsafeMutablePointer<CChar>?
            let r = path.withCString { bk_tree_mkdirs(tree, $0, path.utf8.count, fname, &why) }
            if r != 0 { throw error(r, why, path, "create folder") }
        }
        switch open(path, fname, flags: O_RDONLY | O_DIRECTORY) {
        case .success(let fd): return Folder(adopting: fd, path: path, keepsLinks: true)
        case .failure(let e): throw e
        }
    }

    /// `keptFile`, after making the folders it names (`--junit out/x.xml`
    /// in a fresh clone), each in its parent opened beneath the tree.
    package func keptFile(_ path: String, _ fname: String, makingFolders: Bool) throws(ButtonKitError) -> (Folder, String) {
        if makingFolders {
            let dir = Confinement.folderPart(path)
            var why: UnsafeMutablePointer<CChar>?
            let r = dir.withCString { bk_tree_mkdirs(tree, $0, dir.utf8.count, fname, &why) }
            if r != 0 { throw error(r, why, dir, "create folder") }
        }
        return try keptFile(path, fname)
    }

    /// Whether `path` leads inside the tree now, by the rules above (spec
    /// discovery, the files a `.busted` names, sources a coverage report
    /// shows): a question asked before anything runs, or of a name; the
    /// files themselves are then opened through `open` or `keptFile`.
    package func contains(_ path: String) -> Bool { decide(Array(path.utf8), BK_FOR_OPEN, "buttonkit").0 }

    /// Whether `path` leads inside the working folder: asked before a run's
    /// tree is chosen (a storyboard named outside moves the run's tree to
    /// its project).
    package static func inWorkingFolder(_ path: String) -> Bool { Confinement().contains(path) }

    /// Whether the host may keep a file a confined run named at `path`
    /// (coverage's files, report files): inside, in a folder inside, no link.
    package func allowsKeeping(_ path: String) -> Bool { decide(Array(path.utf8), BK_FOR_KEEP, "buttonkit").0 }

    /// A refusal as `.refused`, a failure as `.io`.
    private func error(_ fd: Int32, _ why: UnsafeMutablePointer<CChar>?, _ path: String, _ operation: String) -> ButtonKitError {
        let reason = String(cString: strerror(errno))
        defer { free(why) }
        if fd == BK_REFUSED, let why { return .refused(String(cString: why)) }
        return .io(path: path, operation: operation, reason: reason)
    }


    // MARK: Landlock

    /// Something a locked-down process may still reach besides the tree.
    package struct Grant {
        let path: String
        let kind: Int32
        /// Held open: granted as it is, not looked up again by name.
        var folder: Folder? = nil
        /// A file or folder to read (beneath) (a spec outside the tree).
        package static func reading(_ path: String) -> Grant { Grant(path: path, kind: BK_GRANT_READ) }
        /// A folder to read and write beneath (a spec's own folder outside
        /// the tree, for its snapshots).
        package static func writing(_ path: String) -> Grant { Grant(path: path, kind: BK_GRANT_TREE) }
        /// A folder already open, to read and write beneath (a render's
        /// output folder).
        package static func writing(_ folder: Folder) -> Grant { Grant(path: folder.path, kind: BK_GRANT_TREE, folder: folder) }
        /// One file to read, write and truncate (a REPL's history).
        package static func file(_ path: String) -> Grant { Grant(path: path, kind: BK_GRANT_FILE) }
        /// One file to execute (the Swift reader and its ELF interpreter).
        package static func executing(_ path: String) -> Grant { Grant(path: path, kind: BK_GRANT_EXEC) }
    }

    /// What every confined process reads: system Lua modules (for
    /// `require`), the time zone (`os.date`), the shared libraries the
    /// binary loads on demand after confinement (libxml2 when a script
    /// first reads a storyboard, HarfBuzz and FreeType when it first
    /// measures text; ld.so's cache to find them) and the font folders
    /// (mapped on the first measurement, `FontFiles`). These are Landlock's
    /// grants only: the sandbox's file functions still open nothing outside
    /// the tree.
    static let systemReads = systemLuaRoots + ["/usr/share/zoneinfo", "/etc/localtime",
                                               "/etc/ld.so.cache", "/usr/lib", "/lib", "/lib64"] + FontFiles.folders()

    /// Landlock for this process (see `LuaContext.lockDown`): the tree, by
    /// the descriptor held since the start, read and write; `systemReads`;
    /// `grants`. Nothing else, no execution, no TCP, no signal or abstract
    /// socket outside. Only the calling thread is confined, with the threads
    /// and processes it starts afterwards: call it on the thread that runs
    /// scripts, before it starts any.
    package func lockDown(_ grants: [Grant]) {
        guard bk_confine_landlock_abi() > 0 else { return }
        tzset()  // the time zone, read now, while it can be
        let all = Confinement.systemReads.map(Grant.reading) + Confinement.swiftReaderGrants() + grants
        let strings = all.map { strdup($0.path) }
        defer { for p in strings { free(p) } }
        var list = [bk_grant(path: nil, fd: bk_tree_fd(tree), kind: BK_GRANT_TREE)]
        for (i, g) in all.enumerated() {
            list.append(g.folder.map { bk_grant(path: nil, fd: $0.fd, kind: g.kind) } ?? bk_grant(path: strings[i], fd: -1, kind: g.kind))
        }
        if root.isEmpty { list.removeFirst() }
        _ = bk_landlock_confine(&list, Int32(list.count))
        withExtendedLifetime(all) {}
    }

    /// What starting the Swift reader needs (`ui.load` of Swift code):
    /// execute on exactly that file and its ELF interpreter, read on the
    /// folders of its RUNPATH (the toolchain's SwiftSyntax and shared Swift
    /// runtime). Nothing when there is no reader beside the executable.
    static func swiftReaderGrants() -> [Grant] {
        guard let reader = ReaderLocation.beside() else { return [] }
        let (interp, runpath) = ReaderLocation.dependencies(of: reader)
        return [.executing(reader)] + (interp.map { [.executing($0)] } ?? []) + runpath.map(Grant.reading)
    }

    // MARK: The user-space half

    /// The decision `confine.c` asks for: allowed, with the real path it
    /// leads to (of the folder holding its last part for MOVE and KEEP), or
    /// refused, with why.
    func decide(_ bytes: [UInt8], _ purpose: Int32, _ fname: String) -> (Bool, String) {
        guard !bytes.contains(0) else {
            return (false, "\(fname): '\(String(decoding: bytes, as: UTF8.self).replacingNUL)': the name contains a NUL byte")
        }
        // The real function opens these very bytes: the check must see them
        // too, not a copy with U+FFFD for each byte that is not UTF-8 (links
        // would be looked up under names that do not exist).
        guard let path = String(validating: bytes, as: UTF8.self) else {
            return (false, "\(fname): '\(String(decoding: bytes, as: UTF8.self))': the name is not valid UTF-8, which the sandbox does not check (run with --unsafe to allow it)")
        }
        switch purpose {
        case BK_FOR_OPEN:
            if let r = resolve(path) { return (true, r) }
        case BK_FOR_REQUIRE:
            if let r = resolve(path) { return (true, r) }
            if Confinement.isSystemLuaModule(path), let r = Confinement.realTarget(path) { return (true, r) }
        case BK_FOR_MOVE:
            guard resolve(path) != nil else { break }
            if isRoot(path) { return (false, "\(fname): '\(path)': is the working tree itself; run with --unsafe to allow it") }
            if let why = Confinement.linkChange(path) { return (false, "\(fname): '\(path)': \(why); run with --unsafe to allow it") }
            if let dir = resolve(Confinement.folderPart(path)) { return (true, dir) }
        default:  // BK_FOR_KEEP
            guard resolve(path) != nil else { break }
            // A file there would keep its lock and temporary files in the
            // tree's parent.
            if isRoot(path) { return (false, "\(fname): '\(path)': is the working tree itself, not a file in it") }
            guard allowsFile(path), let dir = resolve(Confinement.folderPart(path)) else {
                return (false, "\(fname): '\(path)': is a link, or sits in a folder that leads outside the working tree; a file kept here must sit inside it (run with --unsafe to allow it)")
            }
            return (true, dir)
        }
        return (false, refusal(path, fname))
    }

    /// `path` without its last part (trailing slashes dropped first): the
    /// folder that `os.remove` or a store works in.
    static func folderPart(_ path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1 && bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        return PathText.directory(of: String(decoding: bytes, as: UTF8.self))
    }

    /// The working folder, or nil when it cannot be read or is not UTF-8.
    static func cwd() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buf, buf.count) != nil else { return nil }
        return String(validating: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The real path of `p`, or nil when there is none or it is not UTF-8.
    static func realpath(_ p: String) -> String? {
        guard let r = Glibc.realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(validating: UnsafeRawBufferPointer(start: r, count: strlen(r)), as: UTF8.self)
    }

    /// What is at `path` as far as links go.
    enum Link {
        case notALink
        /// Nothing there (or a part of the way is not a folder).
        case missing
        case target(String)
        /// A link whose target cannot be read or is not UTF-8.
        case unreadable
    }

    static func readLink(_ path: String) -> Link {
        var st = stat()
        guard lstat(path, &st) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        guard (st.st_mode & S_IFMT) == S_IFLNK else { return .notALink }
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buf, buf.count - 1)
        guard n > 0, let t = String(validating: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) else { return .unreadable }
        return .target(t)
    }

    /// Where `path` really leads, following symlinks as the kernel does
    /// (dangling ones included); nil for names with NUL, names the kernel
    /// would find too long, link loops, and links that cannot be read.
    ///
    /// The path is walked part by part, as bytes: the real folder reached so
    /// far plus the next part must be under `PATH_MAX` (else `lstat` fails
    /// with ENAMETOOLONG, and a link there would go unseen while the kernel,
    /// walking the shorter relative name, follows it), and only "no such
    /// file" or "not a folder" count as "not a link" — any other failure to
    /// look refuses the path. `followed` sees, for every link followed, the
    /// real folder it sits in.
    package static func realTarget(_ path: String, followed: ((String) -> Void)? = nil) -> String? {
        let max = Int(PATH_MAX)
        guard !path.isEmpty, !path.utf8.contains(0), path.utf8.count < max else { return nil }
        let slash = UInt8(ascii: "/")
        // The real folder reached so far, without a trailing slash (empty
        // for the root).
        var resolved: [UInt8] = []
        if !PathText.hasPrefix(path, "/") {
            guard let here = cwd() else { return nil }
            for c in PathText.components(realpath(here) ?? here) { resolved.append(slash); resolved += c.utf8 }
        }
        var pending: [String] = PathText.components(path).reversed()
        var links = 0
        // Set once a part does not exist: a ".." after it would cancel it
        // only on paper (`mkdir -p` makes it, outside if that is where it
        // is), so such a path is refused.
        var missing = false
        while let c = pending.popLast() {
            if Spelling.same(c, ".") { continue }
            if Spelling.same(c, "..") {
                if missing { return nil }
                resolved.removeSubrange((resolved.lastIndex(of: slash) ?? 0)...)
                continue
            }
            let end = resolved.count
            resolved.append(slash)
            resolved += c.utf8
            guard resolved.count < max else { return nil }
            switch readLink(String(decoding: resolved, as: UTF8.self)) {
            case .notALink:
                continue
            case .missing:
                missing = true
                continue
            case .unreadable:
                return nil
            case .target(let target):
                resolved.removeSubrange(end...)
                followed?(resolved.isEmpty ? "/" : String(decoding: resolved, as: UTF8.self))
                links += 1
                if links > 40 { return nil }
                if PathText.hasPrefix(target, "/") { resolved = [] }
                pending += PathText.components(target).reversed()
            }
        }
        return resolved.isEmpty ? "/" : String(decoding: resolved, as: UTF8.self)
    }

    /// Why renaming or removing `path` is refused, or nil. A relative
    /// link's meaning depends on where it sits: moved (itself, or inside a
    /// folder that moves) it can lead somewhere else, and removed it can
    /// change what another link's target passes through. A script cannot
    /// create links, so with none moved or removed, a path that leads inside
    /// the tree keeps doing so. Folders are walked without following links;
    /// one too large to walk (over 100,000 entries) is refused rather than
    /// half-checked. (The kernel resolves every path beneath the tree where
    /// it can, so this rule is a second line there, and the first where it
    /// cannot.)
    static func linkChange(_ path: String) -> String? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFLNK:
            return "is a symbolic link; in the sandbox links are neither moved nor removed (where one leads depends on where it sits)"
        case S_IFDIR:
            // Walked as bytes: a name that is not UTF-8 would decode as
            // another name, and lstat would look at that one instead.
            var seen = 0
            var pending: [[UInt8]] = [Array(path.utf8)]
            while let dir = pending.popLast() {
                guard let names = Files.rawEntries(dir) else {
                    return "holds a folder that cannot be read to check it for symbolic links; in the sandbox such folders are not moved"
                }
                for name in names {
                    seen += 1
                    if seen > 100_000 { return "holds too many entries to check for symbolic links; in the sandbox such folders are not moved" }
                    let child = dir + [UInt8(ascii: "/")] + name
                    var cs = stat()
                    guard lstat(child.map { CChar(bitPattern: $0) } + [0], &cs) == 0 else {
                        return "holds an entry that cannot be checked; in the sandbox such folders are not moved"
                    }
                    if (cs.st_mode & S_IFMT) == S_IFLNK {
                        return "holds a symbolic link ('\(String(decoding: child, as: UTF8.self))'); in the sandbox folders holding links are not moved (a moved link can lead somewhere else)"
                    }
                    if (cs.st_mode & S_IFMT) == S_IFDIR { pending.append(child) }
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Whether `path` is the working tree itself. Inside by the letter, but
    /// a file kept at that path keeps its side files (a lock, a temporary
    /// file) in the folder it sits in, the tree's parent; and renaming or
    /// removing it changes the parent. So those uses refuse it.
    func isRoot(_ path: String) -> Bool {
        guard let r = Confinement.realTarget(path) else { return false }
        return PathText.same(r, root)
    }

    /// Whether a file kept at `path` stays inside: the path leads inside,
    /// and so does the folder it sits in (where a writer puts its lock and
    /// temporary files, and which a rename over the path writes to); it is
    /// not the tree itself; and its last part is not a link, which a write
    /// by rename would replace (a removed link can change where other
    /// paths lead).
    func allowsFile(_ path: String) -> Bool {
        guard resolve(path) != nil, !isRoot(path), resolve(Confinement.folderPart(path)) != nil else { return false }
        var st = stat()
        return !(lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK)
    }

    /// The resolved path when it is inside the root, else nil.
    func resolve(_ path: String) -> String? {
        guard let r = Confinement.realTarget(path) else { return nil }
        guard PathText.isInside(r, root) else { return nil }
        return r
    }

    /// Folders of system-installed pure-Lua modules, readable by `require`
    /// (the same two `confine.c` resolves beneath).
    static let systemLuaRoots = ["/usr/local/share/lua", "/usr/share/lua"]

    /// Whether `path` is a `.lua` file inside a system Lua module folder
    /// (symlinks resolved; Debian links 5.4's modules to a shared folder).
    static func isSystemLuaModule(_ path: String) -> Bool {
        guard path.utf8.reversed().starts(with: ".lua".utf8.reversed()), let real = realTarget(path) else { return false }
        return systemLuaRoots.contains { real != $0 && PathText.isInside(real, $0) }
    }

    func refusal(_ path: String, _ function: String) -> String {
        if path.utf8.contains(0) { return "\(function): '\(path.replacingNUL)': the name contains a NUL byte" }
        if root.isEmpty {
            return "\(function): '\(path)': the working folder's path is not valid UTF-8, so no path inside it can be checked; run with --unsafe to allow it"
        }
        if Confinement.realTarget(path) == nil {
            let shown = path.utf8.count > 200 ? String(decoding: path.utf8.prefix(200), as: UTF8.self) + "…" : path
            return "\(function): '\(shown)': cannot be checked (a \"..\" after a part that does not exist, longer than the system allows once its links are followed,"
                + " a loop of links, or a link that cannot be read); run with --unsafe to allow it"
        }
        return "\(function): '\(path)': outside the working tree (\(root)); run with --unsafe to allow it"
    }
}

#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitIB
import CLuaShim

/// The readers `ui.load` and `ui.assets` hand to the Interface Builder
/// reader: confined, every file and folder is opened beneath the working
/// tree by the kernel (`Confinement.open`), as `io.open` opens them, so a
/// storyboard or a catalog outside the tree (or a link leading out of it)
/// is refused like any other file; unconfined (`--unsafe`), plain POSIX.
extension LuaContext {
    /// Load options whose readers go through this run's confinement; `fname`
    /// names the function in refusals ("ui.load: '/etc/x': outside the
    /// working tree").
    package func fileOptions(_ fname: String) -> IBLoadOptions {
        var o = IBLoadOptions.plainFiles()
        let limit = o.maxFileSize
        guard options.sandbox else {
            o.readFile = { path in try FileReaders.read(path, limit: limit) { p in
                let fd = Glibc.open(p, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                return fd >= 0 ? .success(fd) : .failure(.io(path: p, operation: "open", reason: String(cString: strerror(errno))))
            } }
            return o
        }
        let tree = confinement
        o.readFile = { path in try FileReaders.read(path, limit: limit) { p in FileReaders.plain(tree.open(p, fname, flags: O_RDONLY | O_NONBLOCK), fname, p) } }
        o.listDirectory = { path in try FileReaders.list(path) { p in FileReaders.plain(tree.open(p, fname, flags: O_RDONLY | O_DIRECTORY), fname, p) } }
        o.isDirectory = { path in
            guard case .success(let fd) = tree.open(path, fname, flags: O_RDONLY | O_DIRECTORY) else { return false }
            Glibc.close(fd)
            return true
        }
        o.probeFolder = { path in
            switch FileReaders.plain(tree.open(path, fname, flags: O_RDONLY | O_DIRECTORY), fname, path) {
            case .success(let fd):
                defer { Glibc.close(fd) }
                return FolderProbe.of(descriptor: fd)
            case .failure(.refused(let why)): return .refused(why)
            case .failure: return .notFolder
            }
        }
        return o
    }
}

/// Reading through a descriptor however it was opened.
enum FileReaders {
    /// A refusal without its "ui.load: 'PATH': " lead: the reader's error
    /// names the function and the file already.
    static func plain(_ r: Result<Int32, ButtonKitError>, _ fname: String, _ path: String) -> Result<Int32, ButtonKitError> {
        guard case .failure(let e) = r else { return r }
        let lead = "\(fname): '\(path)': "
        let m = e.message
        return m.hasPrefix(lead) ? .failure(.refused(String(m.dropFirst(lead.count)))) : r
    }

    /// The whole file `open` opens (without blocking: a FIFO named like a
    /// storyboard must not hang the load); one larger than `limit` bytes,
    /// or not a regular file (a FIFO, a device that never ends), is refused
    /// before it is read.
    static func read(_ path: String, limit: Int, open: (String) -> Result<Int32, ButtonKitError>) throws(ButtonKitError) -> [UInt8] {
        let fd = try open(path).get()
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw .io(path: path, operation: "stat", reason: String(cString: strerror(errno))) }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw .io(path: path, operation: "read", reason: (st.st_mode & S_IFMT) == S_IFDIR ? "is a folder" : "not a regular file")
        }
        guard Int(st.st_size) <= limit else {
            throw .io(path: path, operation: "read", reason: "\(st.st_size) bytes, more than the \(limit / 1_048_576) MB a file may have")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(st.st_size))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 65536) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "read", reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > limit { throw .io(path: path, operation: "read", reason: "more than the \(limit / 1_048_576) MB a file may have") }
        }
        return bytes
    }

    /// The names in the folder `open` opens (no `.` or `..`), sorted so
    /// catalogs are read in the same order everywhere.
    static func list(_ path: String, open: (String) -> Result<Int32, ButtonKitError>) throws(ButtonKitError) -> [String] {
        let fd = try open(path).get()
        guard let dir = fdopendir(fd) else {
            close(fd)
            throw .io(path: path, operation: "list", reason: String(cString: strerror(errno)))
        }
        defer { closedir(dir) }
        var names: [String] = []
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// What a path is to a walk of an app's folders. A folder carries its
/// identity (device and inode) so a walk that meets a link back to a folder
/// it has read already (a loop of links, or two links to one folder) reads
/// it once instead of following it round until a depth or count bound; a
/// path the run may not read (a link out of the working tree) says why, so
/// the walk can list it instead of passing it over in silence.
public enum FolderProbe: Sendable, Equatable {
    case folder(device: UInt64, inode: UInt64)
    case notFolder
    case refused(String)

    /// The probe of the system's own `stat` (no confinement).
    public static func system(_ path: String) -> FolderProbe {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return .notFolder }
        return .folder(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }

    /// The probe of an open folder's descriptor (a confined open).
    public static func of(descriptor fd: Int32) -> FolderProbe {
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else { return .notFolder }
        return .folder(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }
}

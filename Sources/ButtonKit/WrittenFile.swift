#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The kinds of file the host writes for a confined run (`render`'s
/// pictures and gallery, the test runner's reports), and whether a file
/// already at the name is one of ours, which alone may be replaced.
///
/// Why: the folder a confined run writes into is named by the caller, and
/// may already hold the user's own files (`render -o .` in a site whose
/// `index.html` is hand-written; a report path that names a notes file). A
/// file of the kind we write — a picture, gallery or report a run wrote
/// before, or busted's own report of that format — is replaced, as a rerun
/// should; anything else is left alone and the run says so. A file is
/// recognised by its first bytes, which every writer of that kind puts
/// there.
public enum WrittenFile: Sendable {
    /// An SVG picture of ButtonKitSVG.
    case picture
    /// `render`'s gallery page.
    case gallery
    /// The test runner's HTML report.
    case htmlReport
    /// A JUnit XML document (ours or busted's).
    case junit
    /// busted's JSON document (ours follows it).
    case json

    /// What the kind is called in messages.
    var noun: String {
        switch self {
        case .picture: "an SVG picture"
        case .gallery: "a gallery page"
        case .htmlReport: "an HTML test report"
        case .junit: "a JUnit XML report"
        case .json: "a JSON test report"
        }
    }

    /// Whether `head` (a file's first bytes) starts a file of this kind.
    func recognises(_ head: [UInt8]) -> Bool {
        let text = String(decoding: head.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }, as: UTF8.self)
        switch self {
        case .picture: return text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"")
        case .gallery: return text.hasPrefix("<!DOCTYPE html>") && text.contains("<title>ButtonKit gallery")
        case .htmlReport: return text.hasPrefix("<!DOCTYPE html>") && text.contains("<title>ButtonKit test report")
        case .junit:
            var rest = Substring(text)
            if rest.hasPrefix("<?xml"), let end = rest.firstRange(of: "?>") { rest = rest[end.upperBound...] }
            return rest.drop { $0 == "\n" || $0 == "\r" || $0 == " " || $0 == "\t" }.hasPrefix("<testsuites")
        case .json: return text.hasPrefix("{\"duration\":")
        }
    }

    /// Throws `.refused` unless `name` in `folder` is missing or a regular
    /// file of this kind. The name is opened without following a link and
    /// without blocking (a FIFO there is refused, not waited on).
    public func checkReplaceable(_ name: String, in folder: Folder) throws(ButtonKitError) {
        let shown = folder.path == "." ? name : folder.pathOf(name)
        let fd = openat(folder.fd, name, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return }
            throw .refused("not replacing \(shown): \(errno == ELOOP ? "it is a symbolic link" : "it cannot be read (\(FileIO.reason()))"); only a file ButtonKit wrote is replaced (remove it or choose another place)")
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw .refused("not replacing \(shown): it is not a regular file; only a file ButtonKit wrote is replaced (remove it or choose another place)")
        }
        var head = [UInt8](repeating: 0, count: 4096)
        let n = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        // An empty file holds nothing to lose.
        if n == 0 { return }
        guard n > 0, recognises(Array(head[0..<n])) else {
            throw .refused("not replacing \(shown): it is not \(noun) ButtonKit wrote; only such a file is replaced (remove it or choose another place)")
        }
    }
}

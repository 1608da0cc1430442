#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ButtonKit
import Synchronization

/// The font files ButtonKit measures text with, and the one place they are
/// opened.
///
/// **When:** `FontFiles.load()` runs once per process, when text is first
/// measured (`HarfBuzzMeasurer`), which may be after confinement started:
/// Landlock grants reading `folders()` (`Confinement.systemReads`), and
/// scripts never reach these files (no script-visible function opens
/// them). Each file is opened and mapped read-only then; FreeType and
/// HarfBuzz read the mapped bytes.
///
/// **What:** San Francisco is not open, so titles are measured in Inter
/// (Debian's `fonts-inter`; Inter Display from 20 pt, as iOS switches SF
/// Text to SF Display there), then, for characters Inter lacks, WenQuanYi
/// Zen Hei (`fonts-wqy-zenhei`, CJK, every ideograph a square em as in
/// PingFang) and DejaVu Sans (`fonts-dejavu-core`: Arabic, Hebrew and most
/// other scripts), as iOS falls back from SF to PingFang, SF Arabic and SF
/// Hebrew. docs/model.md says how close Inter is to SF. `BUTTONKIT_FONT_DIRS`
/// (colon-separated) names the folders to look in instead of Debian's.
public enum FontFiles {
    /// One font file mapped in memory.
    public struct Mapped: @unchecked Sendable {
        public let path: String
        public let bytes: UnsafeRawBufferPointer
    }

    /// The files a family is drawn from, by UIKit weight.
    public struct Family: Sendable {
        public let name: String
        public var byWeight: [FontWeight: Mapped]
    }

    /// What was found: the primary family (text and display cuts) and the
    /// fallbacks, in the order they are tried.
    public struct Set: Sendable {
        public var text: Family?
        public var display: Family?
        public var fallbacks: [Family]
        /// One line naming the fonts, for `--version` and notes.
        public var summary: String {
            var names = [text?.name, display?.name].compactMap { $0 }
            names += fallbacks.map(\.name)
            return names.isEmpty ? "none" : names.joined(separator: ", ")
        }
    }

    static let loaded = Mutex<Set?>(nil)

    /// The folders looked in unless `BUTTONKIT_FONT_DIRS` names others.
    public static let standardFolders = ["/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/wqy",
                                         "/usr/share/fonts/truetype/dejavu"]

    /// Inter's file names per UIKit weight.
    static let interWeights: [(FontWeight, String)] = [
        (.ultraLight, "Thin"), (.thin, "ExtraLight"), (.light, "Light"), (.regular, "Regular"), (.medium, "Medium"),
        (.semibold, "SemiBold"), (.bold, "Bold"), (.heavy, "ExtraBold"), (.black, "Black"),
    ]

    /// Opens and maps the fonts (once; later calls return what the first
    /// found). Safe to call from any thread.
    @discardableResult
    public static func load() -> Set {
        loaded.withLock { cached in
            if let c = cached { return c }
            let s = find()
            cached = s
            return s
        }
    }

    /// Where the fonts are looked for: `BUTTONKIT_FONT_DIRS` or
    /// `standardFolders` (what a confined process must be able to read).
    public static func folders() -> [String] {
        if let dirs = getenv("BUTTONKIT_FONT_DIRS") {
            return String(cString: dirs).split(separator: ":").map(String.init)
        }
        return standardFolders
    }

    static func find() -> Set {
        let dirs = folders()
        func first(_ name: String) -> Mapped? {
            for d in dirs { if let m = map(d + "/" + name) { return m } }
            return nil
        }
        func family(_ name: String, _ files: [(FontWeight, String)]) -> Family? {
            var byWeight: [FontWeight: Mapped] = [:]
            for (w, f) in files { if let m = first(f) { byWeight[w] = m } }
            return byWeight.isEmpty ? nil : Family(name: name, byWeight: byWeight)
        }
        let text = family("Inter", interWeights.map { ($0.0, "Inter-\($0.1).otf") })
        let display = family("Inter Display", interWeights.map { ($0.0, "InterDisplay-\($0.1).otf") })
        var fallbacks: [Family] = []
        if let cjk = family("WenQuanYi Zen Hei", [(.regular, "wqy-zenhei.ttc")]) { fallbacks.append(cjk) }
        if let dv = family("DejaVu Sans", [(.regular, "DejaVuSans.ttf"), (.bold, "DejaVuSans-Bold.ttf")]) { fallbacks.append(dv) }
        return Set(text: text, display: display, fallbacks: fallbacks)
    }

    /// Maps a file read-only; nil when it cannot be opened.
    static func map(_ path: String) -> Mapped? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0, st.st_size < 256 << 20 else { return nil }
        let size = Int(st.st_size)
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
        return Mapped(path: path, bytes: UnsafeRawBufferPointer(start: p, count: size))
    }
}

import ButtonKit
import CText
import Synchronization

/// Text measured as iOS would lay it out, approximately: HarfBuzz shapes
/// each run (kerning, ligatures, Arabic joining) in the first font that has
/// its characters, FreeType gives the line metrics.
///
/// Nothing is opened or loaded until the first measurement: then the font
/// files are mapped (`FontFiles.load()`, unless the measurer was given its
/// files) and HarfBuzz and FreeType are loaded (`CText`, with dlopen), once
/// per process. A script that lays out no title never pays for them: every
/// process used to map 26 font files at start-up, a sixth of what
/// `run empty.lua` cost beyond lua5.4 (docs/decisions.md, "Start-up").
/// Where the fonts are missing or the libraries cannot be loaded, the
/// estimate measures instead, `isReal` is false and `name` says why.
public final class HarfBuzzMeasurer: TextMeasurer, @unchecked Sendable {
    /// One face of one file at one weight.
    final class Face {
        let face: OpaquePointer
        let unitsPerEm: Double
        init?(_ library: OpaquePointer, _ m: FontFiles.Mapped) {
            guard let base = m.bytes.baseAddress, let face = bk_text_face_new(library, base, m.bytes.count) else { return nil }
            self.face = face
            unitsPerEm = bk_text_face_units_per_em(face)
        }
        func has(_ u: Unicode.Scalar) -> Bool { bk_text_face_has(face, u.value) != 0 }
        /// Ascender + descender + line gap, in em.
        var lineHeightEm: Double { bk_text_face_height(face) / unitsPerEm }
    }

    /// The fonts and FreeType's library, made when the measurer first
    /// measures; for good `missing` (with why) when either is not there.
    enum Engine {
        case notLoaded
        case loaded(OpaquePointer, FontFiles.Set)
        case missing(String)
    }

    /// What a process without the fonts says, where they come from.
    public static let fontsMissing = "Inter, WenQuanYi Zen Hei and DejaVu Sans not found; scripts/bootstrap installs them"

    let lock = Mutex(())
    var engine = Engine.notLoaded
    /// The files to measure with; nil: `FontFiles.load()` on first use.
    let given: FontFiles.Set?
    var faces: [String: Face] = [:]

    /// A measurer that maps the fonts and loads the engine when it first
    /// measures (what every process installs).
    public init() { given = nil }

    /// A measurer over `files`; nil when there is no primary font.
    /// Nothing is loaded yet.
    public init?(files: FontFiles.Set) {
        guard files.text != nil else { return nil }
        given = files
    }

    /// The library and the fonts, mapping and loading them on the first
    /// call; nil when either is missing. Called with `lock` held.
    func ready() -> (library: OpaquePointer, files: FontFiles.Set)? {
        switch engine {
        case .loaded(let l, let files): return (l, files)
        case .missing: return nil
        case .notLoaded:
            let files = given ?? FontFiles.load()
            guard files.text != nil else {
                engine = .missing(HarfBuzzMeasurer.fontsMissing)
                return nil
            }
            if bk_text_load() == 0, let l = bk_text_library_new() {
                engine = .loaded(l, files)
                return (l, files)
            }
            let why = String(cString: bk_text_error())
            engine = .missing("HarfBuzz and FreeType could not be loaded (" + (why.isEmpty ? "FreeType could not start" : why)
                + "; apt-get install libharfbuzz0b libfreetype6, scripts/bootstrap does)")
            return nil
        }
    }

    /// The fonts and the engine, or why widths are estimated (loads them).
    public var name: String {
        lock.withLock { _ in
            if let (_, files) = ready() { return files.summary + " (HarfBuzz " + String(cString: bk_text_harfbuzz_version()) + ", FreeType)" }
            if case .missing(let why) = engine { return "estimated widths (" + why + ")" }
            return "estimated widths"
        }
    }

    /// Whether the fonts and HarfBuzz and FreeType measure (loads them).
    public var isReal: Bool { lock.withLock { _ in ready() != nil } }

    /// San Francisco against Inter for Latin text: Capsize's SF average
    /// advance (0.417 em) over Inter 4's measured here (0.462 em), see
    /// docs/model.md. CJK ideographs are one em in both WenQuanYi and
    /// PingFang, so text with any wide character keeps its width. Without
    /// the engine the estimate measures, which needs no correction.
    public func deviceWidthRatio(of text: String) -> Double {
        guard isReal else { return 1 }
        return text.unicodeScalars.contains(where: EstimatedMeasurer.isWide) ? 1 : HarfBuzzMeasurer.latinDeviceRatio
    }

    /// 0.417 / 0.462.
    public static let latinDeviceRatio = 0.417 / 0.462

    /// The file for `family` at `weight`, or its nearest weight.
    static func nearest(_ f: FontFiles.Family, _ weight: FontWeight) -> FontFiles.Mapped? {
        if let m = f.byWeight[weight] { return m }
        let order = FontWeight.allCases
        let i = order.firstIndex(of: weight) ?? 3
        return f.byWeight.min { abs((order.firstIndex(of: $0.key) ?? 3) - i) < abs((order.firstIndex(of: $1.key) ?? 3) - i) }?.value
    }

    /// The faces to try for `font`, best first (none without the engine).
    func chain(_ font: Font) -> [Face] {
        guard let (library, files) = ready() else { return [] }
        var families: [FontFiles.Family] = []
        if font.size >= 20, let d = files.display { families.append(d) } else if let t = files.text { families.append(t) }
        if let t = files.text, font.size >= 20 { families.append(t) }
        families += files.fallbacks
        return families.compactMap { fam in
            guard let m = HarfBuzzMeasurer.nearest(fam, font.weight) else { return nil }
            if let f = faces[m.path] { return f }
            guard let f = Face(library, m) else { return nil }
            faces[m.path] = f
            return f
        }
    }

    public func width(of text: String, font: Font) -> Double {
        lock.withLock { _ in
            let faces = chain(font)
            guard let primary = faces.first else { return EstimatedMeasurer().width(of: text, font: font) }
            // Runs of characters drawn by the same face.
            var total = 0.0
            var run = "", runFace = primary
            func flush() {
                guard !run.isEmpty else { return }
                total += shape(run, runFace) * font.size
                run = ""
            }
            for c in text {
                let face = faces.first { f in c.unicodeScalars.allSatisfy { f.has($0) || $0.properties.generalCategory == .nonspacingMark || $0.value == 0x200D || ($0.value >= 0xFE00 && $0.value <= 0xFE0F) } } ?? primary
                if face !== runFace { flush(); runFace = face }
                run.append(c)
            }
            flush()
            return total
        }
    }

    /// The advance of `text` in `face`, in em.
    func shape(_ text: String, _ face: Face) -> Double {
        var t = text
        let sum = t.withUTF8 { u in
            u.withMemoryRebound(to: CChar.self) { c in bk_text_face_shape(face.face, c.baseAddress, Int32(c.count)) }
        }
        return Double(sum) / face.unitsPerEm
    }

    public func lineHeight(of font: Font) -> Double {
        lock.withLock { _ in
            guard let face = chain(font).first else { return EstimatedMeasurer().lineHeight(of: font) }
            return face.lineHeightEm * font.size
        }
    }
}

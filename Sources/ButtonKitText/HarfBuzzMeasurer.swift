import ButtonKit
import CFreeType
import CHarfBuzz
import Synchronization

/// Text measured as iOS would lay it out, approximately: HarfBuzz shapes
/// each run (kerning, ligatures, Arabic joining) in the first font that has
/// its characters, FreeType gives the line metrics. The fonts are the ones
/// `FontFiles` mapped at start-up; faces are made from those bytes the
/// first time a font is used.
public final class HarfBuzzMeasurer: TextMeasurer, @unchecked Sendable {
    /// One face of one file at one weight.
    final class Face {
        let ft: FT_Face
        let hbFace: OpaquePointer
        let hbFont: OpaquePointer
        let unitsPerEm: Double
        init?(_ library: FT_Library, _ m: FontFiles.Mapped) {
            var face: FT_Face?
            guard let base = m.bytes.baseAddress,
                  FT_New_Memory_Face(library, base.assumingMemoryBound(to: FT_Byte.self), FT_Long(m.bytes.count), 0, &face) == 0,
                  let face else { return nil }
            ft = face
            let blob = hb_blob_create(base.assumingMemoryBound(to: CChar.self), UInt32(m.bytes.count), HB_MEMORY_MODE_READONLY, nil, nil)
            hbFace = hb_face_create(blob, 0)
            hb_blob_destroy(blob)
            hbFont = hb_font_create(hbFace)
            let upem = Double(face.pointee.units_per_EM)
            unitsPerEm = upem > 0 ? upem : 1000
            hb_font_set_scale(hbFont, Int32(unitsPerEm), Int32(unitsPerEm))
        }
        func has(_ u: Unicode.Scalar) -> Bool { FT_Get_Char_Index(ft, FT_ULong(u.value)) != 0 }
        /// Ascender + descender + line gap, in em.
        var lineHeightEm: Double { Double(ft.pointee.height) / unitsPerEm }
    }

    let lock = Mutex(())
    let library: FT_Library
    let files: FontFiles.Set
    var faces: [String: Face] = [:]
    public let name: String

    /// A measurer over `files` (what `FontFiles.load()` found); nil when
    /// there is no primary font.
    public init?(files: FontFiles.Set = FontFiles.load()) {
        guard files.text != nil else { return nil }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return nil }
        library = lib
        self.files = files
        var version = "HarfBuzz"
        if let v = hb_version_string() { version += " " + String(cString: v) }
        name = files.summary + " (" + version + ", FreeType)"
    }

    public var isReal: Bool { true }

    /// San Francisco against Inter for Latin text: Capsize's SF average
    /// advance (0.417 em) over Inter 4's measured here (0.462 em), see
    /// docs/model.md. CJK ideographs are one em in both WenQuanYi and
    /// PingFang, so text with any wide character keeps its width.
    public func deviceWidthRatio(of text: String) -> Double {
        text.unicodeScalars.contains(where: EstimatedMeasurer.isWide) ? 1 : HarfBuzzMeasurer.latinDeviceRatio
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

    /// The faces to try for `font`, best first.
    func chain(_ font: Font) -> [Face] {
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
        guard let buf = hb_buffer_create() else { return 0 }
        defer { hb_buffer_destroy(buf) }
        var t = text
        t.withUTF8 { u in
            u.withMemoryRebound(to: CChar.self) { c in hb_buffer_add_utf8(buf, c.baseAddress, Int32(c.count), 0, Int32(c.count)) }
        }
        hb_buffer_guess_segment_properties(buf)
        hb_shape(face.hbFont, buf, nil, 0)
        var count: UInt32 = 0
        guard let pos = hb_buffer_get_glyph_positions(buf, &count) else { return 0 }
        var sum: Int64 = 0
        for i in 0..<Int(count) { sum += Int64(pos[i].x_advance) }
        return Double(sum) / face.unitsPerEm
    }

    public func lineHeight(of font: Font) -> Double {
        lock.withLock { _ in (chain(font).first?.lineHeightEm ?? 1.2) * font.size }
    }
}

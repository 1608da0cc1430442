#if canImport(Glibc)
import Glibc
#endif
import Testing
import ButtonKit
@testable import ButtonKitIB

/// Feeds the reader mutated copies of the fixtures (bytes flipped, the file
/// cut short, lines removed or duplicated, markup inserted, attribute values
/// replaced by tricky ones or extremes) for a bounded number of cases with a
/// fixed seed (BUTTONKIT_IB_FUZZ_CASES for more): each must load
/// or throw an IBError with a message, and a loaded document's buttons must
/// answer appearance, accessibility and taps. A crash fails the whole run.
@Suite struct FuzzTests {
    /// SplitMix64: small, fixed-seed, the same cases on every run.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { n <= 1 ? 0 : Int(next() % UInt64(n)) }
    }

    static let sources = ["Legacy/Legacy.storyboard", "Modern/Shop/Base.lproj/Main.storyboard", "Modern/Shop/Base.lproj/Card.xib"]
    /// 300 a fixture, or BUTTONKIT_IB_FUZZ_CASES for a longer run.
    static let casesPerSource: Int = {
        guard let v = getenv("BUTTONKIT_IB_FUZZ_CASES"), let n = Int(String(cString: v)), n > 0 else { return 300 }
        return n
    }()

    static func mutate(_ bytes: [UInt8], _ r: inout Random) -> [UInt8] {
        var b = bytes
        switch r.below(7) {
        case 0:   // flip a few bytes
            for _ in 0..<(1 + r.below(8)) where !b.isEmpty { b[r.below(b.count)] ^= UInt8(truncatingIfNeeded: 1 << r.below(8)) }
        case 1:   // cut short
            b = Array(b.prefix(r.below(b.count)))
        case 2, 3:   // remove or duplicate a run of lines
            var lines = b.split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
            let i = r.below(lines.count), n = 1 + r.below(6)
            let range = i..<min(lines.count, i + n)
            if r.below(2) == 0 { lines.removeSubrange(range) } else { lines.insert(contentsOf: lines[range], at: range.upperBound) }
            b = Array(lines.joined(separator: [10]))
        case 4:   // insert markup-significant bytes
            let junk: [[UInt8]] = [Array("<".utf8), Array("\"".utf8), Array("&".utf8), Array("</button>".utf8),
                                   Array("<button>".utf8), Array("<color key=\"titleColor\"/>".utf8), [0], [0xFF, 0xFE]]
            b.insert(contentsOf: junk[r.below(junk.count)], at: r.below(b.count + 1))
        case 5:   // replace one attribute's value with a tricky one
            let tricky: [[UInt8]] = [[], Array("-".utf8), Array("YES".utf8), Array("1e-400".utf8), Array("inf".utf8),
                                     Array(String(repeating: "9", count: 400).utf8), Array("tintColor".utf8),
                                     Array("systemNoSuchColor".utf8), Array("custom".utf8), Array("&#0;".utf8)]
            if let at = XMLDocumentReader.find(Array("=\"".utf8), in: b, from: r.below(b.count)),
               let end = b[(at + 2)...].firstIndex(of: 34) {
                b.replaceSubrange((at + 2)..<end, with: tricky[r.below(tricky.count)])
            }
        default:   // swap attribute values' digits for extremes
            let extremes: [[UInt8]] = [Array("1e308".utf8), Array("-1e308".utf8), Array("nan".utf8), Array("99999999999".utf8), Array("-0".utf8)]
            if let at = XMLDocumentReader.find(Array("=\"".utf8), in: b, from: r.below(b.count)) {
                b.insert(contentsOf: extremes[r.below(extremes.count)], at: at + 2)
            }
        }
        return b
    }

    @Test(arguments: sources)
    func mutatedFilesLoadOrFailCleanly(source: String) throws {
        let original = try Files.readBytes(Fixtures.path(source))
        var r = Random(state: UInt64(source.utf8.count) &* 7919)
        var loaded = 0, failed = 0
        for _ in 0..<Self.casesPerSource {
            let bytes = Self.mutate(original, &r)
            do {
                let doc = try Fixtures.load(bytes: bytes, name: source.hasSuffix(".xib") ? "fuzz.xib" : "fuzz.storyboard")
                loaded += 1
                for scene in doc.scenes {
                    for b in scene.controls {
                        _ = b.appearance(for: .highlighted, style: .dark)
                        _ = b.accessibilityDescription
                        _ = try? scene.screen.tap(b.frame.center)
                    }
                }
                #expect(doc.ignored.allSatisfy { $0.line >= 0 && !$0.reason.isEmpty })
            } catch {
                failed += 1
                #expect(!error.message.isEmpty)
                #expect(error.line >= 0 && error.column >= 0)
            }
        }
        // Both outcomes occur: the mutations are neither all fatal nor all harmless.
        #expect(loaded > 0 && failed > 0)
    }
}

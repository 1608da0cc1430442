import Glibc
import Testing
@testable import ButtonKit

/// Paths are split and compared as bytes, the way the kernel reads them.
/// Found by the fuzzer: a picture named after an id that began with a
/// combining mark (U+0670) went to `./.out/…` instead of `out/…`, because
/// `out/` + the mark made one Swift character and `lastIndex(of: "/")`
/// found no slash. The same mistake let `io.open("../\u{0670}x", "w")`
/// out of the sandbox.
@Suite("Path text")
struct PathTextTests {
    let mark = "\u{0670}"

    @Test func aSlashFollowedByACombiningMarkStillSeparates() {
        #expect(PathText.components("../\(mark)x") == ["..", "\(mark)x"])
        #expect(PathText.directory(of: "out/\(mark)_1.svg") == "out")
        #expect(PathText.basename(of: "out/\(mark)_1.svg") == "\(mark)_1.svg")
        // The character view does not see the slash: this is what went wrong.
        #expect("../\(mark)x".split(separator: "/").count == 1)
    }

    @Test func directoryAndBasenameOfPlainPaths() {
        #expect(PathText.directory(of: "a.json") == ".")
        #expect(PathText.directory(of: "/a.json") == "/")
        #expect(PathText.directory(of: "x/y/a.json") == "x/y")
        #expect(PathText.basename(of: "x/y/a.json") == "a.json")
        #expect(PathText.basename(of: "a.json") == "a.json")
        #expect(PathText.components("//a/./b//") == ["a", ".", "b"])
    }

    @Test func insideIsByteForByteAndWholeParts() {
        #expect(PathText.isInside("/w/tree", "/w/tree"))
        #expect(PathText.isInside("/w/tree/a", "/w/tree"))
        #expect(!PathText.isInside("/w/treetop", "/w/tree"))
        #expect(!PathText.isInside("/w", "/w/tree"))
        #expect(PathText.isInside("/anything", "/"))
        // Below the root even when the part starts with a combining mark.
        #expect(PathText.isInside("/w/tree/\(mark)x", "/w/tree"))
        // Canonically equal to Swift, two folders to the kernel.
        let composed = "/w/caf\u{E9}", decomposed = "/w/cafe\u{301}"
        #expect(composed == decomposed)
        #expect(!PathText.isInside(decomposed + "/x", composed))
    }

    @Test func anAtomicWriteLandsInTheNamedFolderWhateverTheNameStartsWith() throws {
        let dir = makeTempDir()
        let path = dir + "/" + mark + "_1.svg"
        try FileIO.writeAtomically("<svg/>", to: path)
        #expect(access(path, F_OK) == 0)
    }

    @Test func dotsAndSlashesSwapAsBytes() {
        #expect(PathText.replacing(".", with: "/", in: "a.\(mark)b") == "a/\(mark)b")
        #expect(PathText.replacing("/", with: ".", in: "spec/\(mark)x") == "spec.\(mark)x")
    }
}

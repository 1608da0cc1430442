import Glibc
import Testing
@testable import ButtonKit

/// Directory entries are read in place, never past their end (found by the
/// test suite crashing inside Store.init: `withUnsafeBytes(of: d_name)`
/// copied 256 bytes from the last entry of readdir's buffer, which ended a
/// mapping).
@Suite("Directory entries")
struct DirectoryEntryTests {
    @Test func anEntryAtTheEndOfAMappingIsReadWithoutTouchingThePageAfterIt() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let raw = mmap(nil, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        let base = try #require(raw == MAP_FAILED ? nil : raw)
        defer { munmap(base, 2 * page) }
        // The page after the entry faults on any access.
        #expect(mprotect(base + page, page, PROT_NONE) == 0)
        let offset = try #require(MemoryLayout<dirent>.offset(of: \dirent.d_name))
        let name: [UInt8] = Array(".s.json.tmp-1-ab".utf8) + [0]
        let reclen = (offset + name.count + 7) & ~7
        let entry = base + page - reclen
        entry.storeBytes(of: UInt16(reclen), toByteOffset: MemoryLayout<dirent>.offset(of: \dirent.d_reclen) ?? 16, as: UInt16.self)
        for (i, b) in name.enumerated() { entry.storeBytes(of: b, toByteOffset: offset + i, as: UInt8.self) }
        #expect(FileIO.name(of: entry.assumingMemoryBound(to: dirent.self)) == ".s.json.tmp-1-ab")
    }

    @Test func aFolderOfThousandsOfEntriesIsListedWhole() throws {
        let dir = makeTempDir()
        var expected: [String] = []
        for i in 0..<3000 {
            let n = "entry-\(i)-" + String(repeating: "x", count: i % 200)
            expected.append(n)
            close(open(dir + "/" + n, O_WRONLY | O_CREAT, 0o644))
        }
        let listed = Files.list(dir)
        #expect(listed.count == 3000)
        #expect(Set(listed) == Set(expected))
        // And a store there opens, looking through all of them for stale files.
        _ = try Store(path: dir + "/s.json")
    }
}

import Foundation
import Glibc
import Testing
@testable import ButtonKit

/// The store's guarantees under attack (issue 13): no write through a
/// planted link, no lost update between objects or threads, exact values or
/// a refusal, and no pile of temporary files from writers that died.
@Suite("Stores: guarantees under attack")
struct StoreGuaranteeTests {
    func bytes(_ path: String) -> [UInt8] {
        (try? FileIO.readBytes(path)) ?? []
    }

    func isSymlink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK
    }

    /// The name the temporary file had before the fix was `.s.json.tmp-PID`,
    /// opened with O_CREAT|O_TRUNC: a link planted under that name made
    /// `set` write outside and turned the store into a link.
    @Test func aPlantedTemporaryLinkCannotRedirectAWrite() throws {
        let dir = makeTempDir(), outsideDir = makeTempDir()
        let path = dir + "/s.json"
        let target = outsideDir + "/victim.txt"
        writeFile(target, "precious\n")
        let s = try Store(path: path)
        try s.set("before", .int(1))
        // Every name a writer in this process could pick without randomness.
        let pid = getpid()
        for name in [".s.json.tmp-\(pid)", ".s.json.tmp", ".s.json.tmp-\(pid)-0", ".s.json.tmp-\(pid)-"] {
            #expect(symlink(target, dir + "/" + name) == 0)
        }
        let missing = outsideDir + "/created.txt"
        #expect(symlink(missing, dir + "/.s.json.tmp-\(pid)-new") == 0)
        try s.set("after", .string("x"))
        #expect(readFile(target) == "precious\n", "the write went through a planted link")
        #expect(access(missing, F_OK) != 0, "a planted dangling link made the store create a file outside")
        #expect(!isSymlink(path), "the store file became a link")
        #expect(try Store(path: path).get("after") == .string("x"))
        #expect(try Store(path: path).get("before") == .int(1))
    }

    @Test func twoObjectsForOnePathLoseNothing() throws {
        let path = makeTempDir() + "/s.json"
        let s1 = try Store(path: path), s2 = try Store(path: path)
        try s1.set("a", .int(1))
        try s2.set("b", .int(2))
        try s1.set("c", .int(3))
        try s2.delete("c")
        #expect(try Store(path: path).keys() == ["a", "b"])
        #expect(try s1.get("b") == .int(2))
        #expect(try s2.get("a") == .int(1))
        #expect(try s1.get("c") == nil)
    }

    @Test func twoThreadsWithTheirOwnObjectsLoseNothing() async throws {
        let path = makeTempDir() + "/s.json"
        _ = try Store(path: path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in ["a", "b"] {
                group.addTask {
                    let s = try Store(path: path)
                    for i in 0..<300 { try s.set("\(writer)\(i)", .int(i)) }
                }
            }
            for try await _ in group {}
        }
        let keys = try Store(path: path).keys()
        #expect(keys.count == 600)
        #expect(Set(keys) == Set((0..<300).flatMap { ["a\($0)", "b\($0)"] }))
    }

    @Test(arguments: [
        ("byte 0xFF", [0x7B, 0x22, 0x6B, 0x22, 0x3A, 0x20, 0x22, 0xFF, 0x22, 0x7D] as [UInt8]),
        ("overlong", [0x7B, 0x22, 0x6B, 0x22, 0x3A, 0x22, 0xC0, 0xAF, 0x22, 0x7D]),
        ("CESU surrogate", [0x7B, 0x22, 0x6B, 0x22, 0x3A, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D]),
        ("key", [0x7B, 0x22, 0xFE, 0x22, 0x3A, 0x31, 0x7D]),
        ("lone high escape", Array("{\"k\": \"\\ud800\"}".utf8)),
        ("lone low escape", Array("{\"k\": \"a\\udc00b\"}".utf8)),
        ("high then not low", Array("{\"k\": \"\\ud83d\\u0041\"}".utf8)),
    ])
    func invalidTextIsRefusedNotRewritten(_ label: String, _ content: [UInt8]) throws {
        let path = makeTempDir() + "/s.json"
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        _ = content.withUnsafeBytes { write(fd, $0.baseAddress, content.count) }
        close(fd)
        do {
            _ = try Store(path: path)
            Issue.record("\(label): a store opened a file it cannot keep exactly")
        } catch {
            let reason: String
            if case .corruptStore(_, _, _, let r) = error { reason = r } else { reason = "\(error)" }
            #expect(reason.contains("UTF-8") || reason.contains("surrogate"), "\(label): \(reason)")
        }
        #expect(bytes(path) == content, "\(label): the file was rewritten")
    }

    @Test func aValidSurrogatePairIsKept() throws {
        let path = makeTempDir() + "/s.json"
        writeFile(path, "{\"k\": \"\\ud83d\\ude00\"}")
        let s = try Store(path: path)
        #expect(try s.get("k") == .string("😀"))
        try s.set("x", .int(1))
        #expect(try Store(path: path).get("k") == .string("😀"))
    }

    /// Numbers no Int or Double holds stay as written when another key is set.
    @Test func numbersBeyondIntAndDoubleRoundTripExactly() throws {
        let path = makeTempDir() + "/s.json"
        let texts = ["123456789012345678901234567890", "-123456789012345678901234567890", "1e400",
                     "0.1000000000000000000000001", "9223372036854775808", "1e-400"]
        writeFile(path, "{" + texts.enumerated().map { "\"n\($0.offset)\": \($0.element)" }.joined(separator: ", ") + "}")
        let s = try Store(path: path)
        try s.set("other", .int(1))
        let text = readFile(path) ?? ""
        for (i, t) in texts.enumerated() {
            #expect(text.contains("\"n\(i)\": \(t)\n") || text.contains("\"n\(i)\": \(t),"), "\(t) was rewritten: \(text)")
        }
        #expect(!text.contains("e+29"))
        #expect(try JSON.parse(JSON.serialize(try JSON.parse(texts[0]))) == .number(texts[0]))
    }

    /// Integers at the edges and doubles stay what they were, sign of zero included.
    @Test func edgeNumbersKeepTheirExactValue() throws {
        let path = makeTempDir() + "/s.json"
        let values: [JSONValue] = [.int(Int.max), .int(Int.min), .double(-0.0), .double(0.1), .double(1e308),
                                   .double(Double.leastNonzeroMagnitude), .double(-9.2233720368547758e18), .double(3.0)]
        let s = try Store(path: path)
        for (i, v) in values.enumerated() { try s.set("v\(i)", v) }
        let again = try Store(path: path)
        for (i, v) in values.enumerated() {
            let got = try again.get("v\(i)")
            #expect(got == v, "v\(i): \(String(describing: got)) for \(v)")
            if case .double(let d)? = got, case .double(let e) = v {
                #expect(d.sign == e.sign, "v\(i): the sign of \(e) was lost")
            }
        }
    }

    @Test func aNegativeZeroInTheFileIsKeptWhenAnotherKeyIsSet() throws {
        let path = makeTempDir() + "/s.json"
        writeFile(path, "{\"f\": -0.0, \"i\": -0}\n")
        let s = try Store(path: path)
        try s.set("x", .int(1))
        let text = readFile(path) ?? ""
        #expect(text.contains("\"f\": -0.0"), "\(text)")
        #expect(text.contains("\"i\": -0,") || text.contains("\"i\": -0\n"), "\(text)")
    }

    /// The pid of a process that has ended.
    func deadPID() throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/true")
        try p.run()
        p.waitUntilExit()
        return p.processIdentifier
    }

    @Test func staleTemporariesOfDeadWritersAreRemovedWhenAStoreOpens() throws {
        let dir = makeTempDir()
        let path = dir + "/s.json"
        writeFile(path, "{\"k\": 1}\n")
        let dead = try deadPID()
        let stale = (0..<5).map { dir + "/.s.json.tmp-\(dead)-\($0)abc" }
        for p in stale { writeFile(p, "{\"half\": ") }
        // A writer that is alive (this process) may be mid-write: kept.
        let live = dir + "/.s.json.tmp-\(getpid())-inflight"
        writeFile(live, "{")
        // Not a temporary of this store: kept.
        let other = dir + "/.t.json.tmp-\(dead)-abc"
        writeFile(other, "x")
        _ = try Store(path: path)
        for p in stale { #expect(access(p, F_OK) != 0, "\(p) was left behind") }
        #expect(access(live, F_OK) == 0)
        #expect(access(other, F_OK) == 0)
        #expect(try Store(path: path).get("k") == .int(1))
    }
}

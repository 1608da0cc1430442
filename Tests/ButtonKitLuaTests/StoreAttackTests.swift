import Foundation
import Glibc
import Testing

/// Nothing lost (issue 13), through the binary: concurrent writer processes,
/// writers killed with SIGKILL at random moments, and what they leave behind.
@Suite("Stores under attack", .serialized)
struct StoreAttackTests {
    /// A writer that acknowledges each `set` on standard output once it has
    /// returned (so: once it is on disk), until it is killed or has done `n`.
    static let writer = """
    local s = ui.store(arg[1])
    local tag, n = arg[2], tonumber(arg[3]) or math.huge
    io.stdout:setvbuf("no")
    local i = 0
    while i < n do
      i = i + 1
      s:set(tag .. "-" .. i, i)
      io.stdout:write(tag .. "-" .. i .. "\\n")
    end
    """

    func storeObject(_ url: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: url)
        let obj = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        return try #require(obj as? [String: Any], "the store is not a JSON object")
    }

    func temporaries(in dir: URL, of name: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasPrefix(".\(name).tmp-") }
    }

    @Test func twoProcessesEachDoing300SetsLoseNothing() throws {
        let dir = try CLI.scratch()
        try Self.writer.write(to: dir.appendingPathComponent("writer.lua"), atomically: true, encoding: .utf8)
        let a = try Spawned.start(["run", "writer.lua", "s.json", "a", "300"], in: dir)
        let b = try Spawned.start(["run", "writer.lua", "s.json", "b", "300"], in: dir)
        let ra = a.finish(limit: 60), rb = b.finish(limit: 60)
        #expect(ra.exitCode == 0 && rb.exitCode == 0, "\(ra.summary)\n\(rb.summary)")
        let store = try storeObject(dir.appendingPathComponent("s.json"))
        #expect(store.count == 600, "\(store.count) keys of 600")
        for tag in ["a", "b"] {
            for i in 1...300 { #expect(store["\(tag)-\(i)"] as? Int == i, "\(tag)-\(i) lost") }
        }
        #expect(temporaries(in: dir, of: "s.json") == [])
        // They did overlap: each acknowledged its sets while the other ran.
        #expect(ra.stdout.split(separator: "\n").count == 300 && rb.stdout.split(separator: "\n").count == 300)
    }

    @Test func twoStoreObjectsInOneScriptLoseNothing() throws {
        let r = try Spawned.run(["run", "-e", """
        local s1, s2 = ui.store("s.json"), ui.store("s.json")
        s1:set("a", 1)
        s2:set("b", 2)
        for i = 1, 50 do s1:set("x" .. i, i) s2:set("y" .. i, i) end
        s2:delete("x1")
        print(#ui.store("s.json"):keys(), s1:get("b"), s2:get("a"), s1:get("x1"))
        """], in: try CLI.scratch(), limit: 30)
        #expect(r.stdout == "101\t2\t1\tnil\n", "\(r.summary)")
    }

    /// Writers killed with SIGKILL at random moments, one after another on
    /// one store: the file is valid JSON after every kill, every `set` a
    /// writer acknowledged is there at the end, and the temporary files of
    /// the dead are cleaned up by the next writer that opens the store.
    @Test func twoHundredKillsLoseNoAcknowledgedSetAndCorruptNothing() throws {
        let dir = try CLI.scratch()
        try Self.writer.write(to: dir.appendingPathComponent("writer.lua"), atomically: true, encoding: .utf8)
        let storeURL = dir.appendingPathComponent("k.json")
        var acknowledged: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        var killedMidRun = 0, maxTemporaries = 0, killedMidWrite = 0
        let cycles = 200
        let started = Date()
        for cycle in 0..<cycles {
            let w = try Spawned.start(["run", "writer.lua", "k.json", "c\(cycle)"], in: dir)
            // The random moment counts from the writer's first acknowledged
            // set, not from the spawn: on a loaded machine start-up alone
            // can outlast a fixed delay, and then nothing is tested.
            w.waitForOutput(limit: 10)
            usleep(UInt32.random(in: 0...10000, using: &generator))
            w.kill(SIGKILL)
            let r = w.finish(limit: 10)
            if r.signal == SIGKILL { killedMidRun += 1 }
            for line in r.stdout.split(separator: "\n") {
                guard let dash = line.lastIndex(of: "-"), let n = Int(line[line.index(after: dash)...]) else { continue }
                acknowledged[String(line)] = n
            }
            if FileManager.default.fileExists(atPath: storeURL.path) {
                _ = try storeObject(storeURL)
            }
            let left = temporaries(in: dir, of: "k.json").count
            if left > 0 { killedMidWrite += 1 }
            maxTemporaries = max(maxTemporaries, left)
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(killedMidRun >= cycles * 9 / 10, "only \(killedMidRun) writers were still running when killed")
        #expect(acknowledged.count >= 50, "too few acknowledged sets (\(acknowledged.count)) to say anything")
        // A temporary file left behind means a writer died between creating
        // it and renaming it: the kills did land in the middle of writes.
        #expect(killedMidWrite >= 10, "only \(killedMidWrite) kills landed mid-write")
        let store = try storeObject(storeURL)
        var lost: [String] = []
        for (key, n) in acknowledged where store[key] as? Int != n { lost.append(key) }
        #expect(lost.isEmpty, "\(lost.count) acknowledged sets lost, e.g. \(lost.prefix(5))")
        // Each opening cleans the dead: at most the last victim's file is left.
        #expect(maxTemporaries <= 1, "temporary files piled up: \(maxTemporaries)")
        let clean = try Spawned.run(["run", "-e", "ui.store('k.json')"], in: dir, limit: 30)
        #expect(clean.exitCode == 0, "\(clean.summary)")
        #expect(temporaries(in: dir, of: "k.json") == [])
        #expect(seconds < 30, "the loop took \(seconds) s")
    }
}

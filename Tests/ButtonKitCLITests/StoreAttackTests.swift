import Foundation
import Glibc
import Testing
import ButtonKitTestSupport

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
        // No time limit of the run's own (30 s by default: beside CPU
        // burners 300 sets took longer); the finish limit catches a hang.
        let a = try Spawned.start(["run", "--timeout", "0", "writer.lua", "s.json", "a", "300"], in: dir)
        let b = try Spawned.start(["run", "--timeout", "0", "writer.lua", "s.json", "b", "300"], in: dir)
        let ra = a.finish(limit: 300), rb = b.finish(limit: 300)
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

    /// A writer that says `? KEY` on standard output just before each
    /// `set` (a 64 KB value under the key `pad`, then the acknowledged key),
    /// so a kill can be aimed at a write in progress.
    static let padWriter = """
    local s = ui.store(arg[1])
    local tag = arg[2]
    local pad = ("x"):rep(64 * 1024)
    io.stdout:setvbuf("no")
    local i = 0
    while true do
      i = i + 1
      io.stdout:write("? " .. tag .. "-" .. i .. "\\n")
      s:set("pad", pad .. i)
      s:set(tag .. "-" .. i, i)
      io.stdout:write(tag .. "-" .. i .. "\\n")
    end
    """

    /// Writers killed with SIGKILL, one after another on one store: half of
    /// them as soon as their write's temporary file appears (a kill in the
    /// middle of a write, certain rather than left to timing), half at a
    /// random moment after their first acknowledged `set`. The file is valid JSON after
    /// every kill, every `set` a writer acknowledged is there at the end,
    /// and the temporary files of the dead are cleaned up by the next writer
    /// that opens the store. Each cycle has a hang limit; the loop has no
    /// wall-clock bound (a busy machine only makes it slower).
    /// Waits (up to 10 s) until the kernel shows `pid` stopped: a SIGSTOP
    /// is delivered asynchronously, and the test looks at the files only
    /// once the writer can no longer move.
    static func waitUntilStopped(_ pid: Int32) {
        let end = Date().addingTimeInterval(10)
        while Date() < end {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return }
            // "pid (comm) S ...": the state follows the command's name.
            let state = stat[stat.index(after: close)...].dropFirst().first
            if state == "T" || state == "t" || state == "Z" { return }
            usleep(100)
        }
    }

    @Test func twoHundredKillsLoseNoAcknowledgedSetAndCorruptNothing() throws {
        let dir = try CLI.scratch()
        try Self.padWriter.write(to: dir.appendingPathComponent("writer.lua"), atomically: true, encoding: .utf8)
        let storeURL = dir.appendingPathComponent("k.json")
        var acknowledged: [String: Int] = [:]
        var generator = SystemRandomNumberGenerator()
        var killedMidRun = 0, maxTemporaries = 0, killedMidWrite = 0, aimed = 0
        let cycles = 200
        for cycle in 0..<cycles {
            let w = try Spawned.start(["run", "writer.lua", "k.json", "c\(cycle)"], in: dir)
            // The writer's first "? " line: a set is starting.
            let ready = Date().addingTimeInterval(10)
            while Date() < ready {
                if let d = FileManager.default.contents(atPath: w.outURL.path), d.starts(with: Array("? ".utf8)), d.contains(10) { break }
                if Glibc.kill(w.pid, 0) != 0 { break }
                usleep(200)
            }
            if cycle % 2 == 0 {
                // Aimed: stopped while its temporary file exists, it is
                // mid-write whatever the machine's speed (seen and killed
                // while running, the write could finish in between).
                let deadline = Date().addingTimeInterval(10)
                while Date() < deadline, Glibc.kill(w.pid, 0) == 0 {
                    if !temporaries(in: dir, of: "k.json").isEmpty {
                        Glibc.kill(w.pid, SIGSTOP)
                        Self.waitUntilStopped(w.pid)
                        if !temporaries(in: dir, of: "k.json").isEmpty { break }
                        Glibc.kill(w.pid, SIGCONT)
                    }
                    usleep(100)
                }
                aimed += 1
            } else {
                // At random, once it acknowledged a set (a kill before the
                // first would test nothing new).
                let deadline = Date().addingTimeInterval(10)
                while Date() < deadline, Glibc.kill(w.pid, 0) == 0 {
                    let text = (try? String(contentsOf: w.outURL, encoding: .utf8)) ?? ""
                    if text.split(separator: "\n").contains(where: { !$0.hasPrefix("?") }) { break }
                    usleep(500)
                }
                usleep(UInt32.random(in: 0...20000, using: &generator))
            }
            w.kill(SIGKILL)
            let r = w.finish(limit: 10)
            #expect(!r.timedOut, "cycle \(cycle) hung: \(r.summary)")
            if r.signal == SIGKILL { killedMidRun += 1 }
            for line in r.stdout.split(separator: "\n") where !line.hasPrefix("?") {
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
        #expect(killedMidRun == cycles, "only \(killedMidRun) writers were still running when killed")
        // A temporary file left behind means a writer died between creating
        // it and renaming it: every aimed kill landed in the middle of a write.
        #expect(killedMidWrite >= aimed, "only \(killedMidWrite) kills of \(aimed) aimed landed mid-write")
        #expect(acknowledged.count >= 20, "too few acknowledged sets (\(acknowledged.count)) to say anything")
        let store = try storeObject(storeURL)
        var lost: [String] = []
        for (key, n) in acknowledged where store[key] as? Int != n { lost.append(key) }
        #expect(lost.isEmpty, "\(lost.count) acknowledged sets lost, e.g. \(lost.prefix(5))")
        // Each opening cleans the dead: at most the last victim's file is left.
        #expect(maxTemporaries <= 1, "temporary files piled up: \(maxTemporaries)")
        let clean = try Spawned.run(["run", "-e", "ui.store('k.json')"], in: dir, limit: 30)
        #expect(clean.exitCode == 0, "\(clean.summary)")
        #expect(temporaries(in: dir, of: "k.json") == [])
    }
}

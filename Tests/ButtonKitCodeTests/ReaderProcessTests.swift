import Testing
import ButtonKit
import ButtonKitIB
@testable import ButtonKitCode

/// The reader process: missing, crashing, lying and hanging readers are
/// clear errors; bad files are listed, never a crash.
@Suite("The Swift reader process")
struct ReaderProcessTests {
    /// Each source is new to the cache (a unique comment), so the reader runs.
    func fresh(_ s: String) -> String { s + "\n// \(UInt64.random(in: 0...UInt64.max))\n" }

    @Test("no reader: an error that says what to install")
    func missing() {
        #expect {
            _ = try CodeFixtures.load(source: fresh("let x = 1")) { $0.readerPath = nil; $0.readerPath = "/nonexistent/buttonkit-swift-reader" }
        } throws: { e in
            "\(e)".contains("cannot start the Swift reader")
        }
        let message = CodeError("x").message
        #expect(message == "x")
    }

    @Test("a reader that exits at once is an error naming how it stopped")
    func crash() {
        let script = CodeFixtures.script("echo 'boom' >&2; exit 3")
        #expect {
            _ = try CodeFixtures.load(source: fresh("let x = 1")) { $0.readerPath = script }
        } throws: { e in
            let m = "\(e)"
            return m.contains("stopped after 0 of 1") && m.contains("boom")
        }
    }

    @Test("a reader that answers garbage is an error, not a crash")
    func garbage() {
        let script = CodeFixtures.script("exec cat")   // echoes the frames: sources, not IR
        #expect {
            _ = try CodeFixtures.load(source: fresh("let x = 1")) { $0.readerPath = script }
        } throws: { e in
            "\(e)".contains("not valid IR")
        }
    }

    @Test("a reader past the deadline is killed and the load fails in time")
    func deadline() {
        let script = CodeFixtures.script("exec sleep 30")
        let start = ReaderProcess.now()
        #expect {
            _ = try CodeFixtures.load(source: fresh("let x = 1")) { $0.readerPath = script; $0.timeLeft = 0.5 }
        } throws: { e in
            "\(e)".contains("--timeout")
        }
        #expect(ReaderProcess.now() - start < 20)   // a hang catch only
    }

    @Test("text that is not UTF-8, and a binary file, are listed as not read")
    func badBytes() throws {
        let (d1, _) = try CodeFixtures.load(bytes: Array("let a = 1\nlet b = \"".utf8) + [0xFF, 0xFE] + Array("\"\n".utf8))
        #expect(d1.unresolved.contains { $0.reason.contains("not UTF-8") && $0.line == 2 })
        let (d2, _) = try CodeFixtures.load(bytes: [0x7F, 0x45, 0x4C, 0x46, 0, 0, 1, 2, 3] + Array(repeating: 0, count: 100))
        #expect(d2.unresolved.contains { $0.reason.contains("binary") })
    }

    @Test("10,000-deep nesting is read (the parser's own bound), not a crash")
    func deepNesting() throws {
        let deep = "let x = " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        let (d, _) = try CodeFixtures.load(source: fresh(deep))
        #expect(d.scenes.isEmpty)
    }

    @Test("both reader processes share a folder's files; every file is answered")
    func twoWorkers() throws {
        var files: [[UInt8]] = []
        for i in 0..<9 { files.append(Array(fresh("let v\(i) = \(i)").utf8)) }
        let reader = try #require(ReaderLocation.beside())
        var proc = ReaderProcess(executable: reader, deadline: 0, maxMemory: 1 << 31)
        let out = try proc.run(files)
        #expect(out.count == 9)
        #expect(out.allSatisfy { !$0.isEmpty })
    }
}

/// A file that crashes SwiftParser itself (its lookahead recurses without
/// bound on thousands of `[`): that file is listed as not read, the others
/// are read by a new reader process.
@Suite("The Swift reader: a file that crashes the parser")
struct ParserCrashTests {
    @Test("the crashing file is listed, every other file is read")
    func crashingFile() throws {
        let bad = Array(("class A {\n  init() {\n    sup" + String(repeating: "[", count: 3000) + "\n  }\n}\n// \(UInt64.random(in: 0...UInt64.max))").utf8)
        let good = (0..<4).map { Array("let v\($0) = \($0) // \(UInt64.random(in: 0...UInt64.max))".utf8) }
        let reader = try #require(ReaderLocation.beside())
        var proc = ReaderProcess(executable: reader, deadline: 0, maxMemory: 1 << 31)
        proc.workers = 1
        let out = try proc.run([good[0], bad, good[1], good[2], good[3]])
        #expect(proc.stopped.keys.sorted() == [1])
        #expect(proc.stopped[1]?.contains("signal") == true)
        #expect(out[1].isEmpty)
        for i in [0, 2, 3, 4] { #expect(!out[i].isEmpty) }
    }
}

/// A file on which SwiftParser's lookahead is exponential (30 unclosed `[`
/// in a parameter list run for minutes; scripts/fuzz-swift met one): the
/// reader reading it is replaced once past the file's budget, that file is
/// listed as not read and the rest are read, long before the run's deadline.
@Suite("The Swift reader: a file the parser does not finish")
struct ParserSlowFileTests {
    @Test("the slow file is listed, every other file is read")
    func slowFile() throws {
        let slow = Array("import UIKit\nfinal class A: UIButton {\n  init(i\(String(repeating: "[", count: 30))x) {}\n}\n// \(UInt64.random(in: 0...UInt64.max))\n".utf8)
        let good = (0..<3).map { Array("let v\($0) = \($0) // \(UInt64.random(in: 0...UInt64.max))".utf8) }
        let reader = try #require(ReaderLocation.beside())
        var proc = ReaderProcess(executable: reader, deadline: ReaderProcess.now() + 300, maxMemory: 1 << 31)
        proc.workers = 1
        // 30 unclosed `[` run for minutes: 3 s is past any real file here.
        proc.fileBudget = { _ in 3 }
        let out = try proc.run([good[0], slow, good[1], good[2]])
        #expect(proc.stopped.keys.sorted() == [1])
        #expect(proc.stopped[1]?.contains("did not finish it within") == true, "\(proc.stopped)")
        #expect(out[1].isEmpty)
        for i in [0, 2, 3] { #expect(!out[i].isEmpty) }
    }
}

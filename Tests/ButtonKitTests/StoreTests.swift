import Foundation
import Testing
@testable import ButtonKit

@Suite("Stores: atomic JSON files")
struct StoreTests {
    @Test func setIsOnDiskWhenItReturns() throws {
        let path = makeTempDir() + "/s.json"
        let s = try Store(path: path)
        try s.set("a", .int(1))
        try s.set("b", .array([.string("x"), .bool(true), .null]))
        let again = try Store(path: path)
        #expect(try again.get("a") == .int(1))
        #expect(try again.get("b") == .array([.string("x"), .bool(true), .null]))
        #expect(try again.keys() == ["a", "b"])
    }

    @Test func noLockFileIsLeftBesideTheStore() throws {
        let dir = makeTempDir()
        let s = try Store(path: dir + "/s.json")
        try s.set("a", .int(1))
        try s.delete("a")
        #expect(!FileIO.exists(dir + "/.s.json.lock"))
        #expect(FileIO.exists(dir + "/s.json"))
    }

    @Test func aLockerThatWaitedOnARemovedLockFileLocksAgain() throws {
        // Two threads writing one store through two objects: each removes
        // the lock file before unlocking, and a waiter that locked the
        // removed file starts again, so no update is lost.
        let path = makeTempDir() + "/s.json"
        let b = try Store(path: path)
        let t = Thread {
            guard let a = try? Store(path: path) else { return }
            for i in 0..<200 { try? a.set("a\(i)", .int(i)) }
        }
        t.start()
        for i in 0..<200 { try b.set("b\(i)", .int(i)) }
        while !t.isFinished { usleep(1000) }
        #expect(try Store(path: path).keys().count == 400)
    }

    @Test func anInMemoryStoreKeepsValuesAndRefusalsWithoutAFile() throws {
        let s = Store(memory: ())
        #expect(s.isInMemory && s.path == ":memory:")
        try s.set("b", .array([.int(1), .string("x")]))
        try s.set("a", .bool(true))
        #expect(try s.keys() == ["a", "b"])
        #expect(try s.get("b") == .array([.int(1), .string("x")]))
        try s.delete("a")
        #expect(try s.get("a") == nil)
        try s.set("caf\u{E9}", .int(1))
        #expect(throws: ButtonKitError.otherSpelling(holder: "store ':memory:'", noun: "key", given: "cafe\u{301}", held: "caf\u{E9}")) {
            try s.set("cafe\u{301}", .int(2))
        }
        // Each is its own store.
        #expect(try Store(memory: ()).keys().isEmpty)
    }

    @Test func aSecondSpellingOfAKeyIsRefusedNotMergedIntoTheFirst() throws {
        let path = makeTempDir() + "/s.json"
        let s = try Store(path: path)
        try s.set("caf\u{E9}", .int(1))
        #expect(throws: ButtonKitError.otherSpelling(holder: "store '\(path)'", noun: "key", given: "cafe\u{301}", held: "caf\u{E9}")) {
            try s.set("cafe\u{301}", .int(2))
        }
        #expect(try Store(path: path).get("caf\u{E9}") == .int(1))
        #expect(try s.get("cafe\u{301}") == nil)   // get answers for the exact bytes only
        #expect(throws: ButtonKitError.self) { try s.delete("cafe\u{301}") }
        try s.set("caf\u{E9}", .int(3))   // the held spelling still writes
        #expect(try Store(path: path).get("caf\u{E9}") == .int(3))
    }

    @Test func aFileThatRepeatsAKeyIsRefusedAtTheRepeat() throws {
        for (text, col) in [("{\"a\": 1, \"a\": 2}", 10), ("{\"x\": {\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}}", 19)] {
            let path = makeTempDir() + "/d.json"
            writeFile(path, text)
            let error = #expect(throws: ButtonKitError.self) { _ = try Store(path: path) }
            guard case let .corruptStore(_, line, column, reason)? = error else {
                Issue.record("\(text): \(String(describing: error))")
                continue
            }
            #expect(line == 1 && column == col)
            #expect(reason.contains("key '"))
            #expect(readFile(path) == text)
        }
    }

    @Test func anExponentAtTheEdgeOfIntOpensWithoutTrapping() throws {
        let path = makeTempDir() + "/e.json"
        writeFile(path, "{\"a\": 1.5e-9223372036854775808, \"b\": 2e9223372036854775807}")
        let s = try Store(path: path)
        try s.set("c", .int(1))
        #expect(readFile(path)?.contains("1.5e-9223372036854775808") == true, "the number is kept as written")
    }

    @Test func deleteRemovesKey() throws {
        let path = makeTempDir() + "/s.json"
        let s = try Store(path: path)
        try s.set("a", .int(1))
        try s.delete("a")
        #expect(try Store(path: path).get("a") == nil)
    }

    @Test func crashMidWriteLeavesOldContentIntact() throws {
        let path = makeTempDir() + "/s.json"
        let s = try Store(path: path)
        try s.set("k", .string("old"))
        let before = readFile(path)
        s.crashNextWriteAfterBytes = 5
        #expect(throws: ButtonKitError.self) { try s.set("k", .string("new")) }
        #expect(readFile(path) == before)
        #expect(try Store(path: path).get("k") == .string("old"))
        #expect(try s.get("k") == .string("old"))   // memory agrees with disk
    }

    @Test func corruptFileIsRefusedWithPositionAndNotOverwritten() throws {
        let path = makeTempDir() + "/bad.json"
        writeFile(path, "{\n  \"a\": 1,\n  \"b\": tru\n}")
        do {
            _ = try Store(path: path)
            Issue.record("a corrupt store opened")
        } catch let ButtonKitError.corruptStore(p, line, column, _) {
            #expect(p == path)
            #expect(line == 3)
            #expect(column == 8)
        }
        #expect(readFile(path) == "{\n  \"a\": 1,\n  \"b\": tru\n}")
    }

    @Test func topLevelMustBeAnObject() throws {
        let path = makeTempDir() + "/arr.json"
        writeFile(path, "[1,2]")
        #expect(throws: ButtonKitError.self) { try Store(path: path) }
    }

    @Test func missingFolderIsAnIOError() {
        #expect(throws: ButtonKitError.self) { try Store(path: "/nonexistent-dir-xyz/s.json") }
    }
}

@Suite("JSON reader and writer")
struct JSONTests {
    @Test func roundTripsNestedValues() throws {
        let v = JSONValue.object(["a": .array([.int(1), .double(2.5), .string("é\n\"")]), "b": .null, "c": .bool(false)])
        #expect(try JSON.parse(JSON.serialize(v)) == v)
        #expect(try JSON.parse(JSON.serialize(v, pretty: true)) == v)
    }

    @Test func serializationIsDeterministicWithSortedKeys() {
        #expect(JSON.serialize(.object(["b": .int(1), "a": .int(2)])) == "{\"a\":2,\"b\":1}")
    }

    @Test func parsesUnicodeEscapesAndSurrogates() throws {
        #expect(try JSON.parse("\"\\u00e9\\ud83d\\ude00\"") == .string("é😀"))
    }

    @Test func rejectsTrailingGarbageAndBadNumbers() {
        #expect(throws: JSON.ParseError.self) { try JSON.parse("{} x") }
        #expect(throws: JSON.ParseError.self) { try JSON.parse("-") }
        #expect(throws: JSON.ParseError.self) { try JSON.parse("[1,]") }
    }
}

import Foundation

/// Runs the built `buttonkit` binary, as a user or CI would.
public struct CLI {
    public struct Result {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status; self.stdout = stdout; self.stderr = stderr
        }
    }

    /// The package root, found from this file's path.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `buttonkit` built with this test bundle: the one beside the test
    /// executable (`swift test` builds it in the same configuration). A
    /// binary older than the newest source would test yesterday's code, so
    /// that is a failure, never a silent fallback to another build.
    public static let binary: URL = {
        let exe = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "")
        var dir = exe.deletingLastPathComponent()
        // The test executable may sit inside an .xctest bundle folder.
        while dir.path != "/" && !FileManager.default.isExecutableFile(atPath: dir.appendingPathComponent("buttonkit").path) {
            dir = dir.deletingLastPathComponent()
        }
        let candidate = dir.appendingPathComponent("buttonkit")
        precondition(FileManager.default.isExecutableFile(atPath: candidate.path),
                     "no buttonkit binary beside the test executable \(exe.path); run `swift build` first")
        let built = modified(candidate)
        let newest = newestSource()
        precondition(built >= newest, "\(candidate.path) is older than the sources; run `swift build` first")
        return candidate
    }()

    public static func modified(_ u: URL) -> Date {
        ((try? FileManager.default.attributesOfItem(atPath: u.path))?[.modificationDate] as? Date) ?? .distantPast
    }

    public static func newestSource() -> Date {
        var newest = Date.distantPast
        let sources = root.appendingPathComponent("Sources")
        if let e = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.contentModificationDateKey]) {
            // The Swift reader and the bench are programs of their own: buttonkit is not rebuilt when they change.
            for case let u as URL in e where ["swift", "c", "h", "lua"].contains(u.pathExtension) && !u.path.contains("/Sources/SwiftReader/")
                && !u.path.contains("/Sources/ButtonKitBench/") {
                newest = max(newest, modified(u))
            }
        }
        return newest
    }

    public static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures") }

    /// Runs `buttonkit` (or `executable`: another program run the same way,
    /// as the tests that compare with busted run busted) with `args`.
    @discardableResult
    public static func run(_ args: [String], in dir: URL? = nil, env: [String: String] = [:], stdin: String? = nil,
                    executable: URL? = nil) throws -> Result {
        let p = Process()
        p.executableURL = executable ?? binary
        p.arguments = args
        p.currentDirectoryURL = dir ?? fixtures
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        // Tests say when they mean CI: the runner reads CI (snapshots are
        // not written there), and CI systems set it for everything.
        environment["CI"] = nil
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        let out = Pipe(), inp = Pipe()
        // stderr goes to a file so only one pipe needs draining while the child runs.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("buttonkit-err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let errHandle = try FileHandle(forWritingTo: errURL)
        defer { try? FileManager.default.removeItem(at: errURL) }
        p.standardOutput = out
        p.standardError = errHandle
        p.standardInput = inp
        try p.run()
        if let stdin { inp.fileHandleForWriting.write(Data(stdin.utf8)) }
        try inp.fileHandleForWriting.close()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        try errHandle.close()
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        return Result(status: p.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh scratch folder.
    public static func scratch() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("buttonkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
}

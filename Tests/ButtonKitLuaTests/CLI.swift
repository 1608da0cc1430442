import Foundation

/// Runs the built `buttonkit` binary, as a user or CI would.
struct CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The package root, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var binary: URL {
        for config in ["debug", "release"] {
            let u = root.appendingPathComponent(".build/\(config)/buttonkit")
            if FileManager.default.isExecutableFile(atPath: u.path) { return u }
        }
        return root.appendingPathComponent(".build/debug/buttonkit")
    }

    static var fixtures: URL { root.appendingPathComponent("Tests/Fixtures") }

    @discardableResult
    static func run(_ args: [String], in dir: URL? = nil, env: [String: String] = [:], stdin: String? = nil) throws -> Result {
        let p = Process()
        p.executableURL = binary
        p.arguments = args
        p.currentDirectoryURL = dir ?? fixtures
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
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
    static func scratch() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("buttonkit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
}

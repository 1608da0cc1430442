import Foundation

/// Runs a program found on PATH (bash, zsh, fish) with arguments.
public enum Shell {
    /// The program's path, or nil when it is not installed.
    public static func find(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    /// `env` is laid over this process's environment (a script told where
    /// the built binary is, or given another PATH).
    public static func run(_ program: String, _ args: [String], in dir: URL? = nil,
                           env: [String: String] = [:]) throws -> CLI.Result {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        if let dir { p.currentDirectoryURL = dir }
        if !env.isEmpty {
            p.environment = ProcessInfo.processInfo.environment.merging(env) { _, new in new }
        }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // Small outputs: read one pipe to its end, then the other.
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return CLI.Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                          stderr: String(decoding: e, as: UTF8.self))
    }
}

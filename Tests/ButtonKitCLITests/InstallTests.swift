import Foundation
import Testing
import ButtonKitTestSupport

/// `scripts/install` into a scratch PREFIX. It installs the binary these
/// tests were built with (BUTTONKIT_BIN): building a release from inside
/// `swift test` would wait forever on the build folder's lock.
@Suite("scripts/install", .serialized)
struct InstallTests {
    /// Runs the script; `path` replaces PATH when given.
    func install(_ prefix: URL, path: String? = nil) throws -> CLI.Result {
        var env = ["BUTTONKIT_BIN": CLI.binary.path]
        if let path { env["PATH"] = path }
        return try Shell.run("/bin/bash", [CLI.root.appendingPathComponent("scripts/install").path, prefix.path], env: env)
    }

    @Test func installsAnExecutableThatRunsAndReinstallsInPlace() throws {
        let prefix = try CLI.scratch().appendingPathComponent("prefix with space")
        let bin = prefix.appendingPathComponent("bin/buttonkit")
        var inodes: [UInt64] = []
        for round in 1...2 {
            let r = try install(prefix)
            #expect(r.status == 0, "round \(round): \(r.stderr)")
            #expect(r.stdout.contains("as \(bin.path)"), "\(r.stdout)")
            #expect(r.stdout.contains("is not on your PATH"))
            #expect(r.stdout.contains("export PATH="))
            let v = try Shell.run(bin.path, ["--version"])
            #expect(v.status == 0)
            #expect(v.stdout.hasPrefix("buttonkit "), "\(v.stdout)")
            inodes.append(try FileManager.default.attributesOfItem(atPath: bin.path)[.systemFileNumber] as? UInt64 ?? 0)
        }
        // Replaced by a rename, not rewritten in place: a running copy keeps its file.
        #expect(inodes[0] != inodes[1])
        // No temporary files left beside it: the binary and, where the build has one, the Swift reader.
        let reader = CLI.binary.deletingLastPathComponent().appendingPathComponent("buttonkit-swift-reader")
        let hasReader = FileManager.default.isExecutableFile(atPath: reader.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: bin.deletingLastPathComponent().path).sorted()
                == (hasReader ? ["buttonkit", "buttonkit-swift-reader"] : ["buttonkit"]))
        if hasReader {
            // The installed pair reads Swift from any folder, confined.
            let dir = try CLI.scratch()
            try "final class V: UIViewController { let b = UIButton(type: .system) }\n".write(to: dir.appendingPathComponent("V.swift"), atomically: true, encoding: .utf8)
            try "print(#ui.load('V.swift').controls)\n".write(to: dir.appendingPathComponent("s.lua"), atomically: true, encoding: .utf8)
            let r = try CLI.run(["run", "s.lua"], in: dir, executable: bin)
            #expect(r.status == 0 && r.stdout == "1\n", "\(r.stdout)\(r.stderr)")
        }

        // Completions under the prefix, none outside it.
        let share = prefix.appendingPathComponent("share")
        for path in ["bash-completion/completions/buttonkit", "zsh/site-functions/_buttonkit", "fish/vendor_completions.d/buttonkit.fish"] {
            #expect(FileManager.default.fileExists(atPath: share.appendingPathComponent(path).path), "\(path)")
        }
        let bash = try String(contentsOf: share.appendingPathComponent("bash-completion/completions/buttonkit"), encoding: .utf8)
        #expect(bash.contains("complete -F _buttonkit buttonkit"))
    }

    @Test func saysWhenTheFolderIsAlreadyOnThePath() throws {
        let prefix = try CLI.scratch()
        let path = prefix.appendingPathComponent("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let r = try install(prefix, path: path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\(prefix.path)/bin is on your PATH"), "\(r.stdout)")
        #expect(!r.stdout.contains("export PATH="))
    }
}

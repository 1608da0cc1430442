import CTestSupport
import Foundation
import Testing
import ButtonKitTestSupport

/// Issue 19's race, through the built binary: another user (nobody) keeps
/// swapping a folder of the working tree with a link to a folder outside
/// (`renameat2(RENAME_EXCHANGE)`, in a loop) while a confined script reads a
/// file in that folder and creates files there. A check in user space
/// before the system resolves the name loses that race within a second; the
/// kernel resolving the name beneath the tree does not. The same probe with
/// the user-space checks alone (`BUTTONKIT_CONFINEMENT=user-space`, which
/// is also what the build before the kernel's confinement did) shows the
/// race is real. Needs root, to start the swapping process as nobody.
@Suite("Races with another user", .serialized, .enabled(if: getuid() == 0, "the swapping process is started as another user"))
struct RaceAttackTests {
    static let nobody: UInt32 = 65534

    /// tree/d (inside) and tree/l -> ../outside, in a tree the other user
    /// owns; outside/secret.txt readable by root only.
    func setUp() throws -> Escape {
        let e = try Escape()
        let fm = FileManager.default
        try fm.copyItem(at: SandboxAttackTests.attack.appendingPathComponent("race_probe.lua"), to: e.inTree("probe.lua"))
        try e.write("it('races', function() dofile('probe.lua') end)\n", to: e.inTree("spec/race_spec.lua"))
        try fm.createDirectory(at: e.inTree("d"), withIntermediateDirectories: true)
        try e.write("inside\n", to: e.inTree("d/secret.txt"))
        try e.write("root only secret\n", to: e.outsideFile("secret.txt"))
        #expect(chmod(e.outsideFile("secret.txt").path, 0o600) == 0)
        try fm.createSymbolicLink(atPath: e.inTree("l").path, withDestinationPath: "../outside")
        #expect(chmod(e.base.path, 0o755) == 0 && chmod(e.tree.path, 0o755) == 0)
        #expect(chown(e.tree.path, Self.nobody, Self.nobody) == 0)
        return e
    }

    struct Outcome {
        let ended: Spawned.Ended
        let swapper: Int32
        let rounds, outside, inside, failed: Int
    }

    /// Runs `args` in the tree while the other user swaps d and l.
    func race(_ e: Escape, _ args: [String], seconds: Double, env: [String: String] = [:]) throws -> Outcome {
        let pid = bk_test_swapper(e.tree.path, "d", "l", seconds + 1, Self.nobody, Self.nobody)
        #expect(pid > 0)
        var env = env
        env["BK_SECONDS"] = String(seconds)
        let r = try Spawned.run(args, in: e.tree, env: env, limit: 60 + seconds)
        // Still swapping (it would have ended at once had it not become
        // nobody): it has done its part.
        var status: Int32 = 0, rss = 0
        if bk_test_wait(pid, 1, &status, &rss, nil) == 0 {
            kill(pid, SIGKILL)
            _ = bk_test_wait(pid, 0, &status, &rss, nil)
            status = 0
        }
        let line = r.stdout.split(separator: "\n").first { $0.hasPrefix("race: ") } ?? ""
        let n = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(n.count == 4, "no race line: \(r.summary)")
        let v = n.count == 4 ? n : [0, 0, 0, 0]
        return Outcome(ended: r, swapper: status, rounds: v[0], outside: v[1], inside: v[2], failed: v[3])
    }

    static let run = ["run", "probe.lua"]
    static let spec = ["test", "--sandbox", "--no-config", "--timeout", "60", "-o", "plain", "spec/race_spec.lua"]

    /// What the kernel offers this machine (`buttonkit --version`).
    static let kernel: String = (try? CLI.run(["--version"], env: ["BUTTONKIT_CONFINEMENT": ""]).stdout) ?? ""

    /// Each kernel mechanism holds alone and both together: openat2 (the
    /// kernel resolves names beneath the tree), Landlock with the
    /// user-space checks (the checks lose the race and the kernel refuses
    /// the open outside), and both (the default), in `run` and in a
    /// `test --sandbox` worker.
    @Test(arguments: [("", run), ("", spec), ("openat2", run), ("landlock", run)])
    func aConfinedOpenNeitherReadsNorCreatesOutsideWhileAnotherUserSwapsFolders(_ mode: String, _ args: [String]) throws {
        let wanted = mode == "" ? "openat2" : mode
        guard Self.kernel.contains(wanted) || (mode == "" && Self.kernel.contains("landlock ABI")) else {
            // A kernel without it: the fallback test below covers this machine.
            #expect(Self.kernel.contains("confinement: "), "\(Self.kernel)")
            return
        }
        let e = try setUp()
        let o = try race(e, args, seconds: 3, env: ["BUTTONKIT_CONFINEMENT": mode])
        #expect(o.swapper == 0, "the swapping process did not run as nobody (status \(o.swapper))")
        #expect(o.rounds > 0, "\(o.ended.summary)")
        #expect(o.outside == 0, "a confined io.open read the root-only file outside: \(o.ended.summary)")
        let made = e.outsideListing().filter { $0 != "secret.txt" }
        #expect(made.isEmpty, "\(made.count) files were created outside, such as \(made.prefix(3))")
        // Not vacuous: the folder was swapped while the probe ran (some
        // opens were refused, some found the inside file).
        #expect(o.inside > 0 && o.failed > 0, "\(o.rounds) rounds, \(o.inside) inside, \(o.failed) failed")
        #expect(o.ended.exitCode == 0, "\(o.ended.summary)")
    }

    @Test func theSameRaceGetsOutWithTheUserSpaceChecksAlone() throws {
        let e = try setUp()
        let o = try race(e, ["run", "probe.lua"], seconds: 20, env: ["BUTTONKIT_CONFINEMENT": "user-space", "BK_UNTIL_OUT": "1"])
        #expect(o.swapper == 0, "the swapping process did not run as nobody (status \(o.swapper))")
        #expect(o.outside > 0 || e.outsideListing().count > 1,
                "the user-space checks held for \(o.rounds) rounds: the race test would be vacuous")
    }
}

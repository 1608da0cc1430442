import Foundation
import Testing
import ButtonKitTestSupport

/// Sandbox escapes from issue 13, each tried through the built binary from
/// a working tree with a sibling folder (`outside/`) the script must not
/// reach. Every probe prints one line per attempt; a line that does not say
/// "refused" is an escape, and nothing may appear in or vanish from
/// `outside/`. Where it shows the probe is not vacuous, the same probe runs
/// under `--unsafe` and does get out.
@Suite("Sandbox under attack", .serialized)
struct SandboxAttackTests {
    static let attack = CLI.fixtures.appendingPathComponent("attack")

    /// A tree with `probe.lua` (copied from the fixtures) and outside files
    /// worth stealing or destroying.
    func setUp(_ probe: String) throws -> Escape {
        let e = try Escape()
        try FileManager.default.copyItem(at: Self.attack.appendingPathComponent(probe), to: e.inTree("probe.lua"))
        try e.write("outside secret\n", to: e.outsideFile("secret.txt"))
        try e.write("return 'outside secret'\n", to: e.outsideFile("secret.lua"))
        try e.write("precious\n", to: e.outsideFile("victim.txt"))
        try e.write("decoy\n", to: e.inTree("decoy.txt"))
        return e
    }

    static let outsideBefore = ["secret.lua", "secret.txt", "victim.txt"]

    func env(_ e: Escape) -> [String: String] {
        ["BK_OUTSIDE": e.outside.path, "BK_TREE": e.tree.path, "BK_PROBE": "probe.lua"]
    }

    /// The probe's lines from standard output (or a spec's captured output).
    func probeLines(_ out: String) -> [String] {
        out.split(separator: "\n").map(String.init).filter { $0.contains(": refused") || $0.contains(": ALLOWED") }
    }

    func expectAllRefused(_ r: Spawned.Ended, count: Int, _ what: String) {
        #expect(r.exitCode == 0, "\(what): \(r.summary)")
        let lines = probeLines(r.stdout)
        #expect(lines.count == count, "\(what): \(lines.count) probe lines, expected \(count)\n\(r.stdout)")
        for l in lines { #expect(l.contains(": refused"), "\(what) escaped: \(l)") }
    }

    func expectOutsideUntouched(_ e: Escape, _ what: String) {
        #expect(e.outsideListing() == Self.outsideBefore, "\(what): outside/ changed")
        #expect(e.read(e.outsideFile("victim.txt")) == "precious\n", "\(what): victim.txt changed")
        #expect(e.read(e.outsideFile("secret.txt")) == "outside secret\n")
    }

    func runSpec(_ e: Escape, extra: [String] = []) throws -> Spawned.Ended {
        try FileManager.default.copyItem(at: Self.attack.appendingPathComponent("probe_spec.lua"),
                                         to: e.inTree("spec/probe_spec.lua"))
        return try Spawned.run(["test", "-o", "plain", "--sandbox", "--no-config"] + extra, in: e.tree, env: env(e), limit: 60)
    }

    // MARK: NUL bytes

    @Test func aNulBytePassesNoPathCheckAsAScript() throws {
        let e = try setUp("nul_probe.lua")
        let r = try Spawned.run(["run", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        expectAllRefused(r, count: 12, "run")
        for l in probeLines(r.stdout) where !l.hasPrefix("package.searchpath") { #expect(l.contains("NUL byte"), "\(l)") }
        #expect(!r.stdout.contains("outside secret"))
        expectOutsideUntouched(e, "run")
        #expect(e.read(e.inTree("decoy.txt")) == "decoy\n")
        #expect(!e.exists(e.inTree("moved-in.txt")))
    }

    @Test func aNulBytePassesNoPathCheckInASandboxedSpec() throws {
        let e = try setUp("nul_probe.lua")
        let r = try runSpec(e)
        #expect(r.exitCode == 0 && r.stdout.hasSuffix("1 passed, 0 failed, 0 pending\n"), "\(r.summary)")
        expectOutsideUntouched(e, "test --sandbox")
    }

    @Test func aNulBytePassesNoPathCheckInTheREPL() throws {
        let e = try setUp("nul_probe.lua")
        let p = try PTY(["/usr/bin/env", "-C", e.tree.path, CLI.binary.path, "repl", "--history", "/dev/null"], env: env(e))
        _ = p.read(until: "leave\r\n> ")
        p.send("dofile('probe.lua') print('probe' .. ' done')\r")
        let out = p.read(until: "probe done")
        p.send("\u{04}")
        _ = p.read(timeout: 1)
        _ = p.wait()
        let lines = probeLines(out.replacingOccurrences(of: "\r", with: ""))
        #expect(lines.count == 12, "\(p.transcript)")
        for l in lines { #expect(l.contains(": refused"), "repl escaped: \(l)") }
        expectOutsideUntouched(e, "repl")
    }

    @Test func theNulProbeDoesGetOutUnconfined() throws {
        // Without the sandbox, C reads the name up to the NUL: the probe sees it.
        let e = try setUp("nul_probe.lua")
        let r = try Spawned.run(["run", "--unsafe", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        #expect(r.stdout.contains("io.open read: ALLOWED (outside secret"), "\(r.summary)")
    }

    // MARK: Links

    func makeLinks(_ e: Escape) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: e.inTree("sub"), withIntermediateDirectories: true)
        let links: [(String, String)] = [
            ("dangling", "../outside/by-link.txt"),
            ("dangling-abs", e.outside.path + "/by-abslink.txt"),
            ("chain1", "chain2"), ("chain2", "../outside/by-chain.txt"),
            ("sub/up", "../../outside/by-up.txt"),
            ("dirlink", "../outside"),
            ("readlink", "../outside/secret.txt"),
        ]
        for (name, target) in links {
            try fm.createSymbolicLink(atPath: e.inTree(name).path, withDestinationPath: target)
        }
    }

    @Test func linksInsideTheTreeLeadingOutsideAreRefusedDanglingOrNot() throws {
        let e = try setUp("link_probe.lua")
        try makeLinks(e)
        let r = try Spawned.run(["run", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        expectAllRefused(r, count: 6 * 7 + 2, "run")
        #expect(!r.stdout.contains("outside secret"))
        expectOutsideUntouched(e, "links")
        #expect(e.read(e.inTree("decoy.txt")) == "decoy\n")
    }

    @Test func theLinkProbeDoesGetOutUnconfined() throws {
        let e = try setUp("link_probe.lua")
        try makeLinks(e)
        _ = try Spawned.run(["run", "--unsafe", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        #expect(e.exists(e.outsideFile("by-link.txt")), "io.open(dangling, 'w') did not create the target unconfined")
    }

    // MARK: Names Swift reads differently from the kernel

    /// `sub/up` and `sub/secret-link` lead outside.
    func makeNameLinks(_ e: Escape) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: e.inTree("sub"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: e.inTree("sub/up").path, withDestinationPath: "../../outside/by-up.txt")
        try fm.createSymbolicLink(atPath: e.inTree("sub/secret-link").path, withDestinationPath: "../../outside/secret.lua")
    }

    /// Everything beside `tree/` and `outside/`, where `../x` would land.
    func baseListing(_ e: Escape) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: e.base.path)) ?? []).sorted()
    }

    @Test func combiningMarksAndBytesThatAreNotUTF8LeadNowhereOutside() throws {
        let e = try setUp("names_probe.lua")
        try makeNameLinks(e)
        let r = try Spawned.run(["run", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        expectAllRefused(r, count: 4 + 1 + 2 + 1, "run")
        #expect(!r.stdout.contains("outside secret"))
        expectOutsideUntouched(e, "names")
        #expect(baseListing(e) == ["outside", "tree"], "written beside the tree: \(baseListing(e))")
    }

    @Test func theNamesProbeDoesGetOutUnconfined() throws {
        let e = try setUp("names_probe.lua")
        try makeNameLinks(e)
        _ = try Spawned.run(["run", "--unsafe", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        #expect(e.exists(e.outsideFile("by-up.txt")), "io.open('\\xfe/up', 'w') did not reach outside unconfined")
        #expect(baseListing(e).count > 2, "io.open('../<mark>by-mark.txt', 'w') did not land beside the tree unconfined")
    }

    // MARK: Links that lead inside, until a walk or a move says otherwise

    /// `s/s2/back` is the tree again, reached through folders whose names
    /// add up to more than PATH_MAX; `a/sub/c` leads to `tree/outside`
    /// (inside, missing) until it is moved up a level.
    func makeMoveLinks(_ e: Escape) throws {
        // Made folder by folder through descriptors: the whole path is
        // longer than PATH_MAX, which FileManager (and the kernel, given
        // the path at once) refuses.
        let name = String(repeating: "a", count: 250)
        var fd = open(e.tree.path, O_RDONLY | O_DIRECTORY)
        #expect(fd >= 0)
        var first = "", second = ""
        var tenth: Int32 = -1
        for i in 1...20 {
            let part = name + String(i)
            #expect(mkdirat(fd, part, 0o755) == 0)
            let next = openat(fd, part, O_RDONLY | O_DIRECTORY)
            #expect(next >= 0)
            if fd != tenth { close(fd) }  // the tenth stays open for s2
            fd = next
            if i == 10 { tenth = fd }
            if i <= 10 { first += (first.isEmpty ? "" : "/") + part } else { second += (second.isEmpty ? "" : "/") + part }
        }
        #expect(symlinkat(e.tree.path, fd, "back") == 0)
        close(fd)
        #expect(symlinkat(second, tenth, "s2") == 0)
        close(tenth)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: e.inTree("s").path, withDestinationPath: first)
        try fm.createDirectory(at: e.inTree("a/sub"), withIntermediateDirectories: true)
        try fm.createDirectory(at: e.inTree("b/c"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: e.inTree("a/sub/c").path, withDestinationPath: "../../outside")
    }

    @Test func longWalksAndMovedLinksLeadNowhereOutside() throws {
        let e = try setUp("moves_probe.lua")
        try makeMoveLinks(e)
        let r = try Spawned.run(["run", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        expectAllRefused(r, count: 4, "run")
        #expect(!r.stdout.contains("outside secret"))
        expectOutsideUntouched(e, "moves")
    }

    @Test func theMovesProbeDoesGetOutUnconfined() throws {
        let e = try setUp("moves_probe.lua")
        try makeMoveLinks(e)
        _ = try Spawned.run(["run", "--unsafe", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        #expect(e.exists(e.outsideFile("by-long.txt")), "the long walk did not reach outside unconfined")
        #expect(e.exists(e.outsideFile("s.json")), "the moved store did not reach outside unconfined")
    }

    // MARK: Script code between the check and the open

    /// `p1/a/target` inside the tree; `p2/a` leads outside, where
    /// `target` is the secret (so a swap of p1 and p2 would reach it).
    func makeSwapLinks(_ e: Escape) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: e.inTree("p1/a"), withIntermediateDirectories: true)
        try fm.createDirectory(at: e.inTree("p2"), withIntermediateDirectories: true)
        try e.write("inside\n", to: e.inTree("p1/a/target"))
        try e.write("return 'inside'\n", to: e.inTree("p1/a/code.lua"))
        try fm.createSymbolicLink(atPath: e.inTree("p2/a").path, withDestinationPath: e.outside.path)
        try e.write("outside secret\n", to: e.outsideFile("target"))
        try e.write("return 'outside secret'\n", to: e.outsideFile("code.lua"))
    }

    @Test func noHookOrFinalizerCanSwapFoldersBetweenTheCheckAndTheOpen() throws {
        let e = try setUp("swap_probe.lua")
        try makeSwapLinks(e)
        let r = try Spawned.run(["run", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        expectAllRefused(r, count: 6, "run")
        #expect(e.read(e.outsideFile("target")) == "outside secret\n", "outside/target was written")
    }

    @Test func theSwapProbeDoesReachOutsideUnconfined() throws {
        let e = try setUp("swap_probe.lua")
        try makeSwapLinks(e)
        let r = try Spawned.run(["run", "--unsafe", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        #expect(r.stdout.contains(": ALLOWED"), "the swap never reached outside even unconfined: \(r.stdout)")
    }

    // MARK: Coverage files a sandboxed spec names

    @Test func aSandboxedSpecWritesNoCoverageFileOutsideAndShowsNoSourceFromThere() throws {
        let e = try setUp("names_probe.lua")
        try e.write("local x = 1\nreturn x\n", to: e.inTree("payload.lua"))
        try e.write("""
            it("names coverage files outside", function()
              require("luacov.runner").init{ statsfile = os.getenv("BK_OUTSIDE") .. "/stats.out",
                reportfile = os.getenv("BK_OUTSIDE") .. "/report.out", include = { "payload" } }
              require("payload")
            end)
            """, to: e.inTree("spec/out_spec.lua"))
        let r1 = try Spawned.run(["test", "-o", "plain", "--sandbox", "--no-config", "spec/out_spec.lua"], in: e.tree, env: env(e), limit: 60)
        #expect(r1.stderr.contains("outside the working tree"), "\(r1.summary)")
        expectOutsideUntouched(e, "coverage files")
        try e.write("""
            it("names a chunk after a file outside", function()
              require("luacov.runner").init{ include = { "secret" }, codefromstrings = true, runreport = true }
              load("local a = 1", "@" .. os.getenv("BK_OUTSIDE") .. "/secret.txt")()
            end)
            """, to: e.inTree("spec/chunk_spec.lua"))
        let r2 = try Spawned.run(["test", "-o", "plain", "--sandbox", "--no-config", "spec/chunk_spec.lua"], in: e.tree, env: env(e), limit: 60)
        #expect(r2.exitCode == 0, "\(r2.summary)")
        let report = e.read(e.inTree("luacov.report.out")) ?? ""
        #expect(!report.contains("outside secret"), "the report shows a file from outside")
        #expect(r2.stderr.contains("outside the working tree"), "\(r2.summary)")
    }

    // MARK: What a .busted names for the runner

    @Test func aBustedFileUnderSandboxNamesNothingOutsideAndItsHandlerRunsConfined() throws {
        let e = try setUp("names_probe.lua")
        try e.write("it('passes', function() end)\n", to: e.inTree("spec/a_spec.lua"))
        let outside = e.outside.path
        for key in ["junit = '\(outside)/junit.xml'", "json = '\(outside)/r.json'", "report = '\(outside)/r.html'",
                    "helper = '\(outside)/secret.lua'", "ROOT = { 'spec', '\(outside)/secret.lua' }",
                    "['coverage-config-file'] = '\(outside)/secret.lua', coverage = true"] {
            try e.write("return { default = { \(key) } }\n", to: e.inTree(".busted"))
            let r = try Spawned.run(["test", "-o", "plain", "--sandbox"], in: e.tree, env: env(e), limit: 60)
            #expect(r.exitCode != 0 && r.stderr.contains("outside the working tree"), "\(key): \(r.summary)")
        }
        // A handler it names runs, but confined.
        try e.write("""
            local f = io.open(os.getenv("BK_OUTSIDE") .. "/by-handler.txt", "w")
            if f then f:write("escaped") f:close() end
            io.stderr:write("popen: ", tostring((pcall(io.popen, "true"))), "\\n")
            return function(options)
              return require("busted.outputHandlers.base")()
            end
            """, to: e.inTree("evil.lua"))
        try e.write("return { default = { output = 'evil.lua' } }\n", to: e.inTree(".busted"))
        let h = try Spawned.run(["test", "--sandbox"], in: e.tree, env: env(e), limit: 60)
        #expect(h.stderr.contains("popen: false"), "\(h.summary)")
        // A spec found through a link leading outside is not run.
        try FileManager.default.removeItem(at: e.inTree(".busted"))
        try e.write("print('outside spec ran')\nit('x', function() end)\n", to: e.outsideFile("o_spec.lua"))
        try FileManager.default.createSymbolicLink(atPath: e.inTree("spec/link_spec.lua").path, withDestinationPath: e.outsideFile("o_spec.lua").path)
        let l = try Spawned.run(["test", "-o", "plain", "--sandbox"], in: e.tree, env: env(e), limit: 60)
        #expect(l.stderr.contains("spec/link_spec.lua leads outside the working tree"), "\(l.summary)")
        #expect(!l.stdout.contains("outside spec ran") && !l.stderr.contains("outside spec ran"))
        #expect(e.outsideListing() == (Self.outsideBefore + ["o_spec.lua"]).sorted(), "outside/ changed: \(e.outsideListing())")
    }

    // MARK: Numbers as names

    @Test func numbersAsNamesAreCheckedAsTheNamesTheyBecome() throws {
        let e = try setUp("numbers_probe.lua")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: e.inTree("1").path, withDestinationPath: e.outsideFile("secret.txt").path)
        try fm.createSymbolicLink(atPath: e.inTree("2").path, withDestinationPath: e.outsideFile("victim.txt").path)
        try fm.createSymbolicLink(atPath: e.inTree("3").path, withDestinationPath: e.outsideFile("secret.lua").path)
        let r = try Spawned.run(["run", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        expectAllRefused(r, count: 7, "run")
        #expect(!r.stdout.contains("outside secret"))
        expectOutsideUntouched(e, "numbers")
        #expect(e.exists(e.inTree("2")), "the link named 2 was moved")
    }

    // MARK: The runner's module cache

    @Test func theModuleCacheServesNoFileFromOutsideWhateverAHookMoves() throws {
        let e = try Escape()
        let fm = FileManager.default
        try e.write("return 'outside secret'\n", to: e.outsideFile("m.lua"))
        try fm.createDirectory(at: e.inTree("h/up/outside"), withIntermediateDirectories: true)
        try fm.createDirectory(at: e.inTree("docs/sub"), withIntermediateDirectories: true)
        try e.write("return 'inside'\n", to: e.inTree("h/up/outside/m.lua"))
        // Innocent where it is (it leads to the tree itself), outside once moved.
        try fm.createSymbolicLink(atPath: e.inTree("docs/sub/up").path, withDestinationPath: "../..")
        try e.write("""
            package.path = "./?.lua;" .. package.path
            it("a", function()
              require "h.up.outside.m"
              -- before this file's records reach the runner, h/up leads out
              assert(os.rename("h", "h_real")); assert(os.rename("docs/sub", "h"))
            end)
            """, to: e.inTree("spec/a_spec.lua"))
        try e.write("""
            package.path = "./?.lua;" .. package.path
            it("z", function()
              assert(os.rename("h", "hold")); assert(os.rename("h_real", "h"))
              -- between the searcher's check and its cache lookup, move it back out
              debug.sethook(function()
                local i = debug.getinfo(2, "nS")
                if i.what == "C" and i.name == "?" then  -- the framework's cache lookup
                  debug.sethook()
                  os.rename("h", "h_real"); os.rename("hold", "h")
                end
              end, "c")
              local f = package.searchers[2]("h.up.outside.m")
              debug.sethook()
              print("z got " .. tostring(type(f) == "function" and f() or f))
            end)
            """, to: e.inTree("spec/z_spec.lua"))
        let r = try Spawned.run(["test", "-o", "plain", "--sandbox", "-j", "1", "--no-config", "spec/a_spec.lua", "spec/z_spec.lua"],
                                in: e.tree, limit: 60)
        #expect(linkMoveRefused(r), "\(r.summary)")
        #expect(!r.stdout.contains("outside secret") && !r.stderr.contains("outside secret"), "\(r.summary)")
    }

    /// Whether the run says a link (or a folder holding one) was not moved:
    /// the sandbox's first line against every "move a link" attack below.
    func linkMoveRefused(_ r: Spawned.Ended) -> Bool {
        let all = r.stdout + r.stderr
        return all.contains("links are neither moved nor removed") || all.contains("holds a symbolic link")
    }

    @Test func linksAndFoldersHoldingThemAreNeitherMovedNorRemovedButPlainOnesAre() throws {
        let e = try Escape()
        let fm = FileManager.default
        try fm.createDirectory(at: e.inTree("holder/deep"), withIntermediateDirectories: true)
        try fm.createDirectory(at: e.inTree("plain/deep"), withIntermediateDirectories: true)
        try e.write("x\n", to: e.inTree("plain/deep/f.txt"))
        try e.write("x\n", to: e.inTree("g.txt"))
        try fm.createSymbolicLink(atPath: e.inTree("l").path, withDestinationPath: "g.txt")
        try fm.createSymbolicLink(atPath: e.inTree("holder/deep/l").path, withDestinationPath: "../../g.txt")
        try e.write("""
            print("rename link", os.rename("l", "l2"))
            print("remove link", os.remove("l"))
            print("rename holder", os.rename("holder", "h2"))
            print("replace link", os.rename("g.txt", "l"))
            print("rename plain", os.rename("plain", "p2"))
            print("rename file", os.rename("p2/deep/f.txt", "f2.txt"))
            """, to: e.inTree("m.lua"))
        let r = try Spawned.run(["run", "m.lua"], in: e.tree, limit: 60)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        for label in ["rename link", "remove link", "rename holder", "replace link"] {
            #expect(lines.contains { $0.hasPrefix(label + "\tnil") && $0.contains("symbolic link") }, "\(label): \(r.stdout)")
        }
        #expect(lines.contains("rename plain\ttrue") && lines.contains("rename file\ttrue"), "\(r.stdout)")
        #expect(e.exists(e.inTree("l")) && e.exists(e.inTree("holder/deep/l")))
    }

    @Test func aFolderThatCannotBeListedOrHoldsALinkNamedInOtherBytesIsNotMoved() throws {
        let e = try Escape()
        let fm = FileManager.default
        try fm.createDirectory(at: e.inTree("holder"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: e.inTree("holder/l").path, withDestinationPath: "../g.txt")
        try fm.createDirectory(at: e.inTree("odd"), withIntermediateDirectories: true)
        // A link named \xff, and a plain file named U+FFFD (what \xff decodes to) beside it.
        let odd = Array(e.inTree("odd").path.utf8) + [47, 0xFF]
        #expect(symlink("../g.txt", odd.map { CChar(bitPattern: $0) } + [0]) == 0)
        try e.write("x\n", to: e.inTree("odd/\u{FFFD}"))
        try e.write("""
            io.open("pad", "w"):close()
            local fs = {}
            for i = 1, 100000 do local f = io.open("pad") if not f then break end fs[#fs + 1] = f end
            print("out of descriptors", os.rename("holder", "h2"))
            for _, f in ipairs(fs) do f:close() end
            print("other bytes", os.rename("odd", "o2"))
            """, to: e.inTree("m.lua"))
        let r = try Spawned.run(["run", "m.lua"], in: e.tree, limit: 60)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("out of descriptors\tnil") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("other bytes\tnil") && $0.contains("symbolic link") }, "\(r.stdout)")
        #expect(e.exists(e.inTree("holder/l")) && e.exists(e.inTree("odd")))
    }

    @Test func theTreeItselfIsNoStoreAndIsNeitherRenamedNorRemoved() throws {
        let e = try Escape()
        // A store at the tree's own path would keep its lock and temporary
        // files in the tree's parent.
        try e.write("x\n", to: e.base.appendingPathComponent(".tree.tmp-999999-victim"))
        try e.write("""
            print("store", pcall(ui.store, "../tree"))
            print("remove", os.remove("../tree"))
            print("rename", os.rename(".", "x"))
            """, to: e.inTree("t.lua"))
        let r = try Spawned.run(["run", "t.lua"], in: e.tree, limit: 60)
        #expect(r.stdout.contains("is the working tree itself"), "\(r.summary)")
        let beside = ((try? FileManager.default.contentsOfDirectory(atPath: e.base.path)) ?? []).sorted()
        #expect(beside == [".tree.tmp-999999-victim", "outside", "tree"], "the tree's parent changed: \(beside)")
    }

    @Test func aFileKeptAtAPathSitsInsideWithItsSideFilesAndIsNoLink() throws {
        let e = try Escape()
        let fm = FileManager.default
        try e.write("{}\n", to: e.inTree("data.json"))
        // A link outside leading to a file inside: the store's lock and
        // temporary files would go beside the link.
        try fm.createSymbolicLink(atPath: e.outsideFile("back").path, withDestinationPath: e.inTree("data.json").path)
        try e.write("x\n", to: e.outsideFile(".back.tmp-999999-old"))
        try e.write("""
            print("through a link", pcall(ui.store, os.getenv("BK_OUTSIDE") .. "/back"))
            print("missing then up", pcall(ui.store, "made/../x.json"))
            print("open missing then up", io.open("made2/../y.txt", "w"))
            """, to: e.inTree("t.lua"))
        let r = try Spawned.run(["run", "t.lua"], in: e.tree, env: ["BK_OUTSIDE": e.outside.path], limit: 60)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("through a link\tfalse") && $0.contains("is a link") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("missing then up\tfalse") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("open missing then up\tnil") }, "\(r.stdout)")
        let outside = ((try? fm.contentsOfDirectory(atPath: e.outside.path)) ?? []).sorted()
        #expect(outside == [".back.tmp-999999-old", "back"], "outside changed: \(outside)")
        #expect((try? fm.destinationOfSymbolicLink(atPath: e.outsideFile("back").path)) != nil, "the link was replaced")
        let beside = ((try? fm.contentsOfDirectory(atPath: e.base.path)) ?? []).sorted()
        #expect(beside == ["outside", "tree"], "a folder was made beside the tree: \(beside)")
    }

    // MARK: A store's value read before its path is checked

    @Test func aHookRunWhileAStoreReadsItsValueCannotMoveTheWriteOutside() throws {
        let e = try Escape()
        let fm = FileManager.default
        try fm.createDirectory(at: e.inTree("w"), withIntermediateDirectories: true)
        try fm.createDirectory(at: e.inTree("d1/d2"), withIntermediateDirectories: true)
        // Inside where it is (tree/outside, missing); outside once moved up.
        try fm.createSymbolicLink(atPath: e.inTree("d1/d2/esc").path, withDestinationPath: "../../outside")
        try e.write("""
            local s = ui.store("w/f.json")
            local moved = false
            debug.sethook(function()
              if not moved then moved = true; os.rename("w", "w_old"); os.rename("d1/d2/esc", "w") end
            end, "c")
            print(pcall(s.set, s, "k", { secret = "pwned" }))
            debug.sethook()
            """, to: e.inTree("p.lua"))
        let r = try Spawned.run(["run", "p.lua"], in: e.tree, limit: 60)
        #expect(!e.exists(e.outsideFile("f.json")), "the store wrote outside")
        #expect((try? fm.destinationOfSymbolicLink(atPath: e.inTree("d1/d2/esc").path)) == "../../outside", "the link was moved: \(r.summary)")
    }

    /// `d1/esc` -> `../outside`: tree/outside (missing, inside) where it
    /// sits; `../outside` once moved to the tree's top, in place of a
    /// folder there. The sandbox refuses that move itself.
    func makeMovableLink(_ e: Escape) throws {
        try FileManager.default.createDirectory(at: e.inTree("d1"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: e.inTree("d1/esc").path, withDestinationPath: "../outside")
    }

    // MARK: A spec's own snapshot folder, moved

    @Test func aSpecThatMovesALinkInPlaceOfItsFolderWritesNoSnapshotOutside() throws {
        let e = try Escape()
        try makeMovableLink(e)
        try e.write("""
            it("escapes", function()
              assert(os.rename("spec", "spec_old"))
              assert(os.rename("d1/esc", "spec"))
              assert.snapshot(ui.button { id = "b" })
            end)
            """, to: e.inTree("spec/x_spec.lua"))
        let r = try Spawned.run(["test", "-o", "plain", "--sandbox", "--no-config", "spec/x_spec.lua"], in: e.tree, limit: 60)
        #expect(r.stdout.contains("0 passed, 1 failed") || r.stdout.contains("1 error"), "\(r.summary)")
        #expect(!e.exists(e.outside.appendingPathComponent("__snapshots__")), "a snapshot folder appeared outside")
    }

    @Test func aSpecThatMovesItsFolderLetsTheNextSpecLoadNothingFromOutside() throws {
        let e = try Escape()
        try makeMovableLink(e)
        try e.write("""
            it("moves", function()
              assert(os.rename("spec", "spec_old"))
              assert(os.rename("d1/esc", "spec"))
            end)
            """, to: e.inTree("spec/a_spec.lua"))
        try e.write("it('b', function() end)\n", to: e.inTree("spec/b_spec.lua"))
        try e.write("print('outside spec ran') it('b', function() end)\n", to: e.outsideFile("b_spec.lua"))
        let r = try Spawned.run(["test", "-o", "plain", "--sandbox", "-j", "1", "--no-config", "spec/a_spec.lua", "spec/b_spec.lua"], in: e.tree, limit: 60)
        #expect(!r.stdout.contains("outside spec ran") && !r.stderr.contains("outside spec ran"), "\(r.summary)")
        #expect(linkMoveRefused(r), "\(r.summary)")
    }

    @Test func aReportFileWhoseFolderASpecMovedIsNotWrittenOutside() throws {
        let e = try Escape()
        let fm = FileManager.default
        try fm.createDirectory(at: e.inTree("reports"), withIntermediateDirectories: true)
        try makeMovableLink(e)
        try e.write("""
            it("moves", function()
              assert(os.rename("reports", "reports_old"))
              assert(os.rename("d1/esc", "reports"))
            end)
            """, to: e.inTree("spec/a_spec.lua"))
        let r = try Spawned.run(["test", "-o", "plain", "--sandbox", "--no-config", "--junit", "reports/junit.xml", "spec/a_spec.lua"], in: e.tree, limit: 60)
        #expect(!e.exists(e.outsideFile("junit.xml")), "the report was written outside: \(r.summary)")
        #expect(linkMoveRefused(r), "\(r.summary)")
    }

    @Test func renderWritesNoPictureOutsideWhenTheScriptMovesItsOutputFolder() throws {
        let e = try Escape()
        let fm = FileManager.default
        try fm.createDirectory(at: e.inTree("out"), withIntermediateDirectories: true)
        try makeMovableLink(e)
        try e.write("""
            assert(os.rename("out", "out_old")); assert(os.rename("d1/esc", "out"))
            ui.button { id = "moved", title = "hi" }
            """, to: e.inTree("y.lua"))
        let r = try Spawned.run(["render", "y.lua", "-o", "out"], in: e.tree, limit: 60)
        #expect(r.exitCode == 1 && linkMoveRefused(r), "\(r.summary)")
        #expect(!e.exists(e.outsideFile("moved.svg")) && !e.exists(e.outsideFile("index.html")), "pictures written outside")
    }

    // MARK: Bytecode

    @Test func noBinaryChunkLoadsThroughAnyLoaderOrAnythingAReaderCanReach() throws {
        let e = try setUp("bytecode_probe.lua")
        let r = try Spawned.run(["run", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        let lines = probeLines(r.stdout)
        #expect(r.exitCode == 0, "\(r.summary)")
        #expect(r.stdout.contains("C functions handed out from a reader's stack: "), "\(r.stdout)")
        #expect(lines.count >= 5 + 4 + 1, "\(r.stdout)")
        for l in lines { #expect(l.contains(": refused"), "escaped: \(l)") }
        #expect(!r.stdout.contains("bytecode ran"))
    }

    @Test func theBytecodeProbeDoesLoadBytecodeUnconfined() throws {
        let e = try setUp("bytecode_probe.lua")
        let r = try Spawned.run(["run", "--unsafe", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        #expect(r.stdout.contains("load (string): ALLOWED"), "\(r.summary)")
    }

    // MARK: Functions a hook catches in the act

    /// Found while writing these tests: a call hook saw the real io.open,
    /// os.remove ... that the sandbox's wrappers call, and
    /// `debug.getinfo(2, "f").func` handed them out (reading and deleting
    /// files outside the tree).
    @Test func aHookCatchesNoFunctionThatReachesOutside() throws {
        let e = try setUp("hook_probe.lua")
        let r = try Spawned.run(["run", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        expectAllRefused(r, count: 3, "run")
        #expect(r.stdout.range(of: #"caught [1-9][0-9]* functions"#, options: .regularExpression) != nil, "\(r.stdout)")
        #expect(!r.stdout.contains("outside secret"))
        expectOutsideUntouched(e, "hook probe")
    }

    @Test func aHookCatchesNoFunctionThatReachesOutsideInASandboxedSpec() throws {
        let e = try setUp("hook_probe.lua")
        let r = try runSpec(e)
        #expect(r.exitCode == 0 && r.stdout.hasSuffix("1 passed, 0 failed, 0 pending\n"), "\(r.summary)")
        expectOutsideUntouched(e, "hook probe in a spec")
    }

    @Test func theHookProbeDoesGetOutUnconfined() throws {
        let e = try setUp("hook_probe.lua")
        let r = try Spawned.run(["run", "--unsafe", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        #expect(r.stdout.contains("outside files opened through caught functions: ALLOWED"), "\(r.summary)")
    }

    @Test func debugGetinfoKeepsItsAnswersApartFromCFunctionsOnTheStack() throws {
        // Same answers as Lua's own, levels and tail calls included.
        let script = """
        local function show(i)
          if not i then return "nil" end
          return table.concat({ tostring(i.currentline), tostring(i.short_src), tostring(i.what), tostring(i.name),
            tostring(i.namewhat), tostring(i.istailcall), tostring(i.nparams) }, ",")
        end
        local function f() local i = debug.getinfo(2, "nSltu") return i end
        local function g() return debug.getinfo(1, "nSltu") end
        print(show(f()))
        print(show(g()))
        print(show(debug.getinfo(1)))
        print(show(debug.getinfo(print)))
        print(debug.getinfo(print, "f").func == print, debug.getinfo(1, "f").func ~= nil)
        print(pcall(debug.getinfo, 1, ">"))
        print(select("#", debug.getinfo(50)), debug.getinfo(50))
        local co = coroutine.create(function() coroutine.yield() end)
        coroutine.resume(co)
        print(show(debug.getinfo(co, 0, "Sl")), show(debug.getinfo(co, 1, "Sl")))
        """
        let dir = try CLI.scratch()
        try script.write(to: dir.appendingPathComponent("gi.lua"), atomically: true, encoding: .utf8)
        let sandboxed = try Spawned.run(["run", "gi.lua"], in: dir, limit: 30)
        let unsafe = try Spawned.run(["run", "--unsafe", "gi.lua"], in: dir, limit: 30)
        #expect(sandboxed.exitCode == 0, "\(sandboxed.summary)")
        #expect(sandboxed.stdout == unsafe.stdout)
        // The one difference: a C function's frame has no `func`.
        let c = try Spawned.run(["run", "-e", "print(debug.getinfo(1, 'f').func ~= nil, select(2, pcall(function() return debug.getinfo(2, 'f').func end)))"],
                                in: dir, limit: 30)
        #expect(c.stdout == "true\tnil\n", "\(c.summary)")
    }

    // MARK: Existence of outside files

    @Test func nothingTellsWhetherAFileOutsideExists() throws {
        let e = try setUp("exists_probe.lua")
        try FileManager.default.createSymbolicLink(atPath: e.inTree("outlink").path, withDestinationPath: "../outside")
        let r = try Spawned.run(["run", "probe.lua"], in: e.tree, env: env(e), limit: 60)
        #expect(r.exitCode == 0, "\(r.summary)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 11, "\(r.stdout)")
        for l in lines { #expect(l.hasPrefix("same: "), "\(l)") }
        expectOutsideUntouched(e, "exists probe")
        // Unconfined, the same probes do tell (so they are able to).
        let u = try setUp("exists_probe.lua")
        try FileManager.default.createSymbolicLink(atPath: u.inTree("outlink").path, withDestinationPath: "../outside")
        let ur = try Spawned.run(["run", "--unsafe", "probe.lua"], in: u.tree, env: env(u), limit: 60)
        #expect(ur.stdout.contains("DIFFERS: package.searchpath"), "\(ur.summary)")
    }

    // MARK: The test runner

    static let hostileConfig = """
    -- A .busted file that tries to get out and to turn the sandbox off.
    local f = io.open("../outside/by-busted.txt", "w")
    if f then f:write("escaped") f:close() end
    pcall(os.execute, "touch ../outside/by-busted-exec.txt")
    return { _all = { unsafe = true, sandbox = false, ["no-sandbox"] = true } }
    """

    static let hostileSpec = """
    it("stays confined", function()
      local f, err = io.open("../outside/by-spec.txt", "w")
      if f then f:write("escaped") f:close() end
      assert.is_nil(f)
      assert.matches("outside the working tree", err)
      assert.error_matches(function() os.execute("touch ../outside/by-spec-exec.txt") end, "disabled in the sandbox")
    end)
    """

    @Test func underSandboxABustedFileRunsConfinedAndCannotTurnItOff() throws {
        let e = try Escape()
        try e.write(Self.hostileConfig, to: e.inTree(".busted"))
        try e.write(Self.hostileSpec, to: e.inTree("spec/a_spec.lua"))
        let r = try Spawned.run(["test", "-o", "plain", "--sandbox"], in: e.tree, limit: 60)
        #expect(r.exitCode == 0 && r.stdout.hasSuffix("1 passed, 0 failed, 0 pending\n"), "\(r.summary)")
        #expect(e.outsideListing() == [], "something got out: \(e.outsideListing())")
        // Without --sandbox (busted's default) the same files do get out.
        let u = try Escape()
        try u.write(Self.hostileConfig, to: u.inTree(".busted"))
        try u.write(Self.hostileSpec, to: u.inTree("spec/a_spec.lua"))
        _ = try Spawned.run(["test", "-o", "plain"], in: u.tree, limit: 60)
        #expect(u.outsideListing().contains("by-busted.txt"))
    }

    @Test func theRunnersHostFunctionsAreReachableFromNoPublicPath() throws {
        let e = try Escape()
        try e.write("""
        -- Walks everything a spec can reach: globals, loaded modules, their
        -- tables and metatables (debug.getmetatable included).
        it("finds no host function", function()
          local seen, found = {}, {}
          local forbidden = { host = true, read_file = true, write_file = true, json_encode = true,
                              json_decode = true, started = true, activity = true, picture = true }
          local function walk(v, path, depth)
            if depth > 12 or (type(v) ~= "table" and type(v) ~= "userdata" and type(v) ~= "function") or seen[v] then return end
            seen[v] = true
            local mt = debug.getmetatable(v)
            if mt then walk(mt, path .. "<mt>", depth + 1) end
            if type(v) ~= "table" then return end
            for k, x in next, v do
              if type(k) == "string" and forbidden[k] then found[#found + 1] = path .. "." .. k end
              walk(k, path .. "[key]", depth + 1)
              walk(x, path .. "." .. tostring(k), depth + 1)
            end
          end
          walk(_G, "_G", 0)
          walk(package.loaded, "package.loaded", 0)
          for _, name in ipairs({ "busted", "luassert", "say", "luassert.spy", "luassert.stub", "luassert.mock",
                                  "luassert.match", "buttonkit" }) do
            local ok, m = pcall(require, name)
            if ok then walk(m, "require('" .. name .. "')", 0) end
          end
          assert.is_nil(require("busted").host)
          assert.are.same({}, found)
        end)
        """, to: e.inTree("spec/walk_spec.lua"))
        let r = try Spawned.run(["test", "-o", "plain", "--sandbox"], in: e.tree, limit: 60)
        #expect(r.exitCode == 0 && r.stdout.hasSuffix("1 passed, 0 failed, 0 pending\n"), "\(r.summary)")
    }

    static let snapshotSpec = """
    it("writes a new snapshot", function()
      assert.snapshot(ui.button { id = "b" }, "new")
    end)
    it("compares with a stored one", function()
      assert.snapshot(ui.button { id = "b" }, "x")
    end)
    """

    static let outsideSnapshot = "{\"x\": {\"normal\": {\"secret\": \"from outside\"}}}\n"

    @Test func aSnapshotFolderLinkedOutsideIsNeitherReadNorWritten() throws {
        let e = try Escape()
        try e.write(Self.snapshotSpec, to: e.inTree("spec/s_spec.lua"))
        try FileManager.default.createSymbolicLink(atPath: e.inTree("spec/__snapshots__").path, withDestinationPath: "../../outside")
        try e.write(Self.outsideSnapshot, to: e.outsideFile("s_spec.json"))
        let r = try Spawned.run(["test", "-o", "plain", "--sandbox"], in: e.tree, limit: 60)
        #expect(r.exitCode == 1, "\(r.summary)")
        #expect(r.stdout.contains("outside the working tree"), "\(r.summary)")
        #expect(!r.stdout.contains("from outside") && !r.stderr.contains("from outside"), "the outside snapshot was read: \(r.summary)")
        #expect(e.read(e.outsideFile("s_spec.json")) == Self.outsideSnapshot, "the outside snapshot was written")
        #expect(e.outsideListing() == ["s_spec.json"])
    }

    @Test func aSnapshotFileLinkedOutsideIsNeitherReadNorWritten() throws {
        let e = try Escape()
        try e.write(Self.snapshotSpec, to: e.inTree("spec/s_spec.lua"))
        try FileManager.default.createDirectory(at: e.inTree("spec/__snapshots__"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: e.inTree("spec/__snapshots__/s_spec.json").path,
                                                   withDestinationPath: "../../../outside/stolen.json")
        try e.write(Self.outsideSnapshot, to: e.outsideFile("stolen.json"))
        let r = try Spawned.run(["test", "-o", "plain", "--sandbox"], in: e.tree, limit: 60)
        #expect(r.exitCode == 1, "\(r.summary)")
        #expect(!r.stdout.contains("from outside") && !r.stderr.contains("from outside"), "the outside file was read: \(r.summary)")
        #expect(e.read(e.outsideFile("stolen.json")) == Self.outsideSnapshot)
        #expect(e.outsideListing() == ["stolen.json"])
    }

    @Test func aSpecOutsideTheTreeKeepsItsOwnSnapshots() throws {
        // A spec named on the command line may live outside the tree; its own
        // __snapshots__ folder goes with it.
        let e = try Escape()
        try e.write("it('snaps', function() assert.snapshot(ui.button { id = 'b' }, 'one') end)\n",
                    to: e.outsideFile("o_spec.lua"))
        let first = try Spawned.run(["test", "-o", "plain", "--sandbox", e.outsideFile("o_spec.lua").path], in: e.tree, limit: 60)
        #expect(first.exitCode == 0, "\(first.summary)")
        #expect(e.exists(e.outside.appendingPathComponent("__snapshots__/o_spec.json")))
        let again = try Spawned.run(["test", "-o", "plain", "--sandbox", e.outsideFile("o_spec.lua").path], in: e.tree, limit: 60)
        #expect(again.exitCode == 0, "\(again.summary)")
    }
}

#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import ButtonKitSVG
import CLuaRunner
import CLuaShim

/// Loads the embedded Lua test framework (busted, luassert, say and the
/// ButtonKit assertions) into a context, and runs a spec file with it.
///
/// The framework reaches the host through a table of functions handed to
/// its modules when they load, never published: a spec cannot call them.
/// Every path they touch goes through the working tree's `Confinement`
/// (a spec's own `__snapshots__` folder is allowed wherever the spec lives).
enum TestFramework {
    /// Where results and notes go while a spec file runs in a context.
    final class Session {
        let file: String
        let snapshotsDir: String
        /// The spec's folder, held open since the spec started: a snapshot
        /// folder counts as the spec's own only inside it. A spec could
        /// rename its folder away and move a link into its place, and
        /// where the folder's name leads *now* would then be elsewhere.
        let specFolder: Folder?
        let onResult: (TestResult) -> Void
        let onNote: (String) -> Void
        let onStart: (TestStart) -> Void
        init(file: String, specFolder: Folder?, onResult: @escaping (TestResult) -> Void, onNote: @escaping (String) -> Void,
             onStart: @escaping (TestStart) -> Void) {
            self.file = file
            self.snapshotsDir = Files.directory(of: file) + "/__snapshots__"
            self.specFolder = specFolder
            self.onResult = onResult
            self.onNote = onNote
            self.onStart = onStart
        }
    }

    static func session(_ L: OpaquePointer) -> Session? { LuaContext.of(L).owner as? Session }

    /// Loads the framework: the bootstrap gets the compiled modules and the
    /// private host table.
    static func install(in ctx: LuaContext, options: TestOptions) throws(LuaError) {
        let L = ctx.L
        let top = Value.top(L)
        defer { Value.setTop(L, top) }
        try ctx.load(embedded: EmbeddedLua.modules["testing"]!)
        Value.newTable(L, fields: EmbeddedLua.modules.count)
        // The output-handler host and its fallbacks run in the runner, and
        // coverage's host in the reporting state, not in spec files.
        for (name, chunk) in EmbeddedLua.modules
        where name != "testing" && name != "config" && name != "coverage.host" && name != "coverage.standalone" && !name.hasPrefix("handlers.") {
            Value.pushString(L, name)
            try ctx.load(embedded: chunk)
            Value.rawSet(L)
        }
        pushHost(L, options: options)
        Value.pushBool(L, ctx.options.sandbox)
        // The bootstrap returns the framework's own table; specs get a
        // read-only view of it from `require "busted"`, as busted's.
        try ctx.call(nargs: 3, nresults: 1)
        Value.setRegistryField(L, frameworkKey)
    }

    /// Where the framework's table is kept (the registry: no spec reaches it).
    static let frameworkKey = "buttonkit.busted"

    /// Pushes the framework's table (or whatever is there: callers check).
    static func pushFramework(_ L: OpaquePointer) {
        Value.registryField(L, frameworkKey)
    }

    /// Calls `busted.run(file, chunk, loadError, options)`; true when an
    /// expose in the file carries the state into the next files.
    static func runSpec(in ctx: LuaContext, file: String, options: TestOptions) throws(LuaError) -> Bool {
        let L = ctx.L
        let top = Value.top(L)
        defer { Value.setTop(L, top) }
        bk_pushglobaltable(L)
        Value.pushNil(L)
        Value.pushNil(L)
        pushFramework(L)
        guard Value.isTable(L, -1) else { throw LuaError(kind: .runtime, message: "the test framework did not load") }
        Value.rawField(L, -1, "run")
        Value.pushString(L, file)
        do {
            // The spec as the runner compiled it before any file ran (an
            // earlier spec cannot rewrite it), else from the file.
            if bk_chunkcache_push_spec(L, file) == 0 {
                try ctx.loadFile(file, mode: ctx.scriptMode, beneathTree: SpecRunner.beneathTree(file, options))
            }
            // The file's globals go through busted's environments: its
            // chunk's _ENV (a main chunk's only upvalue) is the framework's
            // spec_env (see busted.lua, "Environments").
            Value.rawField(L, top + 4, "spec_env")
            if Value.isTable(L, -1), Value.setFirstUpvalue(L, of: top + 7) {} else { bk_pop(L, 1) }
            Value.pushNil(L)
        } catch {
            Value.pushNil(L)
            Value.pushString(L, error.message)
        }
        pushOptions(L, file: file, options)
        try ctx.call(nargs: 4, nresults: 1)
        return Value.truthy(L, -1)
    }

    /// Calls `busted.finish()`: the suite's end for subscribers in the state.
    static func finish(in ctx: LuaContext, options: TestOptions) throws(LuaError) {
        let L = ctx.L
        let top = Value.top(L)
        defer { Value.setTop(L, top) }
        pushFramework(L)
        guard Value.isTable(L, -1) else { return }
        Value.rawField(L, -1, "finish")
        guard Value.isFunction(L, -1) else { return }
        try ctx.call(nargs: 0, nresults: 0, timeout: options.timeout)
    }

    static func pushOptions(_ L: OpaquePointer, file: String, _ o: TestOptions) {
        Value.newTable(L, fields: 16)
        func str(_ k: String, _ v: String) { Push.field(L, k) { Value.pushString(L, v) } }
        func num(_ k: String, _ v: Double) { Push.field(L, k) { Value.pushFloat(L, v) } }
        func int(_ k: String, _ v: Int) { Push.field(L, k) { Value.pushInteger(L, v) } }
        func bool(_ k: String, _ v: Bool) { Push.field(L, k) { Value.pushBool(L, v) } }
        func list(_ k: String, _ v: [String]) { Push.field(L, k) { Value.pushList(L, v) } }
        str("file", file)
        list("filter", o.filters); list("filter_out", o.filtersOut)
        list("tags", o.tags); list("exclude_tags", o.excludeTags)
        bool("shuffle", o.shuffle); int("seed", o.seed); int("shuffled_files", o.shuffledFiles)
        bool("list", o.list); bool("fail_fast", o.failFast)
        int("shard_index", o.shard.index); int("shard_count", o.shard.count)
        num("timeout", o.timeout); int("max_memory", o.maxMemoryMB)
        bool("echo", o.echoOutput); bool("echo_stderr", o.echoToStandardError); bool("update_snapshots", o.updateSnapshots); bool("ci", o.ci)
        bool("report_starts", o.reportStarts)
        bool("lazy", o.lazy); bool("sort", o.sort); bool("auto_insulate", o.autoInsulate)
        bool("rich", o.rich); bool("shared", o.sharedState); str("highlight", o.highlightColor)
        int("run", o.run); int("runs", o.runs)
        // Names as the worker that died reported them: their bytes (ByteText).
        Push.field(L, "skip") {
            Value.newTable(L, array: o.skip.count)
            for (i, name) in o.skip.enumerated() { ByteText.push(L, name); Value.rawSet(L, at: i + 1) }
        }
        if let lines = o.lines[file] {
            Push.field(L, "lines") { Value.pushIntegers(L, lines) }
        }
    }

    static func pushHost(_ L: OpaquePointer, options: TestOptions) {
        Value.newTable(L, fields: 12)
        if options.inWorker {
            // A worker writes results straight into its channel, from C.
            Push.field(L, "report") { bk_push_channel_report(L, options.streamResults ? 1 : 0) }
            // Modules compiled once for the run (testing.lua's searcher).
            Push.field(L, "cached_chunk") { bk_pushhostfn(L, { L in Host.run(L, TestFramework.cachedChunk) }, 0) }
            Push.field(L, "module") { bk_pushhostfn(L, { L in Host.run(L, TestFramework.module) }, 0) }
            // A describe's start or end, for output handlers (rich runs only).
            if options.rich { Push.field(L, "block") { bk_pushhostfn(L, { L in Host.run(L, TestFramework.block) }, 0) } }
        }
        Push.field(L, "call") { bk_push_limited_call(L) }
        Push.field(L, "clock") { bk_push_clock(L) }
        Push.field(L, "activity") { bk_push_activity(L) }
        Push.field(L, "line") { bk_push_line(L) }
        Push.field(L, "coverage") { bk_push_coverage_lib(L) }
        if let s = options.coverageSettings { Push.field(L, "coverage_settings") { Value.pushString(L, s) } }
        let fns: [(String, bk_hostfn)] = [
            ("report", { L in Host.run(L, TestFramework.report) }),
            ("started", { L in Host.run(L) { L in
                // started(name, line, defined_in, detail)
                guard let s = TestFramework.session(L) else { return 0 }
                s.onStart(TestStart(file: s.file, name: Value.string(L, 1) ?? "?",
                                    line: Value.integer(L, 2) ?? 0,
                                    definedIn: Value.stringIfAny(L, 3),
                                    detail: Value.stringIfAny(L, 4)))
                return 0
            } }),
            // busted.gettime: wall-clock seconds with their fraction.
            ("gettime", { L in Host.run(L) { L in Value.pushFloat(L, Clock.wallNow()); return 1 } }),
            // busted.sleep(seconds).
            ("sleep", { L in Host.run(L) { L in
                let s = Value.number(L, 1) ?? 0
                if s.isFinite && s > 0 {
                    var ts = timespec(tv_sec: Int(min(s, 1e9)), tv_nsec: Int((s - s.rounded(.down)) * 1e9))
                    var left = timespec()
                    while nanosleep(&ts, &left) != 0 && errno == EINTR { ts = left }
                }
                return 0
            } }),
            ("suggest", { L in Host.run(L) { L in
                // suggest(word, { candidates }) -> the closest, or nil
                guard let word = Value.string(L, 1), Value.isTable(L, 2) else { return 0 }
                guard let s = Suggest.closest(to: word, in: Value.strings(L, 2)) else { return 0 }
                Value.pushString(L, s)
                return 1
            } }),
            ("read_file", { L in Host.run(L, TestFramework.readFile) }),
            ("write_file", { L in Host.run(L, TestFramework.writeFile) }),
            ("json_encode", { L in Host.run(L, TestFramework.jsonEncode) }),
            ("json_decode", { L in Host.run(L, TestFramework.jsonDecode) }),
            ("picture", { L in Host.run(L, TestFramework.picture) }),
            ("picture_row", { L in Host.run(L, TestFramework.pictureRow) }),
            ("note", { L in Host.run(L) { L in
                if let text = Value.string(L, 1) { TestFramework.session(L)?.onNote(text) }
                return 0
            } }),
        ]
        for (name, fn) in fns where !(options.inWorker && name == "report") { Push.field(L, name) { bk_pushhostfn(L, fn, 0) } }
        // Only when watching: its presence is what makes the bootstrap
        // track loads (testing.lua).
        if options.trackLoads && options.inWorker {
            Push.field(L, "loaded") { bk_pushhostfn(L, { L in Host.run(L, TestFramework.loaded) }, 0) }
        }
    }

    /// `module(path)` from the bootstrap's searcher: a module loaded from
    /// source, sent as a `.module` record so the runner compiles it for the
    /// files after this one.
    /// `cached_chunk(path)`: the module's bytecode from the runner's cache,
    /// or nothing. Confined, the path is checked here, in the same call as
    /// the lookup: checked in Lua before it, a hook could move a folder in
    /// between and have an outside file's bytecode served under this name.
    static func cachedChunk(_ L: OpaquePointer) throws -> Int32 {
        guard let path = Value.exactString(L, 1) else { return 0 }
        let ctx = LuaContext.of(L)
        // The file a confined require may read, opened where it may be:
        // the cache serves the bytecode of that very file (its identity),
        // whatever the name leads to by now.
        guard ctx.options.sandbox else { return bk_chunkcache_push(L, path) }
        guard case .success(let fd) = ctx.confinement.open(path, for: BK_FOR_REQUIRE, "require") else { return 0 }
        defer { close(fd) }
        return bk_chunkcache_push_fd(L, path, fd)
    }

    /// `block(json)`: a describe's start or end, sent as a `.block` record.
    static func block(_ L: OpaquePointer) throws -> Int32 {
        guard let json = Value.string(L, 1) else { return 0 }
        var writer = RecordWriter()
        writer.write(.block(json))
        writer.bytes.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = bk_channel_append($0.baseAddress, $0.count) }
        }
        return 0
    }

    static func module(_ L: OpaquePointer) throws -> Int32 {
        guard let path = Value.string(L, 1) else { return 0 }
        var writer = RecordWriter()
        writer.write(.module(path))
        writer.bytes.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = bk_channel_append($0.baseAddress, $0.count) }
        }
        return 0
    }

    /// `loaded(paths)` from the bootstrap at the end of a spec file: the files
    /// it loaded, sent as a `.loaded` record into the worker's channel beside
    /// its results. Paths become real paths here (the watcher compares them
    /// with the paths inotify names); one that no longer resolves is kept
    /// absolute.
    static func loaded(_ L: OpaquePointer) throws -> Int32 {
        let paths = try Read.stringList(L, 1, what: "loaded files")
        var writer = RecordWriter()
        writer.write(.loaded(paths.map(RealPath.of)))
        writer.bytes.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { _ = bk_channel_append($0.baseAddress, $0.count) }
        }
        return 0
    }

    /// `report(status, name, line, duration, message, traceback, output, picture, defined_in, detail)`
    /// from the framework. Positional arguments keep the per-test cost down
    /// (no table per result).
    static func report(_ L: OpaquePointer) throws -> Int32 {
        guard let session = session(L) else { return 0 }
        func str(_ i: Int32) -> String? {
            Value.isNil(L, i) ? nil : Value.describe(L, i)
        }
        let status: TestResult.Status
        var origin = TestResult.Origin.test
        switch Value.string(L, 1) ?? "error" {
        case "success": status = .passed
        case "failure": status = .failed
        case "pending": status = .pending
        case "listed": status = .listed
        case "error@hook": status = .error; origin = .hook
        case "error@block": status = .error; origin = .block
        default: status = .error
        }
        let line = Value.integer(L, 3) ?? 0
        let duration = Value.number(L, 4) ?? 0
        var r = TestResult(file: session.file, name: Value.string(L, 2) ?? str(2) ?? "?", status: status, line: line,
                           message: str(5), traceback: str(6).flatMap { $0.isEmpty ? nil : $0 },
                           duration: duration, output: str(7) ?? "")
        r.origin = origin
        if Value.isTable(L, 8) { r.picture = pictureDetails(L, 8) }
        if let s = Value.stringIfAny(L, 9) { r.definedIn = s }
        if let s = Value.stringIfAny(L, 10) { r.detail = s }
        session.onResult(r)
        return 0
    }

    /// `{ expected = svg, actual = svg, diffs = { ... }, caption = text }` from
    /// ButtonKit's assertions.
    static func pictureDetails(_ L: OpaquePointer, _ i: Int32) -> TestResult.Picture? {
        let t = LuaTable(L, i, what: "picture field")
        guard let e = try? t.read("expected", Read.string), let a = try? t.read("actual", Read.string) else { return nil }
        let diffs = (try? t.read("diffs") { L, i throws(BridgeError) in try Read.stringList(L, i, what: "differences") }) ?? nil
        let caption = (try? t.read("caption", Read.string)) ?? nil
        return TestResult.Picture(expected: e, actual: a, differences: diffs ?? [], caption: caption ?? "")
    }

    /// `picture(appearance, width, height, label)`: an SVG of a resolved
    /// appearance table, for failure reports.
    static func picture(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "picture", method: false)
        let appearance = try a.conv(1, Read.appearance)
        let w = a.isNone(2) ? 100 : try a.number(2)
        let h = a.isNone(3) ? 44 : try a.number(3)
        let label = try a.optString(4)
        let backdrop = a.isNone(5) ? nil : try a.conv(5, Read.color)
        let clampedW = w.isFinite ? max(1, min(w, 2000)) : 100, clampedH = h.isFinite ? max(1, min(h, 2000)) : 44
        Value.pushString(L, Pictures.svg(appearance, width: clampedW, height: clampedH, label: label, backdrop: backdrop))
        return 1
    }

    /// `picture_row(cells, width, height)`: appearances side by side, each
    /// `{ appearance =, label =, backdrop =, flagged = }` (light next to dark).
    static func pictureRow(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "picture_row", method: false)
        try a.table(1)
        let list = LuaTable(L, a.index(1), what: "cell")
        var cells: [Pictures.Cell] = []
        for k in stride(from: 1, through: min(list.count, 16), by: 1) {
            cells.append(try a.conv(1) { L, _ throws(BridgeError) in
                try list.element(k) { L, i throws(BridgeError) in
                    let t = LuaTable(L, i, what: "cell field")
                    guard let ap = try t.read("appearance", Read.appearance) else { throw .value("cell #\(k) needs an appearance") }
                    return Pictures.Cell(appearance: ap, label: try t.read("label", Read.string) ?? "",
                                         backdrop: try t.read("backdrop", Read.color) ?? .white,
                                         flagged: try t.read("flagged", Read.bool) ?? false)
                }
            })
        }
        let w = a.isNone(2) ? 100 : try a.number(2), h = a.isNone(3) ? 44 : try a.number(3)
        let clampedW = w.isFinite ? max(1, min(w, 2000)) : 100, clampedH = h.isFinite ? max(1, min(h, 2000)) : 44
        Value.pushString(L, Pictures.row(cells, width: clampedW, height: clampedH))
        return 1
    }

    /// Where the framework keeps a snapshot file for the running spec: in
    /// its own `__snapshots__` folder (beside the spec as it was when the
    /// spec started: opened in the spec's folder held since then, no link
    /// on the way), or anywhere a confined script may keep a file. A
    /// `__snapshots__` (or a snapshot file) that is a link gets the
    /// sandbox's rules like any other path.
    static func snapshotFile(_ L: OpaquePointer, _ path: String, writing: Bool) throws -> (Folder, String) {
        let name = Files.basename(of: path)
        if let s = session(L), let spec = s.specFolder, PathText.same(Files.directory(of: path), s.snapshotsDir),
           !path.utf8.contains(0), !PathText.hasPrefix(name, "."), !name.isEmpty {
            var st = stat()
            let missing = fstatat(spec.fd, "__snapshots__", &st, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT
            if missing || (st.st_mode & S_IFMT) == S_IFDIR {
                let own = try spec.child("__snapshots__", creating: writing, keepsLinks: true)
                if fstatat(own.fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || (st.st_mode & S_IFMT) != S_IFLNK { return (own, name) }
            }
        }
        return try LuaContext.of(L).keptFile(path, "snapshot", makingFolders: writing)
    }

    /// The snapshot file's text, nil when there is none (or it cannot be
    /// read); a path the sandbox refuses is an error.
    static func readFile(_ L: OpaquePointer) throws -> Int32 {
        let found: (Folder, String)
        do { found = try snapshotFile(L, try Args(L, "read_file", method: false).exactString(1), writing: false) } catch ButtonKitError.io {
            Value.pushNil(L)
            return 1
        }
        Value.pushOptional(L, try? found.0.read(found.1))
        return 1
    }

    static func writeFile(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "write_file", method: false)
        let path = try a.exactString(1)
        let text = try a.string(2)
        let (folder, name) = try snapshotFile(L, path, writing: true)
        try folder.writeAtomically(text, to: name)
        return 0
    }

    static func jsonEncode(_ L: OpaquePointer) throws -> Int32 {
        let v = try Args(L, "json_encode", method: false).conv(1, Read.json)
        Value.pushString(L, JSON.serialize(v, pretty: true) + "\n")
        return 1
    }

    static func jsonDecode(_ L: OpaquePointer) throws -> Int32 {
        let text = try Args(L, "json_decode", method: false).string(1)
        do {
            Push.json(L, try JSON.parse(text))
            return 1
        } catch {
            Value.pushNil(L)
            Value.pushString(L, "line \(error.line), column \(error.column): \(error.reason)")
            return 2
        }
    }
}

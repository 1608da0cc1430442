#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import ButtonKitTesting

/// `.busted` for `buttonkit test`, loaded apart from the command line as
/// busted's `configuration_loader` loads it: which file (`-f`, `-C`), its
/// task (`_all`, then `default` or `--run`'s, merged by `BustedConfig`), its
/// unknown keys (notes), under `--sandbox` the files it names, and its
/// `directory` key. `TestSettings` then puts the command line over it.
///
/// Why apart: `makePlan` read the file, checked it and turned options into
/// a plan in one 238-line function; the file's rules (busted's order of
/// `-f` and `-C`, what a confined config may name) now sit in one place.
struct BustedConfigFile {
    typealias Opt = TestCommand.Opt

    /// Values by key (long option names and busted's extras); empty without
    /// a file or under `--no-config`.
    var values: [String: [String]] = [:]
    /// The file the values came from (each spec file's state runs it).
    var file: String?
    /// What to say before the run (unknown keys).
    var notes: [String] = []

    /// Keys a task may hold: the long option names and busted's extras. Not
    /// `watch`: a CI job that reads the project's `.busted` must never start
    /// waiting for changes, so the key is reported as unknown.
    static var keys: [String] {
        TestCommand.options.compactMap(\.long).filter { $0 != Opt.watch.key } + ["ROOT", Opt.statement.key, Opt.xoutput.key, Opt.xhelper.key]
    }

    /// The folder `-C` options (or the `directory` key's values) lead to,
    /// each relative to the previous.
    static func directory(_ values: [String]) -> String? {
        guard !values.isEmpty else { return nil }
        var dir = "."
        for v in values { dir = v.hasPrefix("/") ? v : (dir == "." ? v : dir + "/" + v) }
        return dir
    }

    /// Reads the file the command line names (changing folder as `-C` and
    /// the `directory` key say, unless `changeDirectory` is off: watch mode
    /// reading it again is there already).
    static func load(_ a: Arguments, changeDirectory: Bool) throws(UsageError) -> BustedConfigFile {
        var out = BustedConfigFile()
        // As busted: `-f FILE` is read from the folder the command started
        // in (busted checks it before it changes folder); the default
        // .busted and every path are relative to the -C folder.
        var configPath = a.value(Opt.configFile)
        if let f = configPath, !f.hasPrefix("/"), changeDirectory, directory(a.all(Opt.directory)) != nil {
            guard Files.exists(f), let real = realpath(f, nil) else { throw UsageError("config file '\(f)' not found", command: "test") }
            configPath = String(cString: real)
            free(real)
        }
        if changeDirectory, let dir = directory(a.all(Opt.directory)) {
            guard chdir(dir) == 0 else { throw UsageError("cannot change to directory '\(dir)': \(String(cString: strerror(errno)))", command: "test") }
        }
        guard !a.flag(Opt.noConfig) else { return out }
        // `path` in messages: the file as the user named it.
        let path = a.value(Opt.configFile) ?? ".busted"
        if configPath != nil && !Files.exists(configPath!) {
            throw UsageError("config file '\(path)' not found", command: "test")
        }
        do {
            // Under --sandbox the config file (Lua code) runs confined too,
            // and cannot turn the sandbox off.
            if let c = try BustedConfig.load(path: configPath ?? path, task: a.value(Opt.run), sandboxed: a.flag(Opt.sandbox),
                                             lockingDown: true) {
                out.values = c
                out.file = configPath ?? path
            }
        } catch {
            // One line: the Lua error without the traceback of the
            // reader's own chunk, which says nothing about the file.
            var line = error.message.split(separator: "\n", omittingEmptySubsequences: false)
                .prefix { $0 != "stack traceback:" }.joined(separator: "\n")
            // A file that raises says its name before the position the
            // error already names: keep one (`.busted:1: boom`).
            while line.hasPrefix("\(path): \(path):") { line.removeFirst(path.count + 2) }
            if line.hasPrefix("\(path) has no task") { throw UsageError(line, command: "test") }
            throw UsageError("cannot read \(path): \(line)", command: "test")
        }
        if a.flag(Opt.sandbox) { try out.checkNamedFiles(a, path) }
        for key in out.values.keys.sorted() where !keys.contains(key) {
            var msg = "\(path): unknown key '\(key)' ignored"
            if let s = Suggest.closest(to: key, in: keys) { msg += "; did you mean '\(s)'?" }
            out.notes.append(msg)
        }
        // busted reads `.busted` first and then changes into the folder
        // its `directory` key names (the command line's -C wins, as for
        // every key); the specs, helpers and reports it names are then
        // relative to that folder. Each value is relative to the one
        // before, as -C's are.
        if changeDirectory, a.all(Opt.directory).isEmpty, let dir = directory(out.values[Opt.directory.key] ?? []) {
            // Each spec file's state runs the config file again: name it
            // from where it was found.
            if let f = out.file, !f.hasPrefix("/"), let real = realpath(f, nil) {
                out.file = String(cString: real)
                free(real)
            }
            guard chdir(dir) == 0 else {
                throw UsageError("\(path): cannot change to directory '\(dir)' (its 'directory' key): \(String(cString: strerror(errno)))", command: "test")
            }
        }
        return out
    }

    /// Under `--sandbox` the config file is a confined script's: the files
    /// it names for the runner to load or write (specs, helpers, reports,
    /// coverage's config) stay inside the working tree, as a file the script
    /// opened itself would. Asked of the folder the file was read in, before
    /// its `directory` key moves the run (so not yet the run's own tree).
    func checkNamedFiles(_ a: Arguments, _ path: String) throws(UsageError) {
        guard let tree = ConfinedRun(confined: true).tree else { return }
        let writes: [Option] = [Opt.junit, Opt.json, Opt.report]
        let named: [Option] = [Opt.helper] + writes + [Opt.coverageConfigFile, Opt.directory]
        for (key, given) in [("ROOT", !a.positionals.isEmpty)] + named.map({ ($0.key, !a.all($0).isEmpty) }) where !given {
            // Files the runner writes must also sit in a folder inside
            // (their temporary files go there) and not be links.
            let written = writes.contains { $0.key == key }
            for named in values[key] ?? [] where !(written ? tree.allowsKeeping(named) : tree.contains(named)) {
                throw UsageError("\(path): '\(key)' names '\(named)', outside the working tree; under --sandbox the files a config file names stay inside it", command: "test")
            }
        }
    }
}

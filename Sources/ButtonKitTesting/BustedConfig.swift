#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import CLuaShim

/// busted's `.busted` file: tasks of options keyed by long option names.
/// `_all` applies to every task; `default` is used unless another is named.
public enum BustedConfig {
    /// Option values by name (lists keep their order); nil when no file.
    /// `sandboxed`: the file runs confined (a run under `--sandbox`);
    /// `lockingDown` as well (the command line's runs): in a child process
    /// that confines itself with the kernel first, as a spec's worker does,
    /// since the runner itself still has files to open.
    public static func load(path: String = ".busted", task: String?, sandboxed: Bool = false,
                            lockingDown: Bool = false) throws(LuaError) -> [String: [String]]? {
        guard Files.exists(path) else { return nil }
        let text = sandboxed && lockingDown ? try evaluateInChild(path, task) : try evaluate(path, task, sandboxed: sandboxed, lockingDown: false)
        if text.hasPrefix("\0notask") {
            let tasks = text.split(separator: "\t").dropFirst().map(String.init)
            throw LuaError(kind: .runtime, message: missingTask(task ?? "default", in: path, tasks: tasks))
        }
        var out: [String: [String]] = [:]
        for line in text.split(separator: "\n") {
            guard let tab = line.firstIndex(of: "\t") else { continue }
            let key = String(line[..<tab]), value = String(line[line.index(after: tab)...])
            if value == "\0reset" { out[key] = [] } else { out[key, default: []].append(value) }
        }
        return out
    }

    /// The message for `--run TASK` naming a task the file lacks: busted's
    /// "Task `cii` not found" with the likely task and the list.
    static func missingTask(_ task: String, in path: String, tasks: [String]) -> String {
        var m = "\(path) has no task '\(task)'"
        if let s = Suggest.closest(to: task, in: tasks) { m += "; did you mean '\(s)'?" }
        return m + (tasks.isEmpty ? " (it defines no task)" : " (its tasks: \(tasks.joined(separator: ", ")))")
    }

    /// The file's options as "key\tvalue" lines.
    static func evaluate(_ path: String, _ task: String?, sandboxed: Bool, lockingDown: Bool) throws(LuaError) -> String {
        // The config is the user's own file, read like a script.
        var options = LuaContext.Options()
        options.sandbox = sandboxed
        options.timeout = 5
        let ctx = try LuaContext(options: options)
        let L = ctx.L
        // As under busted, the file runs where specs run: `require "busted"`,
        // "luassert" and "say" answer (a .busted may register assertions or
        // define helpers; busted runs it in the state its specs share, and
        // each spec file's state runs it again, see SpecRunner).
        var framework = TestOptions()
        framework.sandbox = sandboxed
        try TestFramework.install(in: ctx, options: framework)
        try ctx.load(embedded: EmbeddedLua.modules["config"]!)
        if lockingDown { ctx.lockDown() }
        Value.pushString(L, path)
        Value.pushOptional(L, task)
        try ctx.call(nargs: 2, nresults: 1, timeout: 5)
        let text = Value.string(L, -1) ?? ""
        bk_pop(L, 1)
        return text
    }

    /// `evaluate` in a forked child that locks itself down first; its
    /// answer (or its error's message) comes back through a pipe. The
    /// runner forks while it is the only thread, as it does for workers.
    static func evaluateInChild(_ path: String, _ task: String?) throws(LuaError) -> String {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw LuaError(kind: .file, message: "cannot start a process for it: \(String(cString: strerror(errno)))") }
        fflush(nil)
        let pid = fork()
        if pid == 0 {
            close(fds[0])
            var reply: [UInt8]
            do throws(LuaError) {
                reply = [UInt8(ascii: "=")] + Array(try evaluate(path, task, sandboxed: true, lockingDown: true).utf8)
            } catch {
                reply = [error.kind == .timeout ? UInt8(ascii: "t") : error.kind == .memory ? UInt8(ascii: "m") : UInt8(ascii: "!")]
                    + Array(error.message.utf8)
            }
            var off = 0
            while off < reply.count {
                let n = reply.withUnsafeBytes { write(fds[1], $0.baseAddress! + off, $0.count - off) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                off += n
            }
            fflush(nil)
            _exit(0)
        }
        close(fds[1])
        guard pid > 0 else { close(fds[0]); throw LuaError(kind: .file, message: "cannot start a process for it: \(String(cString: strerror(errno)))") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard let tag = bytes.first else {
            throw LuaError(kind: .runtime, message: "the process reading it ended (\(ExitStatus.describe(status))) without an answer")
        }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        switch tag {
        case UInt8(ascii: "="): return text
        case UInt8(ascii: "t"): throw LuaError(kind: .timeout, message: text)
        case UInt8(ascii: "m"): throw LuaError(kind: .memory, message: text)
        default: throw LuaError(kind: .runtime, message: text)
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua
import CEdit

/// The session the completion callback talks to. C callbacks cannot capture
/// context, and the REPL is single-threaded, so a global is the honest shape.
nonisolated(unsafe) private var completionSession: ReplSession?

/// The history file to write if a line ends the process with os.exit (an
/// atexit handler cannot capture it either); nil once written on the way out.
nonisolated(unsafe) private var historyOnExit: String?

/// `buttonkit repl`: a line-editing front end (libedit) over `ReplSession`;
/// plain line reading when standard input is not a terminal.
enum ReplCommand {
    /// The command's options, declared once (parsing, help and completion
    /// read the table below; code reads the command line through these).
    enum Opt {
        static let history = Option("history", value: "FILE", help: "history file (default ~/.buttonkit_history)")
        static let timeout = Option.timeout("stop an evaluation after SECONDS (default: none)")
    }

    static let options: [Option] = [Opt.history] + Option.scriptLimits(timeout: Opt.timeout) + [.version, .help]

    static let help = HelpText.render(
        usage: "Usage: buttonkit repl [OPTIONS]",
        intro: """
        An interactive Lua 5.4 session with `ui` loaded, like lua.c: expressions
        print their values (tables pretty-printed, controls as one line), an
        unfinished statement continues on a `>>` line, a leading `=` means return.
        Tab completes globals, keywords, fields and methods (after `.` and `:`),
        and state, event, colour and style property names inside strings.
        History is kept in ~/.buttonkit_history; a statement typed over several
        lines is one entry, recalled whole. Ctrl-C cancels the line or stops
        running code; Ctrl-D leaves. When standard input is not a terminal,
        lines are read plainly (no prompts), so piped input works.

        Commands: :help [NAME]  :load FILE [ARGS]  :reset  :trace EXPR  :quit
        """,
        options: options)

    static let historyLimit: Int32 = 1000

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        let a = try Arguments(args, options: options, command: "repl")
        if a.flag(.help) { Terminal.out(help); return 0 }
        if a.flag(.version) { Terminal.out(Commands.versionLine); return 0 }
        guard a.positionals.isEmpty else { throw UsageError("repl takes no arguments", command: "repl") }
        let opts = try RunCommand.contextOptions(a, command: "repl", timeout: Opt.timeout, defaultTimeout: 0)
        let session: ReplSession
        do { session = try ReplSession(run: ConfinedRun(opts)) } catch {
            Terminal.err("buttonkit: \(error)")
            return 1
        }
        session.color = Terminal.colorAllowed
        let ct = getenv("COLORTERM").map { String(cString: $0) } ?? ""
        session.truecolor = ct == "truecolor" || ct == "24bit"
        ReplSession.installInterruptHandler()
        if Terminal.stdinIsTerminal {
            guard bk_edit_load() == 0 else {
                Terminal.err("buttonkit: libedit is not installed (apt-get install libedit2): no line editing")
                return piped(session)
            }
            return interactive(session, history: a.value(Opt.history) ?? defaultHistoryPath())
        }
        return piped(session)
    }

    static func defaultHistoryPath() -> String {
        let home = getenv("HOME").map { String(cString: $0) } ?? "."
        return home + "/.buttonkit_history"
    }

    /// Runs one line, with Ctrl-C aimed at the running code. Returns the
    /// history entry the line completed, if any.
    @discardableResult
    static func evaluate(_ session: ReplSession, _ line: String) -> String? {
        let out = session.feed(line)
        Terminal.out(out.text)
        if !out.error.isEmpty { Terminal.err(out.error) }
        return out.historyEntry
    }

    /// Piped input: lines as they come, no prompts, no editing.
    static func piped(_ session: ReplSession) -> Int32 {
        session.run.lockDown()
        while !session.wantsExit, let line = readLine(strippingNewline: true) {
            evaluate(session, line)
        }
        return 0
    }

    static func interactive(_ session: ReplSession, history: String) -> Int32 {
        Terminal.out("ButtonKit \(ButtonKitLua.version) (Lua 5.4) — :help for help, Ctrl-D to leave\n")
        bk_stifle_history(historyLimit)
        _ = bk_read_history(history)
        completionSession = session
        // '.' and ':' stay inside words so "ui.radioG" and "b:" complete whole.
        let breaks = strdup(" \t\n\"'`@$><=;|&{(),+-*/%^#~[]")
        bk_rl_setup(breaks) { text, start, end in ReplCommand.complete(text, start, end) }
        // Confined from here on (Landlock: the working tree), with the
        // history file granted: it is written on the way out. libedit, its
        // terminal description and the history are loaded by now.
        let made = open(history, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        if made >= 0 {
            close(made)
        } else {
            let why = String(cString: strerror(errno))
            Terminal.err("buttonkit: cannot write the history file \(history) (\(why)); this session's history will not be saved")
        }
        session.run.grant(.file(history))
        session.run.lockDown()
        // os.exit from a line leaves through exit(), past the defer below:
        // the history is written there too.
        historyOnExit = history
        atexit { if let h = historyOnExit { _ = bk_write_history(h) } }
        defer {
            _ = bk_write_history(history)
            historyOnExit = nil
            free(breaks)
            completionSession = nil
        }
        // A closed terminal window ends the session the way :quit does, so
        // the history is written (the deferred write above).
        ReplSession.installHangupHandler()
        var lastEntry: String?
        while !session.wantsExit {
            _ = ReplSession.takeInterrupt()
            ReplSession.waitingForLine(true) { if let h = historyOnExit { _ = bk_write_history(h) } }
            let read = bk_readline(session.prompt)
            ReplSession.waitingForLine(false, writer: nil)
            guard let cline = read else {
                if let sig = ReplSession.hangupSignal { return 128 + sig }
                if ReplSession.takeInterrupt() {
                    // Ctrl-C at the prompt: drop the line, stay.
                    session.cancelLine()
                    Terminal.out("\n")
                    continue
                }
                Terminal.out("\n")
                break  // Ctrl-D
            }
            let line = String(cString: cline)
            free(cline)
            if ReplSession.takeInterrupt() { session.cancelLine(); continue }
            // A statement typed over several lines is one entry (libedit
            // keeps the newlines, in memory and in the history file), so Up
            // brings back the whole function, not its last `end`.
            // Running a recalled entry again adds no duplicate of it.
            if let entry = evaluate(session, line), !entry.trimmingSpaces().isEmpty, entry != lastEntry {
                bk_add_history(entry)
                lastEntry = entry
                // On disk at once: a line that a second Ctrl-C (or the grace
                // after a fired limit) has to end ends the process with
                // _exit, past every way out that writes the history.
                _ = bk_write_history(history)
            }
            if let sig = ReplSession.hangupSignal { return 128 + sig }
        }
        return 0
    }

    /// libedit's completion hook: returns [common prefix, matches..., NULL].
    static func complete(_ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard let session = completionSession, let text else { return nil }
        let word = String(cString: text)
        // The line up to the cursor tells whether the word is inside a string
        // (then state, event and colour names) and what it is an argument of.
        var line = word
        if let c = bk_rl_line_before_cursor() {
            let before = String(cString: c)
            free(c)
            if before.hasSuffix(word) { line = before }
        }
        let matches = session.completions(for: line, word: word)
        guard !matches.isEmpty else { return nil }
        var common = matches[0]
        for m in matches.dropFirst() {
            while !m.hasPrefix(common) { common.removeLast() }
        }
        bk_rl_completion_flags(matches.count == 1 ? 1 : 0)
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: matches.count + 2)
        list[0] = strdup(common)
        for (i, m) in matches.enumerated() { list[i + 1] = strdup(m) }
        list[matches.count + 1] = nil
        // libedit frees the array and its strings with free().
        let raw = malloc(MemoryLayout<UnsafeMutablePointer<CChar>?>.stride * (matches.count + 2))!
            .assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
        for i in 0..<(matches.count + 2) { raw[i] = list[i] }
        list.deallocate()
        return raw
    }
}

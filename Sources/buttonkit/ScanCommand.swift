#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitCode
import ButtonKitIB
import ButtonKitLua

/// `buttonkit scan PATH`: what ButtonKit reads of an app (a folder, a Swift
/// file, a storyboard or XIB): per file and in total the buttons by origin,
/// how many of their settings were evaluated, and the commonest
/// expressions that were not. Read under the same confinement as a script.
enum ScanCommand {
    /// The command's options, declared once (parsing, help and completion
    /// read the table below; code reads the command line through these).
    enum Opt {
        static let json = Option("json", help: "print the summary as JSON")
        static let top = Option("top", value: "N", help: "how many unresolved expressions to list (default 10)")
        static let timeout = Option.timeout("stop reading after this long (default 120; 0 = no limit)")
        static let unsafe = Option("unsafe", help: "read outside the working tree without confinement")
    }

    static let options: [Option] = [Opt.json, Opt.top, Opt.timeout, Opt.unsafe, .version, .help]

    static let help = HelpText.render(
        usage: "Usage: buttonkit scan [OPTIONS] PATH",
        intro: """
        Reads PATH — an app's folder, a Swift file, a storyboard or a XIB — as
        ui.load does, and prints per file the buttons found (by origin: code,
        storyboard, xib) and how many of the settings code makes on them were
        evaluated or left unresolved, then the totals (with how many code
        buttons have a known normal title and title colour) and the most
        common expressions not evaluated. --json prints the same for machines.
        A folder outside the working tree is read from its project's folder.
        """,
        options: options)

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        let a = try Arguments(args, options: options, command: "scan")
        if a.flag(.help) { Terminal.out(help); return 0 }
        guard a.positionals.count == 1, let path = a.positionals.first else { throw UsageError("scan needs one PATH", command: "scan") }
        let top = Int(try a.number(Opt.top, default: 10, min: 0, command: "scan"))
        let timeout = try a.number(Opt.timeout, default: 120, min: 0, command: "scan")
        var opts = LuaContext.Options()
        opts.sandbox = !a.flag(Opt.unsafe)
        opts.timeout = timeout
        var file = path
        if opts.sandbox, let moved = RunCommand.outsideTree(path) {
            opts.root = moved.root
            file = moved.file
        }
        let ctx: LuaContext
        // The command's run (its tree), as `run`'s; no floor: the reading
        // is the host's own work, in Swift.
        let run = ConfinedRun(opts)
        do { ctx = try run.context(opts) } catch { Terminal.err("buttonkit: \(error)"); return 1 }
        var code = ctx.codeOptions("scan", ib: ctx.fileOptions("scan"))
        code.timeLeft = timeout
        code.progress = Progress.reporter()
        let doc: IBDocument, report: CodeLoadReport
        do {
            if file.hasSuffix(".storyboard") || file.hasSuffix(".xib") {
                let d = try IBDocument.load(path: file, options: code.ib)
                let r = CodeLoadReport.of(d)
                (doc, report) = (d, r)
            } else {
                (doc, report) = try CodeDocument.load(path: file, options: code)
            }
        } catch {
            Progress.clear()
            Terminal.err("buttonkit: scan: \(error)")
            return 1
        }
        Progress.clear()
        let s = ScanSummary(doc, report, top: top)
        if a.flag(Opt.json) { Terminal.out(s.json(path: path, report: report) + "\n"); return 0 }
        func origins(_ d: [ControlOrigin: Int]) -> String {
            let parts = ControlOrigin.allCases.compactMap { o in d[o].map { "\($0) \(o.rawValue)" } }
            return parts.isEmpty ? "no buttons" : parts.joined(separator: ", ")
        }
        var out = ""
        for f in s.files {
            out += "\(f.path): \(origins(f.buttons)); settings \(f.resolved) resolved, \(f.unresolved) unresolved\n"
        }
        out += "\(path): \(report.swiftFiles.count) Swift file\(report.swiftFiles.count == 1 ? "" : "s") (\(report.lines) lines), "
            + "\(report.interfaceFiles.count) storyboard\(report.interfaceFiles.count == 1 ? "" : "s")/XIBs in \(Format.number((report.totalSeconds * 100).rounded() / 100)) s"
            + (report.cached > 0 ? " (\(report.cached) from the cache)" : "") + "\n"
        out += "total: \(origins(s.buttons)); settings \(s.resolved) resolved, \(s.unresolved) unresolved\n"
        if s.codeButtons > 0 {
            out += "code buttons with a normal title: \(s.codeWithTitle) of \(s.codeButtons) (\(s.titleResolved) of the \(s.titleTried) whose code sets one); "
                + "with a title colour: \(s.codeWithTitleColor) (\(s.colorResolved) of \(s.colorTried))\n"
        }
        if s.swiftUI > 0 {
            out += "SwiftUI controls with a title or label: \(s.swiftUIWithLabel) of \(s.swiftUI); with everything they say evaluated: \(s.swiftUIComplete)\n"
        }
        if s.syntaxErrors > 0 { out += "syntax errors: \(s.syntaxErrors) (ui.load(PATH).unresolved lists them)\n" }
        if s.skipped > 0 { out += "files or folders skipped: \(s.skipped) (listed in ui.load(PATH).unresolved)\n" }
        if !s.top.isEmpty {
            out += "most common unresolved:\n"
            for u in s.top { out += String(repeating: " ", count: max(0, 5 - String(u.count).count)) + "\(u.count)  \(u.expression)  — \(u.reason)\n" }
        }
        Terminal.out(out)
        return 0
    }
}

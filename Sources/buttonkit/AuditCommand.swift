#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua

/// `buttonkit audit SCRIPT`: runs the script, then audits every control it
/// created (contrast in every visible state, light and dark; hit target;
/// label) and prints one line per problem. Exit 1 when there is any.
enum AuditCommand {
    /// The command's options, declared once (parsing, help and completion
    /// read the table below; code reads the command line through these).
    enum Opt {
        static let minContrast = Option("min-contrast", value: "RATIO", help: "contrast normal text needs (default 4.5, WCAG AA)")
        static let largeTextContrast = Option("large-text-contrast", value: "RATIO", help: "contrast large text (18 pt, or 14 pt bold) needs (default 3)")
        static let minSize = Option("min-size", value: "POINTS", help: "smallest hit target side (default 44, Apple's HIG)")
        static let style = Option("style", value: "STYLE", help: "light, dark or both (default both); repeatable")
        static let states = Option("states", value: "STATES", help: "states to check contrast in, comma-separated (default: every state but disabled)")
        static let check = Option("check", value: "CHECKS", help: "contrast, hitTarget, label, textClipped, dynamicType, overlap, description, duplicateId, comma-separated (default all); repeatable")
        static let contentSize = Option("content-size", value: "SIZES", help: "content sizes to check contrast and clipped text at, comma-separated (default large,ax5); repeatable")
        static let format = Option("format", value: "FORMAT", choices: AuditFormat.allCases.map(\.rawValue), help: "text (default), json, junit or sarif (SARIF 2.1.0, for code-scanning dashboards), on standard output")
        static let failOn = Option("fail-on", value: "SEVERITY", choices: AuditSeverity.allCases.map(\.rawValue), help: "error (default: exit 1 on errors only) or warning (warnings fail too)")
        static let baseline = Option("baseline", value: "FILE", help: "report and fail only on problems not in FILE (written by --write-baseline); say how many of its entries are gone")
        static let writeBaseline = Option("write-baseline", value: "FILE", help: "record today's problems in FILE, to adopt the audit on an app that has some")
        static let timeout = Option.timeout("stop the command, its script and the work after it, past SECONDS (default 30; 120 for a Swift file or an app folder, as scan; 0 = no limit)")
    }

    static let options: [Option] = [Opt.minContrast, Opt.largeTextContrast, Opt.minSize, Opt.style, Opt.states, Opt.check, Opt.contentSize, Opt.format, Opt.failOn, Opt.baseline, Opt.writeBaseline, .assets, .ignored] + Option.scriptLimits(timeout: Opt.timeout) + [.help]

    static let help = HelpText.render(
        usage: "Usage: buttonkit audit [OPTIONS] SCRIPT [ARGS...]\n       buttonkit audit [OPTIONS] FILE.storyboard|FILE.xib|FILE.swift|FOLDER [--assets PATH]",
        intro: """
        Runs SCRIPT, then audits every live control it created (two sharing an id
        both, the second as id#2; members of groups and bars by their container,
        shipping['express'], sort[price]) and prints each problem:
          like/normal/light: contrast 2.9:1 < 4.5:1 (title #8E8E93 on #F2F2F7)
          like: hit target 30x30 pt < 44x44 pt
          like: no title or accessibilityLabel
          pay/normal/ax5: title "Continue to payment" does not fit in 76 pt: drawn "Co…nt"
          pay: title font '15' has a fixed size and does not grow with the user's text size (...)
          b: hit area overlaps 'a' by 20x44 pt
          close: label "Close button" says 'button', which VoiceOver already reads from the trait
          pay#2: id 'pay' is used by 2 live controls (a lookup by id finds only one)
        Contrast is WCAG 2.x's, with alpha composited over what is behind the
        control (its screen's background), in every state but disabled, in light
        and dark; contrast and clipped text at the default text size and the
        largest accessibility size (--content-size). docs/testing.md lists every
        check and the rule it follows. What the script itself prints goes to
        standard error, so standard output holds the problems only. Exit 0 when
        there is no problem, 1 when there is any (or the script fails), 2 on bad
        usage. In scripts: ui.audit(control [, options]).
        Given a Swift file or an app's folder, it audits the buttons its code
        makes (and, in a folder, its storyboards' and XIBs' with their code
        on top), each problem followed by the [File.swift:line] that makes
        the control.
        Given a storyboard or XIB instead of a script, it audits the file's own
        buttons scene by scene, each named Screen/control/state/style
        (Checkout/pay/normal/dark: ...), the control by its accessibility
        identifier, else its outlet, else its title, else its IB id, and says
        on standard error how many things in the file were not modelled
        (--ignored lists them). Colours named in the file come from its
        project's *.xcassets, or from the catalogs --assets names.
        Contrast in the highlighted state (a finger is on the control) is a
        warning; every other problem is an error, and only errors fail the
        run (exit 1) unless --fail-on warning. --write-baseline FILE records
        today's problems; --baseline FILE then lists and fails on new ones
        only (a problem is the same when its screen, control, check, state,
        style and content size are). Controls that are not visible are not
        checked (it says how many).
        """,
        options: options)

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        var a = try Arguments(args, options: options, command: "audit", stopAtPositional: true)
        // A storyboard takes no script arguments: options may follow it
        // (`audit Main.storyboard --assets App/Assets.xcassets`).
        if let f = a.positionals.first, LuaContext.isAppFile(f) {
            a = try Arguments(args, options: options, command: "audit")
        }
        if a.flag(.help) { Terminal.out(help); return 0 }
        guard a.positionals.first != nil else { throw UsageError("audit needs a SCRIPT", command: "audit") }
        let auditOptions = try parseOptions(a)
        let format = try choice(a, Opt.format, default: AuditFormat.text)
        let failOn = try choice(a, Opt.failOn, default: AuditSeverity.error)
        // The baseline is read, and the file to write one opened, before the
        // run: the run may confine the process to the working tree.
        let baseline = try a.value(Opt.baseline).map { path throws(UsageError) in try readBaseline(path) }
        let baselineOut = try a.value(Opt.writeBaseline).map { path throws(UsageError) in try openForWriting(path) }
        defer { if let fd = baselineOut?.fd { close(fd) } }
        // What the script prints goes to standard error while it runs, so
        // standard output holds the problems only (`audit x.lua | wc -l`).
        fflush(nil)
        let savedOut = fcntl(1, F_DUPFD_CLOEXEC, 3)  // not inherited by what the script starts
        if savedOut >= 0 { _ = dup2(2, 1) }
        let (confined, appFile, _) = try RunCommand.confinedRun(a, command: "audit", timeout: Opt.timeout)
        defer { confined.finished() }
        let run = Result { () throws(UsageError) in
            try RunCommand.executeTracking(a, command: "audit", run: confined, appFile: appFile, activity: "auditing")
        }
        fflush(nil)
        if savedOut >= 0 { _ = dup2(savedOut, 1); close(savedOut) }
        let ctx: LuaContext
        switch try run.get() {
        case .success(let c): ctx = c
        case .failure(let status): return status.code
        }
        // Every live control the script made: two sharing an id are both
        // audited (and the id reported), as a test would reach either. A
        // file's controls are audited scene by scene, named for reports.
        let fromFile = LuaContext.isAppFile(a.positionals[0])
        let targets = fromFile
            ? ctx.createdDocuments.flatMap(\.auditTargets)
            : [AuditTarget(screen: nil, controls: ctx.createdControls.map { AuditTarget.Control(button: $0) })]
        if fromFile {
            AppFileNotes.ignored(ctx)
            if a.flag(.ignored) { AppFileNotes.listIgnored(ctx) }
        }
        var report = AuditReport.make(targets, options: auditOptions)
        if let baseline { report.apply(baseline) }
        // The report is the host's work for the script's controls: it must
        // fit under the run's memory ceiling, like pictures (HostMemory).
        if let memory = HostMemory(ctx.L), case let bytes = format.estimatedBytes(report), !memory.fits(bytes) {
            let need = (bytes + (1 << 20) - 1) >> 20
            Terminal.err("buttonkit audit: \(memory.refused("audit", "the \(format.rawValue) report of \(report.findings.count) problems needs about \(need) MB").message); raise --max-memory")
            return 1
        }
        Terminal.out(format.write(report, failOn: failOn))
        if !TextSetup.measurer.isReal, auditOptions.checks.contains(.textClipped) { Terminal.err("note: " + TextSetup.note) }
        summarize(report, baseline: baseline != nil, failOn: failOn)
        if let out = baselineOut {
            let written = AuditBaseline(report)
            guard writeAll(out.fd, written.text) else {
                Terminal.err("buttonkit audit: cannot write the baseline to \(out.path): \(String(cString: strerror(errno)))")
                return 1
            }
            Terminal.err("baseline: \(written.keys.count) problem\(written.keys.count == 1 ? "" : "s") recorded in \(out.path)")
            return 0
        }
        return report.failing(at: failOn).isEmpty ? 0 : 1
    }

    /// The counts on standard error: what was skipped and why, the
    /// problems by severity, and with a baseline what is new and gone.
    static func summarize(_ report: AuditReport, baseline: Bool, failOn: AuditSeverity) {
        for (platform, checks) in report.skippedByPlatform {
            Terminal.err("\(platform.rawValue): \(checks.map(\.rawValue).joined(separator: " and ")) not checked (focus-driven, no user text size; text styles have tvOS's sizes)")
        }
        let skipped = report.notVisible
        if skipped > 0 {
            Terminal.err("\(skipped) control\(skipped == 1 ? " is" : "s are") not visible (hidden, in a hidden view, or transparent): not checked")
        }
        let count = report.controls.count
        let findings = report.findings
        let of = "\(count) control\(count == 1 ? "" : "s")"
        if findings.isEmpty {
            Terminal.err("no accessibility problems in \(of)")
        } else {
            let flagged = Set(findings.map { ($0.screen ?? "") + "\u{0}" + $0.problem.control }).count
            let warnings = findings.filter { $0.severity == .warning }.count
            let kinds = warnings == 0 ? "" : " (\(findings.count - warnings) error\(findings.count - warnings == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"))"
            Terminal.err("\(findings.count) accessibility problem\(findings.count == 1 ? "" : "s")\(kinds) in \(flagged) of \(of)")
        }
        if baseline {
            let new = findings.filter(\.isNew).count
            Terminal.err("baseline: \(findings.count - new) known, \(new) new; \(report.goneFromBaseline ?? 0) baseline entr\((report.goneFromBaseline ?? 0) == 1 ? "y no longer occurs" : "ies no longer occur")")
        }
        let failing = report.failing(at: failOn).count
        if failing == 0 && !findings.isEmpty {
            Terminal.err("nothing fails at --fail-on \(failOn.rawValue)")
        }
    }

    /// A named choice from an option, or a usage error listing the choices.
    static func choice<T: NamedChoice>(_ a: Arguments, _ option: Option, default d: T) throws(UsageError) -> T {
        guard let v = a.value(option) else { return d }
        do { return try T(parsing: v) } catch { throw UsageError("--\(option.key): \(error.message)", command: "audit") }
    }

    /// The baseline file's problems, or a usage error naming the file.
    static func readBaseline(_ path: String) throws(UsageError) -> AuditBaseline {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw UsageError("--baseline: cannot read \(path): \(String(cString: strerror(errno)))", command: "audit") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > 64 << 20 { throw UsageError("--baseline: \(path) is larger than 64 MB", command: "audit") }
        }
        do { return try AuditBaseline.parse(String(decoding: bytes, as: UTF8.self)) } catch {
            throw UsageError("--baseline: \(path): \(error.message)", command: "audit")
        }
    }

    /// The file `--write-baseline` names, created or emptied now.
    static func openForWriting(_ path: String) throws(UsageError) -> (fd: Int32, path: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw UsageError("--write-baseline: cannot write \(path): \(String(cString: strerror(errno)))", command: "audit") }
        return (fd, path)
    }

    static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            bytes = bytes.dropFirst(n)
        }
        return true
    }

    /// The audit's thresholds and selection from the command line.
    static func parseOptions(_ a: Arguments) throws(UsageError) -> AuditOptions {
        var o = AuditOptions()
        o.minimumContrast = try a.number(Opt.minContrast, default: o.minimumContrast, min: 1, command: "audit")
        o.largeTextContrast = try a.number(Opt.largeTextContrast, default: o.largeTextContrast, min: 1, command: "audit")
        o.minimumSize = try a.number(Opt.minSize, default: o.minimumSize, min: 0, command: "audit")
        let styles = a.all(Opt.style)
        if !styles.isEmpty {
            var chosen: [UserInterfaceStyle] = []
            for s in styles {
                if s == "both" { chosen += UserInterfaceStyle.allCases; continue }
                do { chosen.append(try UserInterfaceStyle(parsing: s)) } catch {
                    throw UsageError("--style: \(error.message)", command: "audit")
                }
            }
            o.styles = UserInterfaceStyle.allCases.filter(chosen.contains)
        }
        let states = a.all(Opt.states).flatMap { $0.split(separator: ",").map { String($0.trimmingSpaces()) } }
        if !states.isEmpty {
            var list: [ControlState] = []
            for s in states {
                do { list.append(try ControlState(parsing: s)) } catch { throw UsageError("--states: \(error.message)", command: "audit") }
            }
            o.states = list
        }
        let sizes = a.all(Opt.contentSize).flatMap { $0.split(separator: ",").map { String($0.trimmingSpaces()) } }
        if !sizes.isEmpty {
            var list: [ContentSizeCategory] = []
            for s in sizes {
                do { list.append(try ContentSizeCategory(parsing: s)) } catch { throw UsageError("--content-size: \(error.message)", command: "audit") }
            }
            o.contentSizes = list
        }
        let checks = a.all(Opt.check).flatMap { $0.split(separator: ",").map { String($0.trimmingSpaces()) } }
        if !checks.isEmpty {
            var set = Set<AuditCheck>()
            for c in checks {
                do { set.insert(try AuditCheck(parsing: c)) } catch { throw UsageError("--check: \(error.message)", command: "audit") }
            }
            o.checks = set
        }
        do { return try o.validated() } catch { throw UsageError(error.message, command: "audit") }
    }
}

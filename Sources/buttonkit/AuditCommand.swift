#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitLua

/// `buttonkit audit SCRIPT`: runs the script, then audits every control it
/// created (contrast in every visible state, light and dark; hit target;
/// label) and prints one line per problem. Exit 1 when there is any.
enum AuditCommand {
    static let options: [Option] = [
        Option("min-contrast", value: "RATIO", help: "contrast normal text needs (default 4.5, WCAG AA)"),
        Option("large-text-contrast", value: "RATIO", help: "contrast large text (18 pt, or 14 pt bold) needs (default 3)"),
        Option("min-size", value: "POINTS", help: "smallest hit target side (default 44, Apple's HIG)"),
        Option("style", value: "STYLE", help: "light, dark or both (default both); repeatable"),
        Option("states", value: "STATES", help: "states to check contrast in, comma-separated (default: every state but disabled)"),
        Option("check", value: "CHECKS", help: "contrast, hitTarget, label, textClipped, dynamicType, overlap, description, duplicateId, comma-separated (default all); repeatable"),
        Option("content-size", value: "SIZES", help: "content sizes to check contrast and clipped text at, comma-separated (default large,ax5); repeatable"),
        .assets, .ignored,
    ] + Option.scriptLimits(timeout: "stop a runaway script (default 30; 0 = no limit)") + [.help]

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
        buttons scene by scene, each named by its scene and id
        (Checkout:pay/normal/dark: ...), and says on standard error how many
        things in the file were not modelled (--ignored lists them). Colours
        named in the file come from its project's *.xcassets, or from the
        catalogs --assets names.
        """,
        options: options)

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        var a = try Arguments(args, options: options, command: "audit", stopAtPositional: true)
        // A storyboard takes no script arguments: options may follow it
        // (`audit Main.storyboard --assets App/Assets.xcassets`).
        if let f = a.positionals.first, LuaContext.isAppFile(f) {
            a = try Arguments(args, options: options, command: "audit")
        }
        if a.flag("help") { Terminal.out(help); return 0 }
        guard a.positionals.first != nil else { throw UsageError("audit needs a SCRIPT", command: "audit") }
        let auditOptions = try parseOptions(a)
        // What the script prints goes to standard error while it runs, so
        // standard output holds the problems only (`audit x.lua | wc -l`).
        fflush(nil)
        let savedOut = fcntl(1, F_DUPFD_CLOEXEC, 3)  // not inherited by what the script starts
        if savedOut >= 0 { _ = dup2(2, 1) }
        let run = Result { () throws(UsageError) in try RunCommand.executeTracking(a, command: "audit") }
        fflush(nil)
        if savedOut >= 0 { _ = dup2(savedOut, 1); close(savedOut) }
        let ctx: LuaContext
        switch try run.get() {
        case .success(let c): ctx = c
        case .failure(let status): return status.code
        }
        // Every live control the script made: two sharing an id are both
        // audited (and the id reported), as a test would reach either.
        let fromFile = LuaContext.isAppFile(a.positionals[0])
        let controls = ctx.createdControls
        let problems: [AuditProblem]
        let controlCount: Int
        if fromFile {
            (problems, controlCount) = AppFileNotes.audit(ctx, options: auditOptions)
            AppFileNotes.ignored(ctx)
            if a.flag("ignored") { AppFileNotes.listIgnored(ctx) }
        } else {
            problems = AccessibilityAudit.audit(controls, options: auditOptions)
            controlCount = controls.count
        }
        let sources = fromFile ? AppFileNotes.codeSources(ctx) : [:]
        Terminal.out(problems.map { p in p.description + (sources[p.control].map { " [\($0)]" } ?? "") + "\n" }.joined())
        if !TextSetup.measurer.isReal, auditOptions.checks.contains(.textClipped) { Terminal.err("note: " + TextSetup.note) }
        let flagged = Set(problems.map(\.control)).count
        if problems.isEmpty {
            Terminal.err("no accessibility problems in \(controlCount) control\(controlCount == 1 ? "" : "s")")
            return 0
        }
        Terminal.err("\(problems.count) accessibility problem\(problems.count == 1 ? "" : "s") in \(flagged) of \(controlCount) control\(controlCount == 1 ? "" : "s")")
        return 1
    }

    /// The audit's thresholds and selection from the command line.
    static func parseOptions(_ a: Arguments) throws(UsageError) -> AuditOptions {
        var o = AuditOptions()
        o.minimumContrast = try a.number("min-contrast", default: o.minimumContrast, min: 1, command: "audit")
        o.largeTextContrast = try a.number("large-text-contrast", default: o.largeTextContrast, min: 1, command: "audit")
        o.minimumSize = try a.number("min-size", default: o.minimumSize, min: 0, command: "audit")
        let styles = a.all("style")
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
        let states = a.all("states").flatMap { $0.split(separator: ",").map { String($0.trimmingSpaces()) } }
        if !states.isEmpty {
            var list: [ControlState] = []
            for s in states {
                do { list.append(try ControlState(parsing: s)) } catch { throw UsageError("--states: \(error.message)", command: "audit") }
            }
            o.states = list
        }
        let sizes = a.all("content-size").flatMap { $0.split(separator: ",").map { String($0.trimmingSpaces()) } }
        if !sizes.isEmpty {
            var list: [ContentSizeCategory] = []
            for s in sizes {
                do { list.append(try ContentSizeCategory(parsing: s)) } catch { throw UsageError("--content-size: \(error.message)", command: "audit") }
            }
            o.contentSizes = list
        }
        let checks = a.all("check").flatMap { $0.split(separator: ",").map { String($0.trimmingSpaces()) } }
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

import ButtonKit
import ButtonKitIB
import ButtonKitLua

/// What `render` and `audit` add when given a storyboard or XIB instead of
/// a script: controls named by their scene (`Checkout:pay`), audited scene
/// by scene (one file's scenes are separate screens of the app), and a line
/// saying how much of the file was not modelled.
enum AppFileNotes {
    /// Each loaded scene's name and its controls, in document order.
    static func byScreen(_ ctx: LuaContext) -> [(String, [Button])] {
        ctx.createdDocuments.flatMap { d in d.scenes.map { ($0.id, $0.controls) } }
    }

    /// `Checkout:pay`: a control's audit name under its scene's.
    static func name(_ control: String, _ screen: String) -> String { screen + ":" + control }

    /// The problem with its control named under its scene.
    static func qualify(_ p: AuditProblem, _ screen: String) -> AuditProblem {
        AuditProblem(control: name(p.control, screen), state: p.state, style: p.style, contentSize: p.contentSize, kind: p.kind)
    }

    /// Every problem of every scene's controls, scene by scene.
    static func audit(_ ctx: LuaContext, options: AuditOptions) -> (problems: [AuditProblem], controls: Int) {
        var out: [AuditProblem] = [], count = 0
        for (screen, list) in byScreen(ctx) {
            count += list.count
            out += AccessibilityAudit.audit(list, options: options).map { qualify($0, screen) }
        }
        return (out, count)
    }

    /// Says (on standard error) how many elements and attributes of each
    /// loaded file were seen and not modelled, and how to list them.
    static func ignored(_ ctx: LuaContext) {
        for d in ctx.createdDocuments {
            let n = d.ignored.count
            let what = Set(d.ignored.map { e in e.attribute.map { "\(e.element) \($0)" } ?? e.element }).count
            let u = d.unresolved.count
            Terminal.err("\(d.path): \(d.scenes.count) screen\(d.scenes.count == 1 ? "" : "s"), \(d.controls.count) button\(d.controls.count == 1 ? "" : "s"); "
                + (n == 0 ? "nothing ignored" : "\(n) thing\(n == 1 ? "" : "s") not modelled (\(what) kind\(what == 1 ? "" : "s"); --ignored lists them)")
                + ((d.kind == .swift || d.kind == .app) && u > 0 ? "; \(u) thing\(u == 1 ? "" : "s") in code not evaluated (buttonkit scan lists the commonest)" : ""))
            let unplaced = d.controls.filter { !$0.hasPosition }.count
            if unplaced > 0 {
                Terminal.err("\(d.path): \(unplaced) SwiftUI control\(unplaced == 1 ? " has" : "s have") no position (SwiftUI's layout places \(unplaced == 1 ? "it" : "them")): "
                    + "the overlap check passes over \(unplaced == 1 ? "it" : "them")")
            }
        }
    }

    /// The ignored entries, one line each: `Main.storyboard:42:13: constraint: not modelled`.
    static func listIgnored(_ ctx: LuaContext) {
        for d in ctx.createdDocuments {
            for e in d.ignored {
                Terminal.err("\(d.path):\(e.line):\(e.column): \(e.element)\(e.attribute.map { " " + $0 } ?? ""): \(e.reason)")
            }
        }
    }
}

import ButtonKit
import ButtonKitIB
import CLuaShim

/// `ui.audit(target [, options])`: the model's accessibility audit over a
/// control, a group, a bar, a screen or a list of them, as a list of
/// problem tables (`assert.accessible` and `buttonkit audit` read the same).
enum AuditBridge {
    static func audit(_ L: OpaquePointer) throws -> Int32 {
        let a = Args(L, "audit", method: false)
        let options = a.isNone(2) ? AuditOptions() : try a.conv(2, Read.auditOptions)
        var buttons: [Button] = []
        if lua_type(L, a.index(1)) == LUA_TTABLE, bk_tobox(L, a.index(1)) == nil {
            let list = LuaTable(L, a.index(1), what: "audit target")
            for k in stride(from: 1, through: list.count, by: 1) {
                buttons += try a.conv(1) { L, _ throws(BridgeError) in
                    do throws(BridgeError) { return try list.element(k, targets) } catch { throw error.within("item #\(k)") }
                }
            }
        } else {
            buttons = try a.conv(1, targets)
        }
        // One audit over everything: ids, overlaps and shared labels are
        // found between the targets as well as within them.
        let problems = AccessibilityAudit.audit(buttons, options: options)
        lua_createtable(L, Int32(problems.count), 0)
        for (i, p) in problems.enumerated() {
            push(L, p)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        return 1
    }

    /// The buttons a target stands for.
    static func targets(_ L: OpaquePointer, _ i: Int32) throws(BridgeError) -> [Button] {
        guard let box = bk_tobox(L, i), let p = box.pointee.obj, let kind = Binding.Kind(rawValue: box.pointee.kind) else {
            throw .value("control, radio group, sort bar, screen, document or a list of them expected, got \(Value.typeName(L, i))")
        }
        switch kind {
        case .button, .sortButton: return [Unmanaged<Button>.fromOpaque(p).takeUnretainedValue()]
        case .radioGroup: return Unmanaged<RadioGroup>.fromOpaque(p).takeUnretainedValue().buttons
        case .sortBar: return Unmanaged<SortBar>.fromOpaque(p).takeUnretainedValue().buttons
        case .screen: return Unmanaged<Screen>.fromOpaque(p).takeUnretainedValue().allButtons
        // A loaded file: every control of every scene (ids repeated on two
        // scenes are the scenes' own, as on two screens).
        case .document: return Unmanaged<IBDocument>.fromOpaque(p).takeUnretainedValue().controls
        default: throw .value("control, radio group, sort bar, screen, document or a list of them expected, got \(Value.typeName(L, i))")
        }
    }

    /// `{ control, check, message, severity, rule [, state, style, contentSize, …] }` and
    /// the figures of each kind.
    static func push(_ L: OpaquePointer, _ p: AuditProblem) {
        lua_createtable(L, 0, 10)
        Push.field(L, "control") { Value.pushString(L, p.control) }
        Push.field(L, "check") { Value.pushString(L, p.check.rawValue) }
        Push.field(L, "message") { Value.pushString(L, p.description) }
        Push.field(L, "severity") { Value.pushString(L, p.severity.rawValue) }
        Push.field(L, "rule") { Value.pushString(L, p.rule) }
        if let s = p.state { Push.field(L, "state") { Value.pushString(L, s.description) } }
        if let s = p.style { Push.field(L, "style") { Value.pushString(L, s.rawValue) } }
        if let c = p.contentSize { Push.field(L, "contentSize") { Value.pushString(L, c.rawValue) } }
        switch p.kind {
        case let .contrast(text, ratio, required, fg, bg):
            Push.field(L, "text") { Value.pushString(L, text) }
            Push.field(L, "ratio") { Value.pushNumber(L, ratio) }
            Push.field(L, "required") { Value.pushNumber(L, required) }
            Push.field(L, "foreground") { Value.pushString(L, fg.hex) }
            Push.field(L, "background") { Value.pushString(L, bg.hex) }
        case let .hitTarget(w, h, minimum):
            Push.field(L, "width") { Value.pushNumber(L, w) }
            Push.field(L, "height") { Value.pushNumber(L, h) }
            Push.field(L, "minimum") { Value.pushNumber(L, minimum) }
        case .missingLabel:
            break
        case .handlerFailed(let message):
            Push.field(L, "error") { Value.pushString(L, message) }
        case let .textClipped(text, displayed, w, h, _, _):
            Push.field(L, "text") { Value.pushString(L, text) }
            Push.field(L, "displayedText") { Value.pushString(L, displayed) }
            Push.field(L, "width") { Value.pushNumber(L, w) }
            Push.field(L, "height") { Value.pushNumber(L, h) }
        case .fixedFont(let f), .notAdjusting(let f):
            Push.field(L, "font") { Push.font(L, f) }
        case let .overlap(other, w, h):
            Push.field(L, "other") { Value.pushString(L, other) }
            Push.field(L, "width") { Value.pushNumber(L, w) }
            Push.field(L, "height") { Value.pushNumber(L, h) }
        case let .offScreen(f, _, _):
            Push.field(L, "frame") { Push.frame(L, f) }
        case let .badLabel(label, issue):
            Push.field(L, "label") { Value.pushString(L, label) }
            if case .sharedWith(let other) = issue { Push.field(L, "other") { Value.pushString(L, other) } }
        case let .duplicateId(id, count):
            Push.field(L, "id") { Value.pushString(L, id) }
            Push.field(L, "count") { Value.pushNumber(L, Double(count)) }
        }
    }
}

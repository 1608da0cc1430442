/// Which published rule each problem follows and how much it counts: what
/// reports for CI (JSON, JUnit, SARIF) carry beside the message, so a team
/// can tell a WCAG failure from a house rule.
extension AuditProblem {
    /// `warning` for contrast in a highlighted state (a finger is on the
    /// control, so the look is met only in passing), else `error`.
    public var severity: AuditSeverity {
        if case .contrast = kind, let s = state, s.contains(.highlighted) { return .warning }
        return .error
    }

    /// The rule the problem breaks, as a report names it.
    public var rule: String {
        switch kind {
        case .contrast: return "WCAG 2.2 SC 1.4.3 Contrast (Minimum)"
        case .handlerFailed: return "ButtonKit: a look that can be known (the configuration update handler failed)"
        case .hitTarget(_, _, let minimum): return "Apple HIG: hit targets of at least \(Format.number(minimum))x\(Format.number(minimum)) pt"
        case .missingLabel: return "WCAG 2.2 SC 4.1.2 Name, Role, Value"
        case .textClipped: return "WCAG 2.2 SC 1.4.4 Resize Text (Xcode audit: clipped text)"
        case .fixedFont, .notAdjusting: return "Apple HIG: Dynamic Type (Xcode audit: Dynamic Type)"
        case .overlap, .offScreen: return "Xcode audit: hit region"
        case .badLabel: return "GTXiLib: accessibility label checks"
        case .duplicateId: return "ButtonKit: one live control per id"
        }
    }
}

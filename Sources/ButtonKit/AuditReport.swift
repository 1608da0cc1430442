/// One audit run over screens of controls (`AuditTarget`s from any reader),
/// ready for every report format: each control with its findings, each
/// finding with its severity, rule, stable key and source, and — once a
/// baseline is applied — whether it is new.
public struct AuditReport {
    /// One problem as reports show it.
    public struct Finding {
        public let problem: AuditProblem
        /// The screen's name, nil for controls of no screen.
        public let screen: String?
        /// Where the control is defined, when known.
        public let source: SourceLocation?
        /// Not in the baseline (true when there is none).
        public var isNew = true

        public var severity: AuditSeverity { problem.severity }
        public var key: AuditKey { AuditKey(screen: screen, problem: problem) }
        /// `Screen/control/state/style[/contentSize]`.
        public var name: String { (screen.map { Format.oneLine($0) + "/" } ?? "") + problem.place }
        /// The text line: `Screen/control/...: message`.
        public var line: String { (screen.map { Format.oneLine($0) + "/" } ?? "") + problem.description }
    }

    /// One control with what was found on it (JUnit's test case).
    public struct ControlResult {
        public let screen: String?
        public let name: String
        public let source: SourceLocation?
        /// Skipped as not visible: not checked.
        public let checked: Bool
        public var findings: [Finding]
    }

    public var controls: [ControlResult]
    /// Problems not tied to one control's subject (none today; kept so a
    /// reader's own findings have a place).
    public var findings: [Finding] { controls.flatMap(\.findings) }
    /// Controls skipped because they are not visible.
    public var notVisible: Int { controls.filter { !$0.checked }.count }
    /// Platforms whose rules skipped checks, once each.
    public var skippedByPlatform: [(platform: Platform, checks: [AuditCheck])] = []
    /// Baseline entries that no longer occur; nil without a baseline.
    public var goneFromBaseline: Int?

    /// Audits each target's controls as one screen (a storyboard's scenes
    /// are separate screens of the app; overlaps and duplicate ids are
    /// looked for within one), naming them as the targets say.
    public static func make(_ targets: [AuditTarget], options: AuditOptions) -> AuditReport {
        var out = AuditReport(controls: [])
        var all: [Button] = []
        for t in targets {
            var names: [ObjectIdentifier: String] = [:]
            var sources: [ObjectIdentifier: SourceLocation] = [:]
            for c in t.controls {
                if let n = c.name { names[ObjectIdentifier(c.button)] = n }
                if let s = c.source { sources[ObjectIdentifier(c.button)] = s }
            }
            let subjects = AccessibilityAudit.subjects(t.controls.map(\.button), names: names)
            let problems = AccessibilityAudit.audit(subjects: subjects, options: options)
            var byName: [String: [AuditProblem]] = [:]
            for p in problems { byName[p.control, default: []].append(p) }
            for s in subjects {
                let source = sources[ObjectIdentifier(s.button)]
                let found = (byName[s.name] ?? []).map { Finding(problem: $0, screen: t.screen, source: source) }
                out.controls.append(ControlResult(screen: t.screen, name: s.name, source: source,
                                                  checked: s.button.isVisible, findings: found))
            }
            all += t.controls.map(\.button)
        }
        out.skippedByPlatform = AccessibilityAudit.skippedByPlatform(all)
        return out
    }

    /// Marks which findings the baseline already holds and counts its
    /// entries that no longer occur.
    public mutating func apply(_ baseline: AuditBaseline) {
        var current = Set<AuditKey>()
        for i in controls.indices {
            for j in controls[i].findings.indices {
                let k = controls[i].findings[j].key
                current.insert(k)
                controls[i].findings[j].isNew = !baseline.keys.contains(k)
            }
        }
        goneFromBaseline = baseline.keys.subtracting(current).count
    }

    /// The findings that fail the run: new ones at `failOn` or worse.
    public func failing(at failOn: AuditSeverity) -> [Finding] {
        findings.filter { $0.isNew && $0.severity >= failOn }
    }
}

/// The audit as SARIF 2.1.0 (OASIS Static Analysis Results Interchange
/// Format), what code-scanning dashboards read: one rule per check, one
/// result per problem at the file, line and column of the control's
/// definition (a storyboard's `<button>` element), its level the severity,
/// a stable fingerprint (the baseline key), and with a baseline applied,
/// `baselineState` `new` or `unchanged`.
public enum AuditSARIFFormat {
    /// The rule each check follows, for the driver's rule list.
    static func description(_ c: AuditCheck) -> String {
        switch c {
        case .contrast: return "WCAG 2.2 SC 1.4.3 Contrast (Minimum): text against its background in every state a user sees"
        case .hitTarget: return "Apple HIG: hit targets of at least 44x44 pt"
        case .label: return "WCAG 2.2 SC 4.1.2 Name, Role, Value: a title or an accessibility label"
        case .textClipped: return "WCAG 2.2 SC 1.4.4 Resize Text: the title fits at the text sizes checked"
        case .dynamicType: return "Apple HIG: Dynamic Type: titles grow with the user's text size"
        case .overlap: return "Xcode audit, hit region: controls do not overlap and stay on their screen"
        case .description: return "GTXiLib label checks: labels that read well to VoiceOver"
        case .duplicateId: return "One live control per id"
        }
    }

    public static func write(_ report: AuditReport) -> String {
        let rules: [JSONValue] = AuditCheck.allCases.map {
            .object(["id": .string($0.rawValue), "name": .string($0.rawValue),
                     "shortDescription": .object(["text": .string(description($0))])])
        }
        var results: [JSONValue] = []
        for f in report.findings {
            let p = f.problem
            var r: [String: JSONValue] = [
                "ruleId": .string(p.check.rawValue),
                "ruleIndex": .int(AuditCheck.allCases.firstIndex(of: p.check) ?? 0),
                "level": .string(f.severity == .error ? "error" : "warning"),
                "message": .object(["text": .string(f.line + " [" + p.rule + "]")]),
                "partialFingerprints": .object(["buttonkitAuditKey/v1": .string(f.key.fingerprint)]),
                "properties": .object(["name": .string(f.name), "rule": .string(p.rule)]),
            ]
            if let src = f.source {
                r["locations"] = .array([.object(["physicalLocation": .object([
                    "artifactLocation": .object(["uri": .string(uri(src.path))]),
                    "region": .object(["startLine": .int(src.line), "startColumn": .int(src.column)]),
                ])])])
            }
            if report.goneFromBaseline != nil { r["baselineState"] = .string(f.isNew ? "new" : "unchanged") }
            results.append(.object(r))
        }
        let run: JSONValue = .object([
            "tool": .object(["driver": .object([
                "name": .string("buttonkit audit"),
                "rules": .array(rules),
            ])]),
            "results": .array(results),
        ])
        return JSON.serialize(.object([
            "$schema": .string("https://json.schemastore.org/sarif-2.1.0.json"), "version": .string("2.1.0"), "runs": .array([run]),
        ]), pretty: true) + "\n"
    }

    /// A path as a relative URI reference: `/` kept, characters a URI
    /// cannot hold percent-encoded (a space as `%20`).
    static func uri(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if c.isASCII && (c.isLetter || c.isNumber || "/-._~+@".contains(c)) { out.append(c) } else {
                out += "%" + String(b, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

extension String {
    /// The string with zeros before it up to `n` characters.
    fileprivate func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}

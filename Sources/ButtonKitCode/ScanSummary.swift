import ButtonKit
import ButtonKitIB

/// What `buttonkit scan` reports of a load: per file and in total, the
/// buttons by origin and how many of their settings were evaluated, and
/// the commonest expressions that were not. Computed here so the command
/// line only prints it.
public struct ScanSummary: Sendable {
    public struct FileRow: Sendable {
        public let path: String
        public var buttons: [ControlOrigin: Int] = [:]
        public var resolved = 0
        public var unresolved = 0
    }
    public struct Unresolved: Sendable {
        public let expression: String
        public let reason: String
        public let count: Int
    }
    public var files: [FileRow] = []
    public var buttons: [ControlOrigin: Int] = [:]
    public var resolved = 0
    public var unresolved = 0
    public var codeButtons = 0
    public var codeWithTitle = 0
    public var codeWithTitleColor = 0
    /// Code buttons whose code sets a normal title / title colour, and how many of those were evaluated.
    public var titleTried = 0, titleResolved = 0, colorTried = 0, colorResolved = 0
    /// SwiftUI controls, those with a title or label image evaluated, and
    /// those with everything they say (title, style, modifiers) evaluated.
    public var swiftUI = 0, swiftUIWithLabel = 0, swiftUIComplete = 0
    public var top: [Unresolved] = []
    public var syntaxErrors = 0
    public var skipped = 0

    public init(_ doc: IBDocument, _ report: CodeLoadReport, top limit: Int = 10) {
        var rows: [String: FileRow] = [:]
        for c in report.controls {
            let path = c.source?.path ?? doc.path
            var r = rows[path] ?? FileRow(path: path)
            r.buttons[c.origin, default: 0] += 1
            r.resolved += c.resolved
            r.unresolved += c.unresolved
            rows[path] = r
            buttons[c.origin, default: 0] += 1
            resolved += c.resolved
            unresolved += c.unresolved
            if c.origin == .swiftui {
                swiftUI += 1
                if c.hasTitle { swiftUIWithLabel += 1 }
                if c.unresolved == 0 { swiftUIComplete += 1 }
            }
            if c.origin == .code {
                codeButtons += 1
                if c.hasTitle { codeWithTitle += 1 }
                if c.hasTitleColor { codeWithTitleColor += 1 }
                if c.titleTried { titleTried += 1; if c.hasTitle { titleResolved += 1 } }
                if c.titleColorTried { colorTried += 1; if c.hasTitleColor { colorResolved += 1 } }
            }
        }
        files = rows.values.sorted { $0.path < $1.path }
        var counts: [String: (reason: String, n: Int)] = [:]
        for u in doc.unresolved {
            if u.reason.hasPrefix("syntax error") { syntaxErrors += 1; continue }
            if u.expression.isEmpty { skipped += 1; continue }
            counts[u.expression, default: (u.reason, 0)].n += 1
        }
        top = counts.map { Unresolved(expression: $0.key, reason: $0.value.reason, count: $0.value.n) }
            .sorted { ($1.count, $0.expression) < ($0.count, $1.expression) }
            .prefix(limit).map { $0 }
    }

    /// The summary as JSON (the core's serializer).
    public func json(path: String, report: CodeLoadReport) -> String {
        func origins(_ d: [ControlOrigin: Int]) -> JSONValue {
            .object(Dictionary(uniqueKeysWithValues: ControlOrigin.allCases.map { ($0.rawValue, JSONValue.int(d[$0] ?? 0)) }))
        }
        let value: JSONValue = .object([
            "path": .string(path),
            "swiftFiles": .int(report.swiftFiles.count),
            "interfaceFiles": .int(report.interfaceFiles.count),
            "lines": .int(report.lines),
            "cachedFiles": .int(report.cached),
            "seconds": .double(report.totalSeconds),
            "readerSeconds": .double(report.readSeconds),
            "decodeSeconds": .double(report.decodeSeconds),
            "irBytes": .int(report.irBytes),
            "files": .array(files.map { f in
                .object(["path": .string(f.path), "buttons": origins(f.buttons), "resolved": .int(f.resolved), "unresolved": .int(f.unresolved)])
            }),
            "totals": .object([
                "buttons": origins(buttons), "resolved": .int(resolved), "unresolved": .int(unresolved),
                "swiftUI": .int(swiftUI), "swiftUIWithLabel": .int(swiftUIWithLabel), "swiftUIComplete": .int(swiftUIComplete),
                "codeButtons": .int(codeButtons), "codeWithTitle": .int(codeWithTitle), "codeWithTitleColor": .int(codeWithTitleColor),
                "titleSetInCode": .int(titleTried), "titleSetInCodeResolved": .int(titleResolved),
                "titleColorSetInCode": .int(colorTried), "titleColorSetInCodeResolved": .int(colorResolved),
                "syntaxErrors": .int(syntaxErrors), "skipped": .int(skipped),
            ]),
            "topUnresolved": .array(top.map { .object(["expression": .string($0.expression), "reason": .string($0.reason), "count": .int($0.count)]) }),
        ])
        return JSON.serialize(value, pretty: true)
    }
}

import ButtonKitSwiftIR

/// Which clause of an `#if` the reader takes: the one an iOS build
/// compiles (a condition naming iOS or UIKit), else the first that names no
/// other platform, else the first. ButtonKit models iOS.
enum IfConfigChoice {
    static let otherPlatforms = ["os(macOS)", "os(OSX)", "os(watchOS)", "os(tvOS)", "os(visionOS)", "canImport(AppKit)", "os(Linux)"]

    static func pick(_ ifConfig: SyntaxNode) -> SyntaxNode? {
        let clauses = ifConfig.children
        if let c = clauses.first(where: { ($0.text.contains("os(iOS)") || $0.text.contains("canImport(UIKit)")) && !$0.text.contains("!os(iOS)") && !$0.text.contains("!canImport(UIKit)") }) { return c }
        if let c = clauses.first(where: { clause in !otherPlatforms.contains { clause.text.contains($0) } }) { return c }
        return clauses.first
    }
}

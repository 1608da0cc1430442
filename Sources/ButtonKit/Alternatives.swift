/// Where a control is one of several alternatives of which only one shows:
/// the branch it sits in at each such point on its way from the screen's
/// root (an `if`/`else`, a `switch`, a `ViewThatFits`, an `#if` of a
/// SwiftUI body). A reader of code lists every branch's controls, since
/// which one shows is decided at run time; two controls in different
/// branches of one point never show together, so the checks between
/// controls (one id, one label) pass over such a pair instead of reporting
/// the same button once per branch.
public struct Alternatives: Sendable, Equatable {
    /// One point and the branch taken there. `point` names the place in
    /// the source (`File.swift:line:column`).
    public struct Choice: Sendable, Equatable {
        public let point: String
        public let branch: Int
        public init(point: String, branch: Int) { self.point = point; self.branch = branch }
    }

    public var choices: [Choice]

    public init(_ choices: [Choice] = []) { self.choices = choices }

    /// Whether the two never show together: they took different branches
    /// at some point both passed.
    public func excludes(_ other: Alternatives) -> Bool {
        guard !choices.isEmpty, !other.choices.isEmpty else { return false }
        for a in choices {
            for b in other.choices where a.point == b.point && a.branch != b.branch { return true }
        }
        return false
    }
}

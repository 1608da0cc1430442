/// The checks of the accessibility audit, by the names scripts and the
/// command line use to pick them. Each follows a published rule
/// (docs/testing.md lists the anchors with an example line).
public enum AuditCheck: String, CaseIterable, NamedChoice, Sendable {
    /// WCAG 2.x SC 1.4.3: text against its background, every state but
    /// disabled (inactive components are exempt), light and dark.
    case contrast
    /// Apple's HIG: a hit region of at least 44×44 pt.
    case hitTarget
    /// A title, or an accessibilityLabel, for every button.
    case label
    /// Xcode's "clipped text" audit type: the title does not fit the
    /// button as UIKit lays it out, at the content size checked.
    case textClipped
    /// Xcode's "Dynamic Type" audit type: a title font that does not grow
    /// with the user's text size.
    case dynamicType
    /// Xcode's "hit region" audit type and GTXiLib's overlapping-elements
    /// check: enabled, visible controls whose hit areas overlap, or that
    /// lie off their screen.
    case overlap
    /// GTXiLib's label checks: a label that repeats the trait ("Button"),
    /// ends in punctuation, looks like a file name, or is shared by two
    /// controls of one screen.
    case description
    /// Two live controls with one id: a test that finds a control by id
    /// reaches only one of them.
    case duplicateId

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "audit check"
}

/// What the accessibility audit checks and against which thresholds. The
/// defaults are WCAG 2.x level AA and Apple's HIG.
public struct AuditOptions: Sendable {
    /// SC 1.4.3 for normal text.
    public var minimumContrast = 4.5
    /// SC 1.4.3 for large text: at least 18 pt, or 14 pt bold.
    public var largeTextContrast = 3.0
    /// The smallest hit region's side, in points (HIG: 44).
    public var minimumSize = 44.0
    /// The interface styles to check contrast in.
    public var styles: [UserInterfaceStyle] = [.light, .dark]
    public var checks: Set<AuditCheck> = Set(AuditCheck.allCases)
    /// The content sizes contrast and clipped text are checked at: the
    /// default and the largest accessibility size, where titles clip.
    public var contentSizes: [ContentSizeCategory] = [.large, .largest]
    /// The states to check contrast in; nil: every state a user can see
    /// (normal, highlighted, and the selected ones for buttons that can be
    /// selected). A team that accepts fainter pressed looks lists fewer.
    public var states: [ControlState]?

    /// The defaults: AA contrast, 44 pt targets, light and dark, `large`
    /// and AX5, every check.
    public init() {}

    /// Checks the thresholds: contrasts from 1 to 21, a size from 0 to 10000.
    public func validated() throws(ButtonKitError) -> AuditOptions {
        for (n, v) in [("minimumContrast", minimumContrast), ("largeTextContrast", largeTextContrast)] where !(v >= 1 && v <= 21) {
            throw .invalidValue(what: n, value: Format.number(v), expected: "a ratio from 1 to 21")
        }
        guard minimumSize >= 0, minimumSize <= Style.maxLength else {
            throw .invalidValue(what: "minimumSize", value: Format.number(minimumSize), expected: "a number from 0 to 10000")
        }
        guard !styles.isEmpty else {
            throw .invalidValue(what: "styles", value: "{}", expected: "at least one of 'light' and 'dark'")
        }
        guard !contentSizes.isEmpty else {
            throw .invalidValue(what: "contentSizes", value: "{}", expected: "at least one content size, e.g. 'large'")
        }
        return self
    }
}

/// UIKit's `UIContentSizeCategory`: the text size a user picked in
/// Settings (Display & Brightness › Text Size, and Accessibility › Larger
/// Text for the five accessibility sizes). `large` is the default. Text
/// styles scale by it (`TextStyle.size(at:)`).
///
/// Scripts write UIKit's case names, the short names of Xcode's
/// Environment Overrides (`xs s m l xl xxl xxxl ax1`…`ax5`), or the raw
/// values Interface Builder and UIKit store (`UICTContentSizeCategoryL`).
public enum ContentSizeCategory: String, CaseIterable, Sendable, Codable, Comparable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge
    case accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge

    /// What a value is called in messages.
    public static let choiceKind = "content size"

    /// The largest size, the one the audit checks beside the default.
    public static let largest = ContentSizeCategory.accessibilityExtraExtraExtraLarge

    /// Smaller before larger, as UIKit compares categories.
    public static func < (a: ContentSizeCategory, b: ContentSizeCategory) -> Bool { a.index < b.index }

    /// The position from 0 (extraSmall) to 11 (accessibilityExtraExtraExtraLarge).
    public var index: Int {
        switch self {
        case .extraSmall: return 0
        case .small: return 1
        case .medium: return 2
        case .large: return 3
        case .extraLarge: return 4
        case .extraExtraLarge: return 5
        case .extraExtraExtraLarge: return 6
        case .accessibilityMedium: return 7
        case .accessibilityLarge: return 8
        case .accessibilityExtraLarge: return 9
        case .accessibilityExtraExtraLarge: return 10
        case .accessibilityExtraExtraExtraLarge: return 11
        }
    }

    /// UIKit's `isAccessibilityCategory`: one of the five larger sizes.
    public var isAccessibilityCategory: Bool { index >= 7 }

    /// `xs s m l xl xxl xxxl ax1 … ax5`: the names Xcode's Environment
    /// Overrides and the HIG's tables use.
    public var shortName: String { ContentSizeCategory.shortNames[index] }

    static let shortNames = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]

    /// UIKit's raw value (`UICTContentSizeCategoryL`), as Interface Builder
    /// and `UIContentSizeCategory(rawValue:)` write it.
    public var uikitName: String {
        "UICTContentSizeCategory" + ["XS", "S", "M", "L", "XL", "XXL", "XXXL",
                                     "AccessibilityM", "AccessibilityL", "AccessibilityXL", "AccessibilityXXL", "AccessibilityXXXL"][index]
    }

    /// Parses a case name, a short name or UIKit's raw value (any case),
    /// with a suggestion on typos.
    public init(parsing text: String) throws(ButtonKitError) {
        let lower = text.lowercased()
        for c in ContentSizeCategory.allCases where c.rawValue.lowercased() == lower || c.shortName == lower || c.uikitName.lowercased() == lower {
            self = c
            return
        }
        throw .notOneOf(kind: ContentSizeCategory.choiceKind, name: text,
                        choices: ContentSizeCategory.allCases.map(\.rawValue) + ContentSizeCategory.shortNames)
    }
}

/// UIKit's `UIFont.TextStyle`: a font named by its role instead of a size,
/// whose size follows the user's text size (Dynamic Type).
///
/// The sizes are Apple's published table (Human Interface Guidelines,
/// Typography, "iOS, iPadOS Dynamic Type sizes" and "Larger accessibility
/// type sizes"); docs/model.md cites it and the one place it differs from
/// a simulator's dump. Weights are the HIG's too: headline is semibold,
/// every other style regular.
public enum TextStyle: String, CaseIterable, NamedChoice, Sendable, Codable {
    case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "text style"

    /// Points at each content size, extraSmall … accessibilityExtraExtraExtraLarge.
    static let sizes: [TextStyle: [Double]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// The point size at `category`.
    public func size(at category: ContentSizeCategory) -> Double {
        TextStyle.sizes[self]?[category.index] ?? 17
    }

    /// The weight UIKit gives the style (`preferredFont(forTextStyle:)`).
    public var defaultWeight: FontWeight { self == .headline ? .semibold : .regular }

    /// Interface Builder's and UIKit's raw value: `UICTFontTextStyleBody`,
    /// `UICTFontTextStyleTitle0` for the large title, `…Subhead` for subheadline.
    public var uikitName: String {
        switch self {
        case .largeTitle: return "UICTFontTextStyleTitle0"
        case .subheadline: return "UICTFontTextStyleSubhead"
        default:
            let name = rawValue
            return "UICTFontTextStyle" + name.prefix(1).uppercased() + name.dropFirst()
        }
    }

    /// The style a raw value names (`UICTFontTextStyleHeadline`), or nil.
    public init?(uikitName: String) {
        guard let s = TextStyle.allCases.first(where: { $0.uikitName == uikitName }) else { return nil }
        self = s
    }
}

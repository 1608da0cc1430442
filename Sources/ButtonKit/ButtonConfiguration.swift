/// `UIButton.Configuration` (iOS 15+) as a value: the style and the fields
/// a script sets. Like UIKit's, it describes the normal look; the per-state
/// looks (highlighted, selected, disabled) are derived from it when
/// appearance is resolved (`Resolver.resolve(configuration:...)`), with the
/// values in `DerivedLooks`.
///
/// A value type, as in UIKit: a configuration update handler gets a copy,
/// changes it, and the button takes the changed copy.
public struct ButtonConfiguration: Hashable, Sendable {
    public var style: ConfigurationStyle
    /// Cut to `TitleText.maxCharacters`, as a style's title is.
    public var title: String? { didSet { if let t = title, t.utf8.count > TitleText.maxCharacters { title = TitleText.cut(t) } } }
    public var subtitle: String? { didSet { if let t = subtitle, t.utf8.count > TitleText.maxCharacters { subtitle = TitleText.cut(t) } } }
    public var image: String?
    public var imagePlacement: ImagePlacement = .leading
    /// Between image and title/subtitle (UIKit's default, measured: 0).
    public var imagePadding: Double = DerivedLooks.defaultImagePadding
    /// Between title and subtitle.
    public var titlePadding: Double = DerivedLooks.defaultTitlePadding
    /// Replaces the tint (or white, for filled) in the foreground; nil
    /// lets the style choose, as in UIKit.
    public var baseForegroundColor: ColorValue?
    /// Replaces the tint (or the grey fill, for gray) in the background.
    public var baseBackgroundColor: ColorValue?
    public var cornerStyle: ConfigurationCornerStyle = .dynamic
    /// `background.cornerRadius`: the radius `cornerStyle = fixed` uses.
    public var cornerRadius: Double = 0
    public var buttonSize: ConfigurationSize = .medium
    /// nil: the default insets of `buttonSize` (UIKit's `setDefaultContentInsets`).
    public var contentInsets: EdgeInsets?
    /// The title's font when the app gives one (UIKit's
    /// `titleTextAttributesTransformer`, SwiftUI's `.font`); nil: the
    /// size's text style.
    public var titleFont: Font?
    /// An activity indicator replaces the image while true.
    public var showsActivityIndicator = false

    /// A configuration of `style` with UIKit's defaults for everything else.
    public init(style: ConfigurationStyle) { self.style = style }

    /// The names of the fields, in the order scripts see them.
    public static let fieldNames = [
        "style", "title", "subtitle", "image", "imagePlacement", "imagePadding", "titlePadding",
        "baseForegroundColor", "baseBackgroundColor", "cornerStyle", "cornerRadius", "buttonSize",
        "contentInsets", "showsActivityIndicator",
    ]

    /// The insets in effect: the set ones, else the size's defaults.
    public var effectiveContentInsets: EdgeInsets { contentInsets ?? DerivedLooks.contentInsets(buttonSize) }

    /// Checks the lengths (paddings, radius): finite, not negative, at most
    /// `Style.maxLength`. Front ends call it after reading a configuration.
    public func validated() throws(ButtonKitError) -> ButtonConfiguration {
        for (n, v) in [("imagePadding", imagePadding), ("titlePadding", titlePadding), ("cornerRadius", cornerRadius)]
        where !(v.isFinite && v >= 0 && v <= Style.maxLength) {
            throw .invalidValue(what: n, value: Format.number(v), expected: "a number from 0 to 10000")
        }
        return self
    }
}

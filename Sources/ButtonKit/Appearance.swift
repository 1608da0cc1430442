/// The resolved look of a control in one state: every property has a value
/// (or is explicitly absent, like `image`). It is a plain value so tests can
/// compare it, snapshot it and encode it.
public struct Appearance: Hashable, Sendable, Codable {
    public var state: ControlState
    public var title: String?
    public var attributedTitle: [AttributedRun]?
    /// What is displayed: the attributed runs concatenated when set, else the title.
    public var text: String?
    public var titleColor: Color
    public var backgroundColor: Color
    public var borderColor: Color
    public var borderWidth: Double
    public var cornerRadius: Double
    public var font: Font
    public var image: String?
    public var backgroundImage: String?
    public var imageAdjustment: ImageAdjustment
    public var alpha: Double
    /// Sort buttons only.
    public var direction: SortDirection?
    /// Buttons with a configuration only: subtitle and layout. Kept out of
    /// line: most appearances have none, and resolving one must not pay
    /// for copying a hundred empty bytes.
    public var layout: ConfigurationLayout? {
        get { layoutBox?.value }
        set { layoutBox = newValue.map(LayoutBox.init) }
    }
    /// Internal (not private) so the compiler's memberwise initialiser
    /// exists: it builds the value in one step, where an explicit `init`
    /// assigning fields one by one left a copy of the whole struct behind.
    var layoutBox: LayoutBox? = nil

    /// The out-of-line storage of `layout`, compared by value.
    final class LayoutBox: Hashable, Sendable {
        let value: ConfigurationLayout
        init(_ v: ConfigurationLayout) { value = v }
        static func == (a: LayoutBox, b: LayoutBox) -> Bool { a.value == b.value }
        func hash(into h: inout Hasher) { h.combine(value) }
    }

    /// The configuration's subtitle, if any.
    public var subtitle: String? { layout?.subtitle }

    /// The system defaults of a custom-type UIButton in `state`.
    /// UIKit's defaults for a custom button: white title, clear background, black border.
    public static let defaultTitleColor = Color.white
    public static let defaultBackgroundColor = Color.clear
    public static let defaultBorderColor = Color.black

    public static func systemDefault(_ state: ControlState) -> Appearance {
        Appearance(state: state, title: nil, attributedTitle: nil, text: nil,
                   titleColor: defaultTitleColor, backgroundColor: defaultBackgroundColor, borderColor: defaultBorderColor,
                   borderWidth: 0, cornerRadius: 0, font: .systemDefault, image: nil,
                   backgroundImage: nil, imageAdjustment: .none, alpha: 1, direction: nil)
    }

    enum CodingKeys: String, CodingKey {
        case state, title, attributedTitle, text, titleColor, backgroundColor, borderColor
        case borderWidth, cornerRadius, font, image, backgroundImage, imageAdjustment, alpha, direction
        case subtitle, subtitleFont, imagePlacement, imagePadding, titlePadding, contentInsets, showsActivityIndicator
    }

}

/// The initialisers live out of the struct's body so the compiler's own
/// memberwise initialiser (the one resolution uses) still exists.
extension Appearance {
    /// Memberwise; `systemDefault(_:)` is the usual starting point.
    public init(state: ControlState, title: String?, attributedTitle: [AttributedRun]?, text: String?,
                titleColor: Color, backgroundColor: Color, borderColor: Color, borderWidth: Double,
                cornerRadius: Double, font: Font, image: String?, backgroundImage: String?,
                imageAdjustment: ImageAdjustment, alpha: Double, direction: SortDirection?) {
        self.init(state: state, title: title, attributedTitle: attributedTitle, text: text,
                  titleColor: titleColor, backgroundColor: backgroundColor, borderColor: borderColor,
                  borderWidth: borderWidth, cornerRadius: cornerRadius, font: font, image: image,
                  backgroundImage: backgroundImage, imageAdjustment: imageAdjustment, alpha: alpha,
                  direction: direction, layoutBox: nil)
    }

    /// Encodes the state as its canonical string, as scripts see it.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let s = try c.decode(String.self, forKey: .state)
        do { state = try ControlState(parsing: s) } catch {
            throw DecodingError.dataCorruptedError(forKey: .state, in: c, debugDescription: error.message)
        }
        title = try c.decodeIfPresent(String.self, forKey: .title)
        attributedTitle = try c.decodeIfPresent([AttributedRun].self, forKey: .attributedTitle)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        titleColor = try c.decode(Color.self, forKey: .titleColor)
        backgroundColor = try c.decode(Color.self, forKey: .backgroundColor)
        borderColor = try c.decode(Color.self, forKey: .borderColor)
        borderWidth = try c.decode(Double.self, forKey: .borderWidth)
        cornerRadius = try c.decode(Double.self, forKey: .cornerRadius)
        font = try c.decode(Font.self, forKey: .font)
        image = try c.decodeIfPresent(String.self, forKey: .image)
        backgroundImage = try c.decodeIfPresent(String.self, forKey: .backgroundImage)
        imageAdjustment = try c.decode(ImageAdjustment.self, forKey: .imageAdjustment)
        alpha = try c.decode(Double.self, forKey: .alpha)
        direction = try c.decodeIfPresent(SortDirection.self, forKey: .direction)
        if let placement = try c.decodeIfPresent(ImagePlacement.self, forKey: .imagePlacement) {
            layout = ConfigurationLayout(
                subtitle: try c.decodeIfPresent(String.self, forKey: .subtitle),
                subtitleFont: try c.decodeIfPresent(Font.self, forKey: .subtitleFont) ?? font,
                imagePlacement: placement,
                imagePadding: try c.decodeIfPresent(Double.self, forKey: .imagePadding) ?? 0,
                titlePadding: try c.decodeIfPresent(Double.self, forKey: .titlePadding) ?? 0,
                contentInsets: try c.decodeIfPresent(EdgeInsets.self, forKey: .contentInsets) ?? EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0),
                showsActivityIndicator: try c.decodeIfPresent(Bool.self, forKey: .showsActivityIndicator) ?? false)
        }
    }

    /// Encodes the state as its canonical string, as scripts and snapshots read it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(state.description, forKey: .state)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(attributedTitle, forKey: .attributedTitle)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encode(titleColor, forKey: .titleColor)
        try c.encode(backgroundColor, forKey: .backgroundColor)
        try c.encode(borderColor, forKey: .borderColor)
        try c.encode(borderWidth, forKey: .borderWidth)
        try c.encode(cornerRadius, forKey: .cornerRadius)
        try c.encode(font, forKey: .font)
        try c.encodeIfPresent(image, forKey: .image)
        try c.encodeIfPresent(backgroundImage, forKey: .backgroundImage)
        try c.encode(imageAdjustment, forKey: .imageAdjustment)
        try c.encode(alpha, forKey: .alpha)
        try c.encodeIfPresent(direction, forKey: .direction)
        if let l = layout {
            try c.encodeIfPresent(l.subtitle, forKey: .subtitle)
            try c.encode(l.subtitleFont, forKey: .subtitleFont)
            try c.encode(l.imagePlacement, forKey: .imagePlacement)
            try c.encode(l.imagePadding, forKey: .imagePadding)
            try c.encode(l.titlePadding, forKey: .titlePadding)
            try c.encode(l.contentInsets, forKey: .contentInsets)
            try c.encode(l.showsActivityIndicator, forKey: .showsActivityIndicator)
        }
    }
}

/// A named colour from an asset catalog (`BrandPrimary.colorset`): one value
/// per appearance the set declares, resolved as UIKit's `UIColor(named:)`
/// resolves it against a trait collection. Held by `DynamicColor.asset`, so
/// every place that takes a colour takes it, and its description is its name.
public struct AssetColor: Hashable, Sendable, CustomStringConvertible {
    /// One appearance of the set: the traits it is for (nil: any) and the
    /// colour, already converted to sRGB.
    public struct Variant: Hashable, Sendable {
        /// `luminosity` light or dark; nil for "Any Appearance".
        public var style: UserInterfaceStyle?
        /// `contrast` high; nil for any contrast.
        public var contrast: AccessibilityContrast?
        /// Whether the entry was written for the iPhone idiom (it wins over
        /// a universal one, as on an iPhone).
        public var idiomSpecific: Bool
        public var color: Color
        /// A system colour the entry refers to (`"reference": "systemPurpleColor"`):
        /// resolved in the traits' style, as that dynamic colour is; `color`
        /// then holds its light value.
        public var system: SystemColor?
        /// A variant for the given traits.
        public init(style: UserInterfaceStyle? = nil, contrast: AccessibilityContrast? = nil,
                    idiomSpecific: Bool = false, color: Color, system: SystemColor? = nil) {
            self.style = style; self.contrast = contrast; self.idiomSpecific = idiomSpecific; self.color = color
            self.system = system
        }
    }

    /// The set's name (the folder's name without `.colorset`).
    public let name: String
    /// Every appearance the set declares, in file order.
    public let variants: [Variant]

    /// A colour with its variants; an empty list resolves to clear.
    public init(name: String, variants: [Variant]) {
        self.name = name
        self.variants = variants
    }

    /// The value in `traits`: among the variants whose traits all match
    /// (an unset trait matches anything), the most specific one: a matching
    /// contrast counts most, then a matching interface style, then the
    /// iPhone idiom; ties go to the first written. This is the order the
    /// asset catalog's run-time lookup prefers (an exact appearance before
    /// "Any").
    public func resolve(_ traits: Traits) -> Color {
        var best: Variant?
        var bestScore = -1
        for v in variants {
            if let s = v.style, s != traits.userInterfaceStyle { continue }
            if let c = v.contrast, c != traits.accessibilityContrast { continue }
            let score = (v.contrast != nil ? 4 : 0) + (v.style != nil ? 2 : 0) + (v.idiomSpecific ? 1 : 0)
            if score > bestScore { best = v; bestScore = score }
        }
        guard let v = best ?? variants.first else { return .clear }
        if let s = v.system { return s.color(in: traits.userInterfaceStyle) }
        return v.color
    }

    /// The name, as scripts wrote it (`ui.color("BrandPrimary")`).
    public var description: String { name }
}

/// Every value UIKit derives for a look but Apple does not publish, in one
/// table so a better measurement is a one-line change here (and a changed
/// pin in `ConfigurationTests`). `docs/model.md` lists them with their
/// sources; nothing else in the model holds a number of this kind.
///
/// Status of the values (see the per-row comments):
/// - **measured**: read off UIKit by a third party (SwiftKit's iOS 13
///   back-port of UIButton.Configuration, whose demo asserts against real
///   UIKit, "SK"; an Apple forum answer for the medium insets).
/// - **parity**: what Apple's own SwiftUI does for the same control
///   (OpenSwiftUI's copy of SwiftUICore, "OSU").
/// - **provisional**: no public source found; a reasonable placeholder to
///   be re-measured on a simulator.
public enum DerivedLooks {
    /// Where a derived colour starts from.
    public enum Base: Hashable, Sendable {
        /// `baseForegroundColor`, else the style's foreground: the tint,
        /// or white for filled.
        case foreground
        /// `baseBackgroundColor`, else the style's background base: the
        /// tint, or secondarySystemFill for gray.
        case background
        /// `baseBackgroundColor`, else the tint (selection backgrounds).
        case accent
        case white
        case clear
        case system(SystemColor)
        case fixed(Color)
    }

    /// How a derived colour is made from its base.
    public indirect enum Rule: Hashable, Sendable {
        /// The base as is.
        case base(Base)
        /// The base with its alpha multiplied by the factor.
        case alpha(Base, Double)
        /// The base's colour at the factor over white (lighter), its alpha kept.
        case overWhite(Base, Double)
        /// The first rule without a `baseBackgroundColor`, the second with one.
        case unlessCustomBackground(Rule, Rule)
    }

    /// The states a configuration has a look for. Disabled wins over
    /// everything; focus does not change the look.
    public enum StateClass: String, CaseIterable, Sendable {
        case normal, highlighted, selected, selectedHighlighted, disabled

        /// The class of a full state.
        public init(_ s: ControlState) {
            if s.contains(.disabled) { self = .disabled }
            else if s.contains(.selected) { self = s.contains(.highlighted) ? .selectedHighlighted : .selected }
            else { self = s.contains(.highlighted) ? .highlighted : .normal }
        }
    }

    /// One cell of the table: foreground (title, subtitle, image) and background.
    public struct Look: Hashable, Sendable {
        public let foreground: Rule
        public let background: Rule
    }

    // MARK: The configuration table (SK unless a row says otherwise; measured)

    /// The look of `style` in `state` and `ui`.
    public static func look(_ style: ConfigurationStyle.Look, _ state: StateClass, _ ui: UserInterfaceStyle) -> Look {
        let dark = ui == .dark
        // Foreground when pressed: lighter in dark mode, fainter in light mode.
        let pressedForeground: Rule = dark ? .overWhite(.foreground, 0.9) : .alpha(.foreground, 0.75)
        // The filled look pressed (also tinted's selected look pressed).
        let filledPressed = Look(foreground: .alpha(.white, 0.75),
                                 background: dark ? .overWhite(.accent, 0.8) : .alpha(.accent, 0.75))
        // A tint wash: tinted's background, and plain/gray when selected.
        let wash: Rule = .alpha(.accent, dark ? 0.25 : 0.18)
        let washPressed: Rule = .alpha(.accent, dark ? 0.18 : 0.12)
        let disabledForeground: Rule = .base(.system(.tertiaryLabel))

        switch (style, state) {
        // plain (borderless): transparent background.
        case (.plain, .normal): return Look(foreground: .base(.foreground), background: .base(.clear))
        case (.plain, .highlighted):
            return Look(foreground: dark ? .overWhite(.foreground, 0.8) : .alpha(.foreground, 0.75), background: .base(.clear))
        case (.plain, .selected): return Look(foreground: .base(.foreground), background: wash)
        case (.plain, .selectedHighlighted): return Look(foreground: pressedForeground, background: washPressed)
        case (.plain, .disabled): return Look(foreground: disabledForeground, background: .base(.clear))

        // gray (bordered): secondarySystemFill background.
        case (.gray, .normal): return Look(foreground: .base(.foreground), background: .base(.background))
        case (.gray, .highlighted):
            // Light: secondarySystemFill 0.16 → 0.12. Dark: measured as
            // rgba(140,140,147,0.35); with a custom base, filled's rule
            // (provisional: no measurement of a custom base).
            return Look(foreground: pressedForeground,
                        background: dark ? .unlessCustomBackground(.base(.fixed(Color(red: 140, green: 140, blue: 147, alpha: Color.byte(0.35)))),
                                                                   .overWhite(.background, 0.8))
                                         : .alpha(.background, 0.75))
        case (.gray, .selected): return Look(foreground: .base(.foreground), background: wash)
        case (.gray, .selectedHighlighted): return Look(foreground: pressedForeground, background: washPressed)
        case (.gray, .disabled): return Look(foreground: disabledForeground, background: .base(.system(.tertiarySystemFill)))

        // tinted (borderedTinted): a tint wash; selected turns it filled.
        case (.tinted, .normal): return Look(foreground: .base(.foreground), background: wash)
        case (.tinted, .highlighted): return Look(foreground: pressedForeground, background: washPressed)
        case (.tinted, .selected): return Look(foreground: .base(.white), background: .base(.accent))
        case (.tinted, .selectedHighlighted): return filledPressed
        case (.tinted, .disabled): return Look(foreground: disabledForeground, background: .base(.system(.tertiarySystemFill)))

        // filled (borderedProminent): white on the tint. Selection does not
        // change it (UIKit's automaticallyUpdateForSelection is off for it).
        case (.filled, .normal), (.filled, .selected):
            return Look(foreground: .base(.foreground), background: .base(.accent))
        case (.filled, .highlighted), (.filled, .selectedHighlighted):
            return Look(foreground: .alpha(.foreground, 0.75), background: filledPressed.background)
        case (.filled, .disabled): return Look(foreground: disabledForeground, background: .base(.system(.tertiarySystemFill)))
        }
    }

    // MARK: Legacy system-type buttons (type = "system", no configuration)

    /// The title's alpha factor while highlighted: 0.2 light, 0.4 dark
    /// (parity: SwiftUI's borderless pressed opacity, OSU).
    public static func systemHighlightedTitleAlpha(_ ui: UserInterfaceStyle) -> Double { ui == .dark ? 0.4 : 0.2 }

    /// The title colour while disabled: systemGray (parity: SwiftUI's
    /// borderless style greys a disabled label, OSU; Flutter uses
    /// placeholderText instead — the sources disagree).
    public static let systemDisabledTitle = SystemColor.systemGray

    // MARK: Geometry and type by button size

    /// Default content insets (top, leading, bottom, trailing). Medium:
    /// Apple forum thread 733541 (measured); the others: SK (measured).
    public static func contentInsets(_ size: ConfigurationSize) -> EdgeInsets {
        switch size {
        case .mini, .small: return EdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
        case .medium: return EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
        case .large: return EdgeInsets(top: 15, leading: 20, bottom: 15, trailing: 20)
        }
    }

    /// The corner radius of `cornerStyle = dynamic` at the default Dynamic
    /// Type size (SK, printed from UIKit: medium 5.95, large 8.75, small
    /// and mini 14).
    public static func dynamicCornerRadius(_ size: ConfigurationSize) -> Double {
        switch size {
        case .mini, .small: return 14
        case .medium: return 5.95
        case .large: return 8.75
        }
    }

    /// The system constants of `cornerStyle = small/medium/large`
    /// (provisional: no public measurement).
    public static func cornerRadius(_ style: ConfigurationCornerStyle) -> Double? {
        switch style {
        case .small: return 4
        case .medium: return 8
        case .large: return 12
        case .fixed, .dynamic, .capsule: return nil
        }
    }

    /// The title font by size, a text style as UIKit's configurations use
    /// (they follow Dynamic Type on their own). Provisional: medium and
    /// large are the body style, 17 pt at the default size, as SwiftUI's
    /// borderless button; small is subheadline (15) and mini footnote (13),
    /// unmeasured.
    public static func titleFont(_ size: ConfigurationSize) -> Font {
        switch size {
        case .mini: return Font(textStyle: .footnote)
        case .small: return Font(textStyle: .subheadline)
        case .medium, .large: return Font(textStyle: .body)
        }
    }

    /// The subtitle font by size (provisional: subheadline, 15 pt; caption1,
    /// 12 pt, for the small sizes).
    public static func subtitleFont(_ size: ConfigurationSize) -> Font {
        switch size {
        case .mini, .small: return Font(textStyle: .caption1)
        case .medium, .large: return Font(textStyle: .subheadline)
        }
    }

    /// Padding between image and text (SK asserts 0 against UIKit; weak evidence).
    public static let defaultImagePadding = 0.0
    /// Padding between title and subtitle (provisional: no source).
    public static let defaultTitlePadding = 0.0
}

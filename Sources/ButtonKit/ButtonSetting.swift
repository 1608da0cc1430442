/// One change a script (or any front end) can make to a button, as a value.
///
/// Field assignments apply one setting; constructors apply a list with
/// `Button.apply(_:)`, which decides the order, so every front end builds a
/// button the same way and the rules live here, not in a bridge.
public enum ButtonSetting: Sendable {
    case styles([(ControlState, Style)])
    case title(String?)
    case frame(Rect)
    case enabled(Bool)
    case hidden(Bool)
    case highlighted(Bool)
    case focused(Bool)
    case info(JSONValue?)
    case tag(Int)
    case fallback(Fallback)
    case changesSelectionAsPrimaryAction(Bool)
    case touchMargin(Double)
    /// UIView's `isUserInteractionEnabled`: false lets touches pass through.
    case userInteractionEnabled(Bool)
    case adjustsImageWhenHighlighted(Bool)
    case adjustsImageWhenDisabled(Bool)
    case traceLimit(Int)
    // Today's UIKit.
    case type(ButtonType)
    /// nil: inherit.
    case tintColor(ColorValue?)
    /// nil: inherit (UIKit's `.unspecified`).
    case userInterfaceStyle(UserInterfaceStyle?)
    case configuration(ButtonConfiguration?)
    case accessibilityLabel(String?)
    /// nil: inherit (UIKit's `.unspecified`).
    case contentSize(ContentSizeCategory?)
    /// nil: inherit.
    case layoutDirection(LayoutDirection?)
    case adjustsFontForContentSizeCategory(Bool)
    case contentEdgeInsets(ButtonInsets)
    case titleEdgeInsets(ButtonInsets)
    case semanticContentAttribute(SemanticContentAttribute)
    case contentHorizontalAlignment(ContentHorizontalAlignment)
    case contentVerticalAlignment(ContentVerticalAlignment)
    case accessibilityTraits([AccessibilityTrait])
    case accessibilityValue(String?)
    case accessibilityHint(String?)
    // Sort buttons only.
    case initialDirection(SortDirection)
    case cycle(SortCycle)
    case icons([SortDirection: String])
    case direction(SortDirection)
    /// Last among a constructor's settings, so it sees everything else (a sort
    /// button's initial direction, the look of every state).
    case selected(Bool)

    /// Where the setting goes when a constructor applies several: styles
    /// first, selection last.
    var order: Int {
        switch self {
        case .styles: return 0
        case .title: return 1
        case .frame: return 2
        case .enabled: return 3
        case .hidden: return 4
        case .highlighted: return 5
        case .focused: return 6
        case .info: return 7
        case .tag: return 8
        case .fallback: return 9
        case .changesSelectionAsPrimaryAction: return 10
        case .touchMargin, .userInteractionEnabled: return 11
        case .adjustsImageWhenHighlighted: return 12
        case .adjustsImageWhenDisabled: return 13
        case .traceLimit: return 14
        case .type: return 15
        case .tintColor: return 16
        case .userInterfaceStyle: return 17
        case .configuration: return 18
        case .accessibilityLabel: return 19
        case .contentSize: return 20
        case .layoutDirection: return 21
        case .adjustsFontForContentSizeCategory: return 22
        case .contentEdgeInsets: return 23
        case .titleEdgeInsets: return 24
        case .semanticContentAttribute: return 25
        case .contentHorizontalAlignment, .contentVerticalAlignment: return 29
        case .accessibilityTraits: return 26
        case .accessibilityValue: return 27
        case .accessibilityHint: return 28
        case .initialDirection: return 30
        case .cycle: return 31
        case .icons: return 32
        case .direction: return 33
        case .selected: return 40
        }
    }

    /// The largest trace a script may ask a button to keep.
    public static let maxTraceLimit = 10_000_000
}

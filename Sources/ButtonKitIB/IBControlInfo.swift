import ButtonKit

/// What a loaded control carries beyond what a `Button` models (the
/// contract's `ibID`, `customClass`, `actions`, `runtimeAttributes`): kept
/// beside the button, not in it, so the core stays free of Interface
/// Builder's vocabulary.
public final class IBControlInfo: Sendable {
    /// The file's object id (`id="aB3-xY-z9Q"`).
    public let ibID: String
    /// `customClass` as written (`DLRadioButton`), nil for a plain UIButton.
    public let customClass: String?
    /// Action connections, in file order.
    public let actions: [IBAction]
    /// Segues the control triggers, in file order.
    public let segues: [IBSegue]
    /// User-defined runtime attributes in file order (key path → value).
    public let runtimeAttributes: [(key: String, value: IBRuntimeValue)]
    /// Interface Builder's label in the document outline (`userLabel`).
    public let userLabel: String?
    /// UIButton's `role` (`normal`, `primary`, `cancel`, `destructive`), nil when unset.
    public let role: String?
    /// `imageEdgeInsets` as written (the model has no image inset of its own).
    public let imageEdgeInsets: ButtonInsets?
    /// Title shadow colours per state name (`normal`, `highlighted`...):
    /// the model draws no shadow, so they are kept here.
    public let titleShadowColors: [String: ColorValue]
    /// Image names the control uses that no asset catalog holds (empty when
    /// no catalog was found: nothing can be called missing then). SF Symbols
    /// (`catalog="system"`) are never missing.
    public let missingImages: [String]
    /// The line of the `button` element.
    public let line: Int
    /// The outlet holding the control (File's Owner's or the view
    /// controller's first), nil when no outlet does.
    public let outlet: IBOutlet?
    /// The name of the property holding the control: the outlet's for a
    /// file's control, the stored property or lazy var for one code makes.
    public let property: String?
    /// Where the control was defined: a storyboard, a XIB, UIKit code, SwiftUI.
    public let origin: ControlOrigin
    /// The `<button>` element's file, line and column, or where code creates it.
    public let source: SourceLocation
    /// The reuse identifier of the prototype or collection view cell the
    /// control is in (the app repeats it per row), nil elsewhere.
    public let cell: String?
    /// The accessibility identifier the file gives (the control's id when set).
    public let accessibilityIdentifier: String?

    /// Everything about one control.
    public init(ibID: String, customClass: String?, actions: [IBAction], segues: [IBSegue],
                runtimeAttributes: [(key: String, value: IBRuntimeValue)], userLabel: String?,
                role: String? = nil, imageEdgeInsets: ButtonInsets? = nil,
                titleShadowColors: [String: ColorValue] = [:], missingImages: [String] = [], line: Int,
                outlet: IBOutlet? = nil, origin: ControlOrigin = .storyboard, source: SourceLocation? = nil,
                property: String? = nil, cell: String? = nil, accessibilityIdentifier: String? = nil) {
        self.ibID = ibID; self.customClass = customClass; self.actions = actions; self.segues = segues
        self.runtimeAttributes = runtimeAttributes; self.userLabel = userLabel; self.role = role
        self.imageEdgeInsets = imageEdgeInsets; self.titleShadowColors = titleShadowColors
        self.missingImages = missingImages; self.line = line
        self.outlet = outlet; self.origin = origin; self.source = source ?? SourceLocation(path: "", line: line)
        self.property = property ?? outlet?.property
        self.cell = cell; self.accessibilityIdentifier = accessibilityIdentifier
    }

    /// The value of one runtime attribute, nil when the file does not set it.
    public func runtimeAttribute(_ key: String) -> IBRuntimeValue? {
        runtimeAttributes.first { $0.key == key }?.value
    }
}

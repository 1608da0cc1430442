import ButtonKit
import ButtonKitIB

/// A button the app's code makes, while its code is applied: what it will
/// be built from, in the order the code says it.
final class CodeButton {
    /// The type whose code makes or holds it (its screen).
    let owner: String
    var property: String?
    let source: SourceLocation
    var type: ButtonType = .custom
    /// The app's UIButton subclass it is an instance of.
    var subclass: String?
    var styles: [ControlState: Style] = [:]
    var settings: [ButtonSetting] = []
    var configuration: ButtonConfiguration?
    var hasConfiguration = false
    var actions: [IBAction] = []
    var accessibilityID: String?
    var frame: Rect?
    var imageEdgeInsets: ButtonInsets?
    var shadows: [String: ColorValue] = [:]
    var role: String?
    /// What its `configurationUpdateHandler` or `updateConfiguration()`
    /// override does per state (empty: none read).
    var configurationUpdate = ConfigurationUpdate()
    /// Whether code tries to set a normal title / title colour (evaluated or not).
    var titleTried = false
    var titleColorTried = false
    /// Settings evaluated and applied, and those listed as unresolved.
    var resolved = 0
    var unresolved = 0
    /// A storyboard or XIB control this code applies to (an outlet), whose
    /// file settings come first.
    var fileControl: Button?

    init(owner: String, property: String?, source: SourceLocation) {
        self.owner = owner; self.property = property; self.source = source
    }

    func edit(_ s: ControlState, _ body: (inout Style) -> Void) {
        var st = styles[s] ?? Style()
        body(&st)
        styles[s] = st
    }

    /// The contract's id: accessibility identifier, else property name, else `Type.line`.
    var id: String { accessibilityID ?? property ?? "\(owner).\(source.line)" }
}

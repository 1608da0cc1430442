/// What an audit report is made from, whoever read it: screens of controls,
/// each control with the name reports give it and where it is defined.
/// A storyboard gives one per scene; Swift code, SwiftUI or a script give
/// theirs the same way, so every report format serves them all.
public struct AuditTarget {
    /// One control with its report name and source.
    public struct Control {
        public let button: Button
        /// The name reports use (accessibility id, else outlet or property,
        /// else title, else the file's id); nil: the button's id.
        public let name: String?
        /// Where the control is defined, for SARIF and JUnit; nil when unknown.
        public let source: SourceLocation?

        public init(button: Button, name: String? = nil, source: SourceLocation? = nil) {
            self.button = button; self.name = name; self.source = source
        }
    }

    /// The screen's name (`Checkout`); nil for controls of no screen.
    public let screen: String?
    public let controls: [Control]
    /// The file the screen comes from, when it comes from one.
    public let path: String?

    public init(screen: String?, controls: [Control], path: String? = nil) {
        self.screen = screen; self.controls = controls; self.path = path
    }
}

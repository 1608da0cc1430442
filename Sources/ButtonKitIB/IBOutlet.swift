/// An outlet connection to a control: the property that holds it in the
/// owner's class (`@IBOutlet weak var loginButton: UIButton!`). This is
/// what joins a file's control to the app's code, by owner type and
/// property name, and what names a control that has no accessibility
/// identifier.
public struct IBOutlet: Sendable, Equatable {
    /// The property's name (`loginButton`).
    public let property: String
    /// The class of the object holding the outlet: the scene's view
    /// controller or File's Owner custom class (or a custom view's or
    /// cell's), nil when it has none.
    public let ownerClass: String?
    /// Whether it is an `outletCollection` (an array property).
    public let isCollection: Bool

    public init(property: String, ownerClass: String?, isCollection: Bool) {
        self.property = property; self.ownerClass = ownerClass; self.isCollection = isCollection
    }
}

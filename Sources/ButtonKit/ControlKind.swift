/// What kind of control an object is, as scripts read it from `kind`.
public enum ControlKind: String, Sendable {
    case button, sortButton, radioGroup, sortBar, screen
}

/// How UIKit alters an image it borrowed from the normal state: darkened
/// while highlighted, dimmed while disabled. An image set for the exact
/// state is drawn as-is (`none`).
public enum ImageAdjustment: String, Sendable, Codable {
    case none, highlighted, disabled
}

/// `NSDirectionalRectEdge` as a configuration's `imagePlacement` uses it:
/// where the image sits relative to the title (leading by default).
public enum ImagePlacement: String, CaseIterable, NamedChoice, Sendable, Codable {
    case leading, trailing, top, bottom

    /// What a value is called in messages (see `NamedChoice`).
    public static let choiceKind = "image placement"
}

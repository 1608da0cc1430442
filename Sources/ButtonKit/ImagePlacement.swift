/// `NSDirectionalRectEdge` as a configuration's `imagePlacement` uses it:
/// where the image sits relative to the title (leading by default).
public enum ImagePlacement: String, CaseIterable, Sendable, Codable {
    case leading, trailing, top, bottom

    /// Parses a placement (any case), with a suggestion on typos.
    public init(parsing text: String) throws(ButtonKitError) {
        guard let p = ImagePlacement(rawValue: text.lowercased()) else {
            throw .notOneOf(kind: "image placement", name: text, choices: ImagePlacement.allCases.map(\.rawValue))
        }
        self = p
    }
}

/// One run of an attributed title: its text plus optional color and font
/// that override the title color and font for that run only.
public struct AttributedRun: Hashable, Sendable, Codable {
    public var text: String
    public var color: Color?
    public var font: Font?
    /// A run; nil colour and font mean "the title's".
    public init(text: String, color: Color? = nil, font: Font? = nil) {
        self.text = text; self.color = color; self.font = font
    }
}

/// What a configuration adds to a resolved appearance beyond the legacy
/// properties: the subtitle and how content is laid out. nil in the
/// appearance of a button without a configuration, so those appearances
/// (and the snapshots made of them) are exactly what they were.
public struct ConfigurationLayout: Hashable, Sendable {
    public var subtitle: String?
    public var subtitleFont: Font
    public var imagePlacement: ImagePlacement
    public var imagePadding: Double
    public var titlePadding: Double
    public var contentInsets: EdgeInsets
    public var showsActivityIndicator: Bool

    /// Memberwise.
    public init(subtitle: String?, subtitleFont: Font, imagePlacement: ImagePlacement, imagePadding: Double,
                titlePadding: Double, contentInsets: EdgeInsets, showsActivityIndicator: Bool) {
        self.subtitle = subtitle; self.subtitleFont = subtitleFont; self.imagePlacement = imagePlacement
        self.imagePadding = imagePadding; self.titlePadding = titlePadding; self.contentInsets = contentInsets
        self.showsActivityIndicator = showsActivityIndicator
    }
}

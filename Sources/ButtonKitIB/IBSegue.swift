/// A segue triggered by a control (`<segue kind="show" destination=...>`):
/// kept so a script can check where a button leads, since no view controller
/// is presented headlessly.
public struct IBSegue: Sendable, Hashable {
    /// `show`, `presentation`, `embed`, `relationship`, `unwind`...
    public let kind: String
    /// The destination scene's id (its storyboard identifier, custom class,
    /// title or IB id, as `IBDocument.scene(named:)` takes it) when known,
    /// else the destination object's IB id.
    public let destination: String
    /// The segue's own identifier (`performSegue(withIdentifier:)`), if any.
    public let identifier: String?

    /// A segue of `kind` to `destination`.
    public init(kind: String, destination: String, identifier: String?) {
        self.kind = kind; self.destination = destination; self.identifier = identifier
    }
}

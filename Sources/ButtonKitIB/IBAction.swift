import ButtonKit

/// An action connection of a control (`<action selector="pay:"
/// eventType="touchUpInside" destination="...">`): which message UIKit sends
/// for which event. Scripts attach handlers by selector (`doc:on("pay:")`),
/// so the file's own wiring decides which taps run them.
public struct IBAction: Sendable, Hashable {
    public let selector: String
    public let event: ControlEvent
    /// The target's custom class when the file names it, else its IB id.
    public let destination: String?

    /// A connection of `selector` for `event`.
    public init(selector: String, event: ControlEvent, destination: String?) {
        self.selector = selector; self.event = event; self.destination = destination
    }
}

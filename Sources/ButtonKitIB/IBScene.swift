import ButtonKit

/// One screen of a document: a storyboard scene (its view controller's root
/// view) or a top-level view of a XIB, with every button in it.
public final class IBScene {
    /// The view controller's (or top-level view's) IB object id.
    public let ibID: String
    /// `storyboardIdentifier`, what `instantiateViewController(withIdentifier:)` takes.
    public let storyboardIdentifier: String?
    /// The view controller's (or view's) custom class.
    public let customClass: String?
    /// The view controller's title (or the scene's `userLabel`).
    public let title: String?
    /// The first of storyboard identifier, custom class, title and IB id:
    /// the name scripts and pictures use for the screen.
    public var id: String { storyboardIdentifier ?? customClass ?? title ?? ibID }
    /// The root view's size and background colour, holding the controls.
    public let screen: Screen
    /// Every button, nested views flattened, in Interface Builder's order
    /// (later on top), frames in screen coordinates.
    public let controls: [Button]

    /// What each control carries beyond a button (shared with the document).
    package let infos: [ObjectIdentifier: IBControlInfo]

    /// A scene; the screen holds `controls` already.
    package init(ibID: String, storyboardIdentifier: String?, customClass: String?, title: String?,
         screen: Screen, controls: [Button], infos: [ObjectIdentifier: IBControlInfo]) {
        self.ibID = ibID; self.storyboardIdentifier = storyboardIdentifier; self.customClass = customClass
        self.title = title; self.screen = screen; self.controls = controls; self.infos = infos
        screen.id = storyboardIdentifier ?? customClass ?? title ?? ibID
    }

    /// A control by accessibility identifier, user label, IB object id,
    /// the outlet or property holding it (the name the audit prints when
    /// there is no identifier) or normal-state title (plain, attributed or
    /// the configuration's), in that order of preference.
    public func find(_ name: String) -> Button? {
        if let b = controls.first(where: { $0.id == name }) { return b }
        if let b = controls.first(where: { infos[ObjectIdentifier($0)]?.userLabel == name }) { return b }
        if let b = controls.first(where: { infos[ObjectIdentifier($0)]?.ibID == name }) { return b }
        if let b = controls.first(where: { infos[ObjectIdentifier($0)]?.property == name }) { return b }
        return controls.first {
            $0.title == name || $0.configuration?.title == name
                || $0.styleFor(.normal).attributedTitle.map { $0.map(\.text).joined() } == name
        }
    }
}

/// Seed 001's sort button: a button with a key and a direction.
///
/// Selecting an unselected one starts at `initialDirection`; selecting it
/// again toggles (the seed's `setSelected:` override). A tap does exactly
/// `selected = true`. valueChanged is sent when the direction changes.
public final class SortButton: Button {
    public let key: String
    @exclusivity(unchecked) public private(set) var direction: SortDirection = .none
    /// The direction taken on first selection (ascending or descending).
    public var initialDirection: SortDirection = .ascending
    public var cycle: SortCycle = .toggle
    /// Image names per direction; the seed's arrows by default.
    public var icons: [SortDirection: String] = SortButton.defaultIcons

    public static let defaultIcons: [SortDirection: String] = [
        .none: "up_down", .ascending: "red_arrow_up", .descending: "red_arrow_down",
    ]

    /// A sort button for `key`, not selected; without an id one is generated.
    public init(key: String, id: String? = nil, frame: Rect = .defaultButton) {
        self.key = key
        super.init(kind: .sortButton, id: id ?? IDs.next("sort"), frame: frame)
    }

    /// True when sorting ascending; false when descending or not selected.
    public var isAscending: Bool { direction == .ascending }

    /// Sets the direction directly; `.none` deselects.
    public func setDirection(_ d: SortDirection) throws {
        var sink = ErrorSink()
        changeDirection(to: d, sink: &sink)
        try sink.check()
    }

    override func applySelected(_ value: Bool, sink: inout ErrorSink) {
        if !value { changeDirection(to: .none, sink: &sink); return }
        if direction == .none {
            changeDirection(to: initialDirection == .none ? .ascending : initialDirection, sink: &sink)
        } else if cycle == .tristate && direction != initialDirection {
            changeDirection(to: .none, sink: &sink)
        } else {
            changeDirection(to: direction.flipped, sink: &sink)
        }
    }

    override func primaryAction(sink: inout ErrorSink) {
        applySelected(true, sink: &sink)
    }

    /// Applies a direction: the selected flag follows it, the trace records
    /// it, valueChanged is sent and the bar (if any) is told.
    func changeDirection(to d: SortDirection, sink: inout ErrorSink) {
        setSelectedFlag(d != .none)
        // Not mid-touch: this change is the whole event, so its update runs now.
        if observesState && !isTracking { flushConfigurationUpdate(into: &sink) }
        guard d != direction else { return }
        direction = d
        trace.record(.direction(d))
        send(.valueChanged, sink: &sink)
        owner?.memberDirectionChanged(self, sink: &sink)
    }

    /// Adds the icon of the current direction and the direction itself.
    /// The icon and direction of the state being resolved: a sort button is
    /// selected exactly when it has a direction, so an unselected state shows
    /// the neutral icon, and a selected one the arrow of its direction (or,
    /// previewed while unselected, of the direction selection would bring).
    public override func resolverExtras(for state: ControlState) -> Resolver.Extras {
        var e = super.resolverExtras(for: state)
        let shown: SortDirection = state.contains(.selected) ? (direction == .none ? initialDirection : direction) : .none
        e.icon = icons[shown]
        e.direction = shown
        return e
    }
}

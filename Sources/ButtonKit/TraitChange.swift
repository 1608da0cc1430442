/// Trait changes made on a screen, group or bar reach the buttons below it
/// as UIKit's `traitCollectionDidChange` does: a button whose effective
/// traits changed asks for a configuration update, which runs at once.
enum TraitChange {
    /// Runs `change` and updates the buttons among `buttons` whose traits it changed.
    static func apply(to buttons: [Button], _ change: () throws -> Void) throws {
        let watched = buttons.filter(\.observesState)
        let before = watched.map(\.traits)
        try change()
        var sink = ErrorSink()
        for (b, t) in zip(watched, before) where b.traits != t { b.modern?.requestUpdate() }
        flush(watched, &sink)
        try sink.check()
    }

    /// Refuses `tintColor` as a level's own tint: it would name itself.
    static func checkTint(_ c: ColorValue?) throws(ButtonKitError) {
        if case .dynamic(.tint)? = c {
            throw .invalidValue(what: "tintColor", value: "'tintColor'", expected: "a colour or a system colour name")
        }
    }

    /// Runs the requested updates of the buttons not in a touch (a touch
    /// runs its button's update when it ends).
    static func flush(_ buttons: [Button], _ sink: inout ErrorSink) {
        for b in buttons where b.observesState && !b.isTracking { b.flushConfigurationUpdate(into: &sink) }
    }
}

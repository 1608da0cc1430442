/// `UIButton.configuration` and `configurationUpdateHandler`.
///
/// UIKit's order: a state or trait change calls `setNeedsUpdateConfiguration`;
/// requests made while one event is handled are coalesced into one update,
/// which runs when that event is done (on a device, the layout pass of the
/// same run-loop turn). The update derives the state's look from the
/// configuration (`updated(for:)`, done here on every appearance read) and
/// then calls the handler with the button in its new state. Headless, "an
/// event" is one model call: a touch step, a setter, a group's selection.
extension Button {
    /// UIButton's `configurationUpdateHandler`, with the configuration
    /// handed over as a mutable copy: the button takes the copy after the
    /// handler returns, unless the handler assigned a configuration itself.
    public typealias ConfigurationUpdateHandler = (Button, inout ButtonConfiguration?) throws -> Void

    /// The configuration as set (the normal look), or nil.
    public var configuration: ButtonConfiguration? { modern?.configuration }

    /// Sets the configuration (nil: back to per-state styles) and asks for
    /// an update, as UIKit does.
    public func setConfiguration(_ c: ButtonConfiguration?) {
        if c == nil && modern?.configuration == nil { return }
        let m = features
        m.configuration = c
        m.configurationGeneration &+= 1
        m.requestUpdate()
    }

    /// Sets (or, with nil, removes) the update handler. Setting one runs it
    /// once for the current state, as UIKit's setter asks for an update;
    /// that run's error is thrown here.
    public func setConfigurationUpdateHandler(_ h: ConfigurationUpdateHandler?) throws {
        guard !refusesChangeInPreview("set its update handler") else { return }
        let m = features
        m.updateHandler = h
        observesState = h != nil
        updatePlain()
        guard h != nil else { m.needsUpdate = false; return }
        m.requestUpdate()
        var sink = ErrorSink()
        flushConfigurationUpdate(into: &sink)
        try sink.check()
    }

    /// The appearance `state` would have under `style` and `tint` (nil: the
    /// button's own), with the update handler run as UIKit would run it
    /// after a change to that state: the button is put in `state` (and those
    /// traits) silently, the handler gets a copy of the configuration, and
    /// the look is derived from what it left. Then everything is put back:
    /// the state, the traits and the configuration — a preview changes
    /// nothing and records nothing. The handler's error is thrown; so is a
    /// change it tries to make to the button (refused while it runs: the
    /// preview could not undo a group deselecting the others, or a touch).
    public func previewAppearance(for state: ControlState, style: UserInterfaceStyle? = nil,
                                  tint: ColorValue? = nil) throws -> Appearance {
        try previewAppearance(for: state, under: TraitOverrides(userInterfaceStyle: style, tintColor: tint))
    }

    /// The preview above under any traits (`TraitOverrides`): the handler
    /// sees the button with those traits as its own.
    public func previewAppearance(for state: ControlState, under o: TraitOverrides) throws -> Appearance {
        guard let m = modern, let handler = m.updateHandler, !m.updating else {
            return appearance(for: state, under: o)
        }
        let saved = (configuration: m.configuration, generation: m.configurationGeneration,
                     style: m.overrideUserInterfaceStyle, tint: m.tintColor, needsUpdate: m.needsUpdate,
                     size: m.overrideContentSize, direction: m.overrideLayoutDirection)
        m.updating = true
        defer {
            m.configuration = saved.configuration
            m.configurationGeneration = saved.generation
            m.overrideUserInterfaceStyle = saved.style
            m.tintColor = saved.tint
            m.overrideContentSize = saved.size
            m.overrideLayoutDirection = saved.direction
            m.needsUpdate = saved.needsUpdate
            m.updating = false
        }
        if let style = o.userInterfaceStyle { m.overrideUserInterfaceStyle = style }
        if let tint = o.tintColor { m.tintColor = tint }
        if let size = o.contentSize { m.overrideContentSize = size }
        if let direction = o.layoutDirection { m.overrideLayoutDirection = direction }
        var copy = m.configuration
        m.previewing = state
        defer { m.previewing = nil; m.previewRefusal = nil }
        var failure: (any Error)?
        do { try withPreviewState(state) { try handler(self, &copy) } } catch { failure = error }
        // A change the handler tried is the error to report: it was refused.
        if let what = m.previewRefusal { throw ButtonKitError.changeDuringPreview(control: id, change: what, state: state.description) }
        if let failure { throw failure }
        var e = resolverExtras(for: state)
        e.configuration = m.configurationGeneration == saved.generation ? copy : m.configuration
        return Resolver.resolve(styles, state: state, fallback: fallback, extras: e)
    }

    /// Whether an update handler is set.
    public var hasConfigurationUpdateHandler: Bool { modern?.updateHandler != nil }

    /// Runs the requested update, if any: records `configurationUpdate` in
    /// the trace and calls the handler with a copy of the configuration.
    /// Its error (and one left pending by a non-throwing setter) goes to `sink`.
    func flushConfigurationUpdate(into sink: inout ErrorSink) {
        guard let m = modern else { return }
        if let e = m.pendingError { m.pendingError = nil; sink.record(e) }
        guard m.needsUpdate, !m.updating, let handler = m.updateHandler else { return }
        m.needsUpdate = false
        m.updating = true
        defer { m.updating = false }
        trace.record(.configurationUpdate)
        var copy = m.configuration
        let generation = m.configurationGeneration
        do {
            try handler(self, &copy)
            if m.configurationGeneration == generation, copy != m.configuration {
                m.configuration = copy
                m.configurationGeneration &+= 1
            }
        } catch {
            sink.record(error)
        }
    }

    /// The update of a non-throwing setter: an error waits in the button
    /// until the next throwing call (or `takePendingUpdateError`).
    func flushKeepingError() {
        var sink = ErrorSink()
        flushConfigurationUpdate(into: &sink)
        if let e = sink.first, let m = modern, m.pendingError == nil { m.pendingError = e }
    }

    /// Throws the error a handler raised during a non-throwing setter, if any.
    public func takePendingUpdateError() throws {
        guard let m = modern, let e = m.pendingError else { return }
        m.pendingError = nil
        throw e
    }
}

/// Applying settings: the checks a value must pass and the order a
/// constructor applies them in (see `ButtonSetting`).
extension Button {
    /// Applies one setting. Values are checked here (a margin is finite and
    /// not negative, a trace limit within range, a sort button's initial
    /// direction is a direction); selection changes may run handlers, and
    /// their first error is rethrown after the change completes.
    public func apply(_ setting: ButtonSetting) throws {
        try applyOne(setting)
        // The setting is one event: its update (if it asked for one) runs now.
        if observesState {
            var sink = ErrorSink()
            flushConfigurationUpdate(into: &sink)
            try sink.check()
        }
    }

    private func applyOne(_ setting: ButtonSetting) throws {
        // During a preview only the configuration may change (UIKit's idiom
        // of assigning button.configuration in the handler).
        if case .configuration = setting {} else if refusesChangeInPreview("set " + String("\(setting)".prefix { $0 != "(" })) { return }
        switch setting {
        case .styles(let list): for (state, s) in list { style(state, s) }
        case .title(let t):
            if let t { var s = Style(); s.title = t; style(.normal, s) } else { unstyle(.normal, .title) }
        case .frame(let r): frame = r
        case .enabled(let on): isEnabled = on
        case .hidden(let on): setHidden(on)
        case .highlighted(let on): isHighlighted = on
        case .focused(let on): isFocused = on
        case .info(let v): info = v
        case .tag(let t): tag = t
        case .fallback(let f): fallback = f
        case .changesSelectionAsPrimaryAction(let on): changesSelectionAsPrimaryAction = on
        case .userInteractionEnabled(let on): setUserInteractionEnabled(on)
        case .touchMargin(let m):
            guard m.isFinite, m >= 0, m <= Rect.maxMagnitude else {
                throw ButtonKitError.invalidValue(what: "touchMargin", value: Format.number(m), expected: "a number from 0 to 1000000")
            }
            touchMargin = m
        case .adjustsImageWhenHighlighted(let on): adjustsImageWhenHighlighted = on
        case .adjustsImageWhenDisabled(let on): adjustsImageWhenDisabled = on
        case .traceLimit(let n):
            guard n >= 0, n <= ButtonSetting.maxTraceLimit else {
                throw ButtonKitError.invalidValue(what: "traceLimit", value: String(n), expected: "an integer from 0 to \(ButtonSetting.maxTraceLimit)")
            }
            trace.setLimit(n)
        case .initialDirection(let d):
            let s = try sortButton("initialDirection")
            guard d != .none else {
                throw ButtonKitError.invalidValue(what: "initialDirection", value: "'none'", expected: "'ascending' or 'descending'")
            }
            s.initialDirection = d
        case .cycle(let c): try sortButton("cycle").cycle = c
        case .icons(let icons): try sortButton("icons").icons = icons
        case .direction(let d): try sortButton("direction").setDirection(d)
        case .selected(let on): try setSelected(on)
        case .type(let t): type = t
        case .tintColor(let c): try setTintColor(c)
        case .userInterfaceStyle(let s): setUserInterfaceStyle(s)
        case .configuration(let c): setConfiguration(try c?.validated())
        case .accessibilityLabel(let l): accessibilityLabel = l
        case .contentSize(let c): setContentSize(c)
        case .layoutDirection(let d): setLayoutDirection(d)
        case .adjustsFontForContentSizeCategory(let on): adjustsFontForContentSizeCategory = on
        case .contentEdgeInsets(let i): contentEdgeInsets = i
        case .titleEdgeInsets(let i): titleEdgeInsets = i
        case .semanticContentAttribute(let a): semanticContentAttribute = a
        case .contentHorizontalAlignment(let a): contentHorizontalAlignment = a
        case .contentVerticalAlignment(let a): contentVerticalAlignment = a
        case .accessibilityTraits(let t): ownAccessibilityTraits = t
        case .accessibilityValue(let v): accessibilityValue = v
        case .accessibilityHint(let h): accessibilityHint = h
        }
    }

    /// Applies a constructor's settings in `ButtonSetting`'s order.
    public func apply(_ settings: [ButtonSetting]) throws {
        let ordered = settings.enumerated().sorted { ($0.element.order, $0.offset) < ($1.element.order, $1.offset) }
        for (_, s) in ordered { try apply(s) }
    }

    private func sortButton(_ what: String) throws(ButtonKitError) -> SortButton {
        guard let s = self as? SortButton else {
            throw .invalidValue(what: "setting", value: "'\(what)'", expected: "a setting of plain buttons (only sort buttons have it)")
        }
        return s
    }
}

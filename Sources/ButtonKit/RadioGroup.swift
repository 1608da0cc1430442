/// Seed 004's radio group: buttons carrying values, zero or one selected.
///
/// A tap on an unselected member selects it and deselects the rest; a tap
/// on the selected member does nothing unless `allowsEmpty`, then it
/// deselects. valueChanged fires once per change, never for a no-op (unlike
/// Android's `check()`, which fires three times).
public final class RadioGroup: ControlOwner {
    public let id: String
    public private(set) var buttons: [Button] = []
    public private(set) var values: [RadioValue] = []
    public var allowsEmpty = false
    /// Shared member styles and this level's own traits.
    public let level = MemberLevel()

    public var kind: ControlKind { .radioGroup }
    var ownerID: String { id }

    /// An empty group; without an id one is generated (`radioGroup1`, ...).
    public init(id: String? = nil) { self.id = id ?? IDs.next("radioGroup") }

    /// Adds a member. Its value defaults to the button's `info`; values are
    /// unique in the group. The group's styles go under the button's own.
    public func add(_ b: Button, value: RadioValue? = nil) throws {
        if let o = b.owner { throw ButtonKitError.alreadyOwned(control: b.id, owner: o.ownerID) }
        guard let v = value ?? b.info.flatMap(RadioValue.init) else {
            guard let info = b.info else { throw ButtonKitError.missingValue(control: b.id) }
            throw ButtonKitError.invalidValue(what: "radio value of '\(b.id)'", value: info.display,
                                              expected: "a string, integer or boolean (give 'value' or 'info')")
        }
        if values.contains(v) { throw ButtonKitError.duplicateValue(group: id, value: v.description) }
        level.join(b, owner: self)
        // The member carries its value where the seeds' additionInfo was,
        // the same field add reads it from.
        b.info = v.json
        buttons.append(b)
        values.append(v)
        var sink = ErrorSink()
        if b.isSelected {
            let before = selectedIndex(excluding: b)
            for other in buttons where other !== b { other.setSelectedFlag(false) }
            TraitChange.flush(buttons, &sink)
            if before != nil { fire(&sink) }
        }
        TraitChange.flush([b], &sink)
        try sink.check()
    }

    private func selectedIndex(excluding b: Button? = nil) -> Int? {
        buttons.firstIndex { $0.isSelected && $0 !== b }
    }

    public var selected: Button? { selectedIndex().map { buttons[$0] } }
    public var value: RadioValue? { selectedIndex().map { values[$0] } }

    /// The member carrying `value`, or nil.
    public func button(for value: RadioValue) -> Button? {
        values.firstIndex(of: value).map { buttons[$0] }
    }

    /// Selects the member carrying `value`. Selecting the current value is a
    /// silent no-op; an unknown value is an error naming group and value.
    public func select(_ value: RadioValue) throws {
        guard let i = values.firstIndex(of: value) else { throw ButtonKitError.unknownValue(group: id, value: value.description, known: values.map(\.description)) }
        var sink = ErrorSink()
        choose(buttons[i], sink: &sink)
        try sink.check()
    }

    /// Deselects every member (fires once when something was selected).
    public func clear() throws {
        var sink = ErrorSink()
        if let i = selectedIndex() { unchoose(buttons[i], sink: &sink) }
        try sink.check()
    }

    private func fire(_ sink: inout ErrorSink) { fireValueChanged(&sink) }

    private func choose(_ b: Button, sink: inout ErrorSink) {
        guard !b.isSelected else { return }
        for other in buttons where other !== b { other.setSelectedFlag(false) }
        b.setSelectedFlag(true)
        TraitChange.flush(buttons, &sink)
        fire(&sink)
    }

    private func unchoose(_ b: Button, sink: inout ErrorSink) {
        guard b.isSelected else { return }
        b.setSelectedFlag(false)
        TraitChange.flush(buttons, &sink)
        fire(&sink)
    }

    func member(_ button: Button, requestsSelected value: Bool, sink: inout ErrorSink) -> Bool {
        if value { choose(button, sink: &sink) } else { unchoose(button, sink: &sink) }
        return true
    }

    func memberPrimaryAction(_ button: Button, sink: inout ErrorSink) -> Bool {
        if !button.isSelected {
            choose(button, sink: &sink)
        } else if allowsEmpty {
            unchoose(button, sink: &sink)
        }
        return true
    }

    func memberDirectionChanged(_ button: SortButton, sink: inout ErrorSink) {}

    // MARK: Saving

    /// Saves the current value (JSON null when nothing is selected) under
    /// `key`, by default the group's id.
    public func save(to store: Store, key: String? = nil) throws(ButtonKitError) {
        try store.set(key ?? id, value?.json ?? .null)
    }

    /// Restores a saved value. Returns false with a reason, changing
    /// nothing, when there is no saved value or it matches no member (the
    /// option may have been removed since it was saved); never throws for that.
    public func restore(from store: Store, key: String? = nil) throws -> (ok: Bool, reason: String?) {
        let k = key ?? id
        guard let saved = try store.get(k) else { return (false, "no saved value under '\(k)'") }
        if saved == .null {
            if value == nil { return (true, nil) }
            guard allowsEmpty else { return (false, "saved value is empty but radio group '\(id)' does not allow an empty selection") }
            try clear()
            return (true, nil)
        }
        guard let v = RadioValue(saved) else { return (false, "saved value \(saved.display) is not a radio value") }
        guard values.contains(v) else {
            // A number saved where the values are strings (or the other way
            // round) prints like a missing option: say that the types differ.
            if let same = values.first(where: { $0.typeName != v.typeName && $0.text == v.text }) {
                return (false, "radio group '\(id)' has no option with value \(v): the saved value is \(v.typeName == "integer" ? "an" : "a") \(v.typeName), "
                        + "the group's values are \(same.typeName)s (its option \(same)); save and select the same type")
            }
            return (false, "radio group '\(id)' has no option with value \(v)")
        }
        try select(v)
        return (true, nil)
    }
}

/// Control events with UIKit's `UIControl.Event` bit values.
///
/// Handlers are matched by bit intersection, so a handler registered for a
/// group such as `allTouchEvents` fires for any member event.
public struct ControlEvent: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    /// UIKit's raw bits; unknown bits are kept and simply match no single event.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let touchDown = ControlEvent(rawValue: 1 << 0)
    public static let touchDownRepeat = ControlEvent(rawValue: 1 << 1)
    public static let touchDragInside = ControlEvent(rawValue: 1 << 2)
    public static let touchDragOutside = ControlEvent(rawValue: 1 << 3)
    public static let touchDragEnter = ControlEvent(rawValue: 1 << 4)
    public static let touchDragExit = ControlEvent(rawValue: 1 << 5)
    public static let touchUpInside = ControlEvent(rawValue: 1 << 6)
    public static let touchUpOutside = ControlEvent(rawValue: 1 << 7)
    public static let touchCancel = ControlEvent(rawValue: 1 << 8)
    public static let valueChanged = ControlEvent(rawValue: 1 << 12)
    public static let primaryActionTriggered = ControlEvent(rawValue: 1 << 13)
    public static let allTouchEvents = ControlEvent(rawValue: 0x0000_0FFF)
    public static let allEvents = ControlEvent(rawValue: 0xFFFF_FFFF)

    /// Single events by name, in bit order. The order is the order in which
    /// the events of one send are recorded in a trace.
    public static let singles: [(name: String, event: ControlEvent)] = [
        ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat),
        ("touchDragInside", .touchDragInside), ("touchDragOutside", .touchDragOutside),
        ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
        ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside),
        ("touchCancel", .touchCancel), ("valueChanged", .valueChanged),
        ("primaryActionTriggered", .primaryActionTriggered),
    ]

    /// Groups accepted wherever events are named.
    public static let groups: [(name: String, event: ControlEvent)] = [
        ("allTouchEvents", .allTouchEvents), ("allEvents", .allEvents),
    ]

    /// The name of a single-bit event, or nil for a combination.
    public var name: String? {
        ControlEvent.singles.first(where: { $0.event == self })?.name
    }

    /// The single events contained, in bit order.
    public var members: [ControlEvent] {
        ControlEvent.singles.map(\.event).filter { !self.isDisjoint(with: $0) }
    }

    public var description: String {
        if let n = name { return n }
        if let g = ControlEvent.groups.first(where: { $0.event == self }) { return g.name }
        return members.compactMap(\.name).joined(separator: "|")
    }

    /// Bit index of a single event, for compact trace storage.
    var bitIndex: UInt8 { UInt8(rawValue.trailingZeroBitCount) }

    /// Parses `"touchDown"`, `"touchDown|touchUpInside"` or a group name.
    /// Names are matched exactly first, then case-insensitively.
    public init(parsing text: String) throws(ButtonKitError) {
        var result: ControlEvent = []
        let parts = text.split(whereSeparator: { $0 == "|" || $0 == "," || $0 == "+" })
        if parts.isEmpty { throw .invalidValue(what: "event", value: text, expected: "an event name such as 'touchUpInside'") }
        for raw in parts {
            let name = String(raw.trimmingSpaces())
            let all = ControlEvent.singles + ControlEvent.groups
            if let hit = all.first(where: { $0.name == name }) ?? all.first(where: { $0.name.lowercased() == name.lowercased() }) {
                result.formUnion(hit.event)
            } else {
                if let meant = UIKitSpelling.event(text) {
                    throw .unknownNameHint(kind: "event", name: text, hint: "did you mean '\(meant)'? (ButtonKit's name for it)")
                }
                throw .unknownName(kind: "event", name: name, suggestion: Suggest.closest(to: name, in: all.map(\.name)))
            }
        }
        self = result
    }

    /// Parses a list of event names.
    public init(parsingList names: [String]) throws(ButtonKitError) {
        var result: ControlEvent = []
        for n in names { result.formUnion(try ControlEvent(parsing: n)) }
        if result.isEmpty { throw .invalidValue(what: "events", value: "{}", expected: "at least one event name") }
        self = result
    }
}

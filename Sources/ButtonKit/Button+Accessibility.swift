/// What VoiceOver knows of a button and reads for it: the traits UIButton
/// has (`button`, plus `selected` and `notEnabled` from its state), a
/// value, a hint, and the sentence VoiceOver speaks.
///
/// VoiceOver's order (Apple's UIAccessibility documentation; checked
/// against VoiceOver's output as reported in docs/model.md): "Selected"
/// first for a selected element, then the label, the value, the traits
/// ("Button"), "Dimmed" for one not enabled, and last, after a pause, the
/// hint: `"Selected, Express $5, Button"`.
extension Button {
    /// The traits set for the button (UIButton's own is `button`); the
    /// state's (`selected`, `notEnabled`) are added when read.
    public var ownAccessibilityTraits: [AccessibilityTrait] {
        get { modern?.accessibilityTraits ?? [.button] }
        set {
            if newValue != ownAccessibilityTraits && !refusesChangeInPreview("set accessibilityTraits") {
                features.accessibilityTraits = newValue.filter { $0 != .selected && $0 != .notEnabled }
            }
        }
    }

    /// The traits VoiceOver sees in `state`: the button's own, then
    /// `selected` and `notEnabled` from the state (UIButton adds them).
    public func accessibilityTraits(for state: ControlState) -> [AccessibilityTrait] {
        var t = ownAccessibilityTraits
        if state.contains(.selected) { t.append(.selected) }
        if state.contains(.disabled) { t.append(.notEnabled) }
        return t
    }

    /// The traits now.
    public var accessibilityTraits: [AccessibilityTrait] { accessibilityTraits(for: state) }

    /// UIKit's `accessibilityValue`: what the control holds, read after the label.
    public var accessibilityValue: String? {
        get { modern?.accessibilityValue }
        set { if newValue != accessibilityValue && !refusesChangeInPreview("set accessibilityValue") { features.accessibilityValue = newValue } }
    }

    /// UIKit's `accessibilityHint`: what happens on activation, read last.
    public var accessibilityHint: String? {
        get { modern?.accessibilityHint ?? nil }
        set { if newValue != accessibilityHint && !refusesChangeInPreview("set accessibilityHint") { features.accessibilityHint = newValue } }
    }

    /// What VoiceOver reads for the button in `state` (the title of that
    /// state unless an accessibilityLabel is set), pieces joined by ", ".
    public func accessibilityDescription(for state: ControlState, title: String?) -> String {
        // Most buttons set none of it: their sentence without the lists below.
        guard let m = modern, m.accessibilityLabel != nil || m.accessibilityValue != nil || m.accessibilityHint != nil
                || m.accessibilityTraits != [.button] else {
            var out = state.contains(.selected) ? "Selected, " : ""
            if let t = title, !t.trimmingSpaces().isEmpty {
                out += t.trimmingSpaces()
                out += ", Button"
            } else {
                out += "Button"
            }
            if state.contains(.disabled) { out += ", Dimmed" }
            return out
        }
        let traits = accessibilityTraits(for: state)
        var parts: [String] = []
        if traits.contains(.selected) { parts.append("Selected") }
        let label = (accessibilityLabel ?? "").trimmingSpaces().isEmpty ? (title ?? "") : (accessibilityLabel ?? "")
        if !label.trimmingSpaces().isEmpty { parts.append(String(label.trimmingSpaces())) }
        if let v = accessibilityValue, !v.trimmingSpaces().isEmpty { parts.append(String(v.trimmingSpaces())) }
        for t in traits where t != .notEnabled { if let w = t.spoken { parts.append(w) } }
        if traits.contains(.notEnabled) { parts.append("Dimmed") }
        if let h = accessibilityHint, !h.trimmingSpaces().isEmpty { parts.append(String(h.trimmingSpaces())) }
        return parts.joined(separator: ", ")
    }

    /// What VoiceOver reads for the button now.
    public var accessibilityDescription: String {
        accessibilityDescription(for: state, title: appearance.text)
    }
}

/// One accessibility problem of one control, with what a report needs: the
/// control, the state and style it was found in (contrast only), and the
/// figures. `description` is the line `buttonkit audit` prints:
/// `like/normal/light: contrast 2.9:1 < 4.5:1 (title #8E8E93 on #F2F2F7)`.
public struct AuditProblem: Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Hashable, Sendable {
        /// `text` ("title", "subtitle" or an attributed run) composited
        /// over its background gives `ratio`, below `required`.
        case contrast(text: String, ratio: Double, required: Double, foreground: Color, background: Color)
        /// The frame is smaller than `minimum` on a side.
        case hitTarget(width: Double, height: Double, minimum: Double)
        /// Neither a title nor an accessibilityLabel.
        case missingLabel
        /// The configuration update handler failed for this state and
        /// style, so its look (and contrast) could not be known.
        case handlerFailed(message: String)
    }

    public let control: String
    public let state: ControlState?
    public let style: UserInterfaceStyle?
    public let kind: Kind

    /// A problem found in `control` (state and style for contrast problems).
    public init(control: String, state: ControlState? = nil, style: UserInterfaceStyle? = nil, kind: Kind) {
        self.control = control; self.state = state; self.style = style; self.kind = kind
    }

    /// The check that found it.
    public var check: AuditCheck {
        switch kind {
        case .contrast: return .contrast
        case .hitTarget: return .hitTarget
        case .missingLabel: return .label
        case .handlerFailed: return .contrast
        }
    }

    /// `2.9` for 2.97: ratios are truncated, never rounded up, so a failing
    /// ratio never prints as the threshold (WCAG: 4.499 does not pass 4.5).
    public static func ratioText(_ r: Double) -> String {
        Format.number((r * 10).rounded(.down) / 10)
    }

    /// The line a report prints.
    public var description: String {
        var place = Format.oneLine(control)
        if let state { place += "/" + state.description }
        if let style { place += "/" + style.rawValue }
        switch kind {
        case let .contrast(text, ratio, required, fg, bg):
            return "\(place): contrast \(AuditProblem.ratioText(ratio)):1 < \(Format.number(required)):1 "
                + "(\(text) \(fg.hex.prefix(7)) on \(bg.hex.prefix(7)))"
        case let .hitTarget(w, h, minimum):
            return "\(place): hit target \(Format.number(w))x\(Format.number(h)) pt < \(Format.number(minimum))x\(Format.number(minimum)) pt"
        case .missingLabel:
            return "\(place): no title or accessibilityLabel"
        case .handlerFailed(let message):
            return "\(place): the configuration update handler failed, so the look is unknown: \(Format.oneLine(message))"
        }
    }
}

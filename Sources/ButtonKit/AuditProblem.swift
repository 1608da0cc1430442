/// One accessibility problem of one control, with what a report needs: the
/// control (named as the audit names it: its id, a member by its container
/// and value or key, `#2` for the second control of one id), the state,
/// style and content size it was found at, and the figures. `description`
/// is the line `buttonkit audit` prints:
/// `like/normal/light: contrast 2.9:1 < 4.5:1 (title #8E8E93 on #F2F2F7)`.
public struct AuditProblem: Hashable, Sendable, CustomStringConvertible {
    /// Why a label reads badly to VoiceOver (GTXiLib's label checks).
    public enum LabelIssue: Hashable, Sendable {
        /// It says what the trait already says ("Buy button").
        case repeatsTrait(word: String)
        /// It ends in punctuation VoiceOver reads as a pause or a word.
        case punctuation(String)
        /// It looks like an image's file name (`icon_cart.png`).
        case fileName
        /// Another control of the same screen has the same label.
        case sharedWith(String)
    }

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
        /// The title does not fit: UIKit draws `displayed` (truncated), or
        /// a line taller than the room (`vertical`).
        case textClipped(text: String, displayed: String, width: Double, height: Double, lineHeight: Double, vertical: Bool)
        /// A title font of a fixed size: it does not grow with the user's text size.
        case fixedFont(font: Font)
        /// A text-style title on a button that does not adjust it
        /// (`adjustsFontForContentSizeCategory` is false).
        case notAdjusting(font: Font)
        /// The hit area overlaps `other`'s by `width` × `height` points.
        case overlap(other: String, width: Double, height: Double)
        /// The frame lies (partly) outside its screen.
        case offScreen(frame: Rect, screenWidth: Double, screenHeight: Double)
        /// The label reads badly (see `LabelIssue`).
        case badLabel(label: String, issue: LabelIssue)
        /// `count` live controls have the id `id`.
        case duplicateId(id: String, count: Int)
    }

    public let control: String
    public let state: ControlState?
    public let style: UserInterfaceStyle?
    /// The content size the problem was found at (contrast and clipped text).
    public let contentSize: ContentSizeCategory?
    public let kind: Kind

    /// A problem found in `control` (state, style and content size when
    /// the problem depends on them).
    public init(control: String, state: ControlState? = nil, style: UserInterfaceStyle? = nil,
                contentSize: ContentSizeCategory? = nil, kind: Kind) {
        self.control = control; self.state = state; self.style = style; self.contentSize = contentSize; self.kind = kind
    }

    /// The check that found it.
    public var check: AuditCheck {
        switch kind {
        case .contrast, .handlerFailed: return .contrast
        case .hitTarget: return .hitTarget
        case .missingLabel: return .label
        case .textClipped: return .textClipped
        case .fixedFont, .notAdjusting: return .dynamicType
        case .overlap, .offScreen: return .overlap
        case .badLabel: return .description
        case .duplicateId: return .duplicateId
        }
    }

    /// `2.9` for 2.97: ratios are truncated, never rounded up, so a failing
    /// ratio never prints as the threshold (WCAG: 4.499 does not pass 4.5).
    public static func ratioText(_ r: Double) -> String {
        Format.number((r * 10).rounded(.down) / 10)
    }

    /// `"Pay"` for messages, on one line and cut after 40 characters.
    static func quote(_ s: String) -> String {
        let one = Format.oneLine(s)
        return "\"" + (one.count > 40 ? String(one.prefix(40)) + "…" : one) + "\""
    }

    /// `control/state/style/size:` — the size only when it is not the
    /// default, in its short name (`ax5`).
    public var place: String {
        var place = Format.oneLine(control)
        if let state { place += "/" + state.description }
        if let style { place += "/" + style.rawValue }
        if let c = contentSize, c != .large { place += "/" + c.shortName }
        return place
    }

    /// The line a report prints.
    public var description: String {
        // Sizes to hundredths of a point: frames laid out by Auto Layout
        // (79.66666666666666) say nothing more precise that matters.
        let n = { (v: Double) in Format.number((v * 100).rounded() / 100) }
        switch kind {
        case let .contrast(text, ratio, required, fg, bg):
            return "\(place): contrast \(AuditProblem.ratioText(ratio)):1 < \(n(required)):1 "
                + "(\(text) \(fg.hex.prefix(7)) on \(bg.hex.prefix(7)))"
        case let .hitTarget(w, h, minimum):
            return "\(place): hit target \(n(w))x\(n(h)) pt < \(n(minimum))x\(n(minimum)) pt"
        case .missingLabel:
            return "\(place): no title or accessibilityLabel"
        case .handlerFailed(let message):
            return "\(place): the configuration update handler failed, so the look is unknown: \(Format.oneLine(message))"
        case let .textClipped(text, displayed, w, h, line, vertical):
            if vertical {
                return "\(place): title \(AuditProblem.quote(text)) does not fit the height: a \(n((line * 10).rounded() / 10)) pt line in \(n((max(0, h) * 10).rounded() / 10)) pt"
            }
            return "\(place): title \(AuditProblem.quote(text)) does not fit in \(n((w * 10).rounded() / 10)) pt: drawn \(AuditProblem.quote(displayed))"
        case .fixedFont(let f):
            return "\(place): title font '\(f)' has a fixed size and does not grow with the user's text size (use a text style, e.g. { textStyle = 'body' })"
        case .notAdjusting(let f):
            return "\(place): title font '\(f)' is a text style, but adjustsFontForContentSizeCategory is false: it stays this size when the user changes the text size"
        case let .overlap(other, w, h):
            return "\(place): hit area overlaps '\(Format.oneLine(other))' by \(n(w))x\(n(h)) pt"
        case let .offScreen(f, sw, sh):
            return "\(place): frame \(n(f.x)),\(n(f.y)) \(n(f.width))x\(n(f.height)) lies outside its \(n(sw))x\(n(sh)) screen"
        case let .badLabel(label, issue):
            let l = AuditProblem.quote(label)
            switch issue {
            case .repeatsTrait(let word):
                return "\(place): label \(l) says '\(word)', which VoiceOver already reads from the trait"
            case .punctuation(let p):
                return "\(place): label \(l) ends in '\(p)' (VoiceOver reads it; labels are not sentences)"
            case .fileName:
                return "\(place): label \(l) looks like a file name"
            case .sharedWith(let other):
                return "\(place): label \(l) is also the label of '\(Format.oneLine(other))' on the same screen"
            }
        case let .duplicateId(id, count):
            return "\(place): id '\(Format.oneLine(id))' is used by \(count) live controls (a lookup by id finds only one)"
        }
    }
}

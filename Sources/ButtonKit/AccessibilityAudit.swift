/// The accessibility audit: what a reviewer checks on every live control,
/// in every state a user can see, in both interface styles and at the
/// default and largest text sizes. It covers the ground of Xcode's
/// `performAccessibilityAudit` and Google's GTXiLib, headlessly:
///
/// - Contrast (WCAG 2.x SC 1.4.3): each text (title, each attributed run,
///   subtitle) against the button's background, the background composited
///   over what is behind the button (its screen's background), the text
///   over that, and the button's alpha over the backdrop. 4.5:1, or 3:1
///   for large text (18 pt, or 14 pt bold), at each content size checked
///   (a text-style title grows into large text). The disabled state is
///   skipped: WCAG exempts inactive components.
/// - Hit target (Apple's HIG): at least 44×44 pt.
/// - Label: a title or an accessibilityLabel.
/// - Clipped text (Xcode): the title as `TitleLayout` lays it out is
///   truncated or taller than its room, at a content size checked.
/// - Dynamic Type (Xcode): a title font of fixed size, or a text style on a
///   button that does not adjust it.
/// - Overlap (Xcode's hit region, GTXiLib): enabled, visible controls of a
///   screen whose frames overlap, or that lie off it.
/// - Description (GTXiLib): a label that repeats the trait, ends in
///   punctuation, looks like a file name, or is shared on one screen.
/// - Duplicate ids: two live controls with one id are both checked, the
///   second named `id#2`, and the id is reported.
///
/// Buttons that are not visible (hidden, in a hidden superview, fully
/// transparent) are skipped: a user never meets them as they are;
/// `notVisible` counts them for reports. Selected states are checked only for
/// buttons that can be selected (a toggle, a group member, a sort button,
/// a selected style), so a plain action button is not blamed for a look it
/// never shows. Members of a radio group or sort bar are named by their
/// container and value or key: `shipping['express']`, `sort[price]`.
public enum AccessibilityAudit {
    /// One control to audit, under the name its problems carry.
    public struct Subject {
        public let button: Button
        public let name: String
        public init(button: Button, name: String) { self.button = button; self.name = name }
    }

    /// The states a user can see on `b`.
    public static func states(of b: Button) -> [ControlState] {
        var out: [ControlState] = [.normal, .highlighted]
        if canBeSelected(b) { out += [.selected, [.selected, .highlighted]] }
        return out
    }

    static func canBeSelected(_ b: Button) -> Bool {
        if b.isSelected || b.changesSelectionAsPrimaryAction || b.owner != nil || b.kind == .sortButton { return true }
        return b.styles.entries.contains { $0.state.contains(.selected) && !$0.state.contains(.disabled) }
    }

    /// The screen `b` is on (through its group or bar), if any.
    public static func screen(of b: Button) -> Screen? {
        var level: (any TraitEnvironment)? = b
        var depth = 0
        while let l = level, depth < 8 {
            if let s = l as? Screen { return s }
            level = l.traitParent
            depth += 1
        }
        return nil
    }

    /// What is behind `b` in `style`: its screen's background, else
    /// systemBackground.
    public static func backdrop(of b: Button, style: UserInterfaceStyle) -> Color {
        if let s = screen(of: b) { return s.backgroundColor.resolve(b.traits.with(style: style)) }
        return SystemColor.systemBackground.color(in: style)
    }

    /// Whether text in `font` counts as large (WCAG: 18 pt, or 14 pt bold).
    public static func isLarge(_ font: Font) -> Bool { font.size >= 18 || (font.size >= 14 && font.weight >= .bold) }

    /// The name a control's problems carry: a radio member as
    /// `group['value']`, a sort button of a bar as `bar[key]`, else its id.
    public static func name(of b: Button) -> String {
        if let g = b.owner as? RadioGroup, let i = g.buttons.firstIndex(where: { $0 === b }) {
            return "\(g.id)[\(g.values[i].description)]"
        }
        if let bar = b.owner as? SortBar, let s = b as? SortButton { return "\(bar.id)[\(s.key)]" }
        return b.id
    }

    /// The subjects for `buttons` (each once, in order), named: a name that
    /// controls on different screens share is qualified by the screen
    /// (`checkout-dark:pay`), and the second and later controls of one name
    /// on one screen are told apart as `name#2`, ….
    /// `names` gives some controls the names a report wants instead
    /// (a file's control by its outlet); the rest are named as above.
    public static func subjects(_ buttons: [Button], names: [ObjectIdentifier: String] = [:]) -> [Subject] {
        var seenSet = Set<ObjectIdentifier>()
        var unique: [(Button, String, Screen?)] = []
        for b in buttons where seenSet.insert(ObjectIdentifier(b)).inserted {
            unique.append((b, names[ObjectIdentifier(b)] ?? name(of: b), screen(of: b)))
        }
        // Which names appear on more than one screen.
        var screensOf: [[UInt8]: [ObjectIdentifier?]] = [:]
        for (_, n, sc) in unique {
            let id = sc.map(ObjectIdentifier.init)
            if !(screensOf[Array(n.utf8)] ?? []).contains(id) { screensOf[Array(n.utf8), default: []].append(id) }
        }
        var screenNames: [ObjectIdentifier: String] = [:]
        var unnamed = 0
        func screenName(_ sc: Screen) -> String {
            if let n = screenNames[ObjectIdentifier(sc)] { return n }
            unnamed += sc.id == nil ? 1 : 0
            let n = sc.id ?? "screen\(unnamed)"
            screenNames[ObjectIdentifier(sc)] = n
            return n
        }
        var counts: [[UInt8]: Int] = [:]
        var out: [Subject] = []
        for (b, n, sc) in unique {
            var base = n
            if (screensOf[Array(n.utf8)]?.count ?? 0) > 1, let sc { base = screenName(sc) + ":" + n }
            let k = Array(base.utf8)
            let c = (counts[k] ?? 0) + 1
            counts[k] = c
            out.append(Subject(button: b, name: c == 1 ? base : "\(base)#\(c)"))
        }
        return out
    }

    /// The platforms of `buttons`' screens whose rules skip checks, each
    /// once, with the checks skipped (for a report to say once).
    public static func skippedByPlatform(_ buttons: [Button]) -> [(platform: Platform, checks: [AuditCheck])] {
        var seen = Set<Platform>()
        var out: [(platform: Platform, checks: [AuditCheck])] = []
        for b in buttons {
            let p = screen(of: b)?.platform ?? .iOS
            if !p.skippedChecks.isEmpty, seen.insert(p).inserted { out.append((p, p.skippedChecks)) }
        }
        return out
    }

    /// How many of `buttons` (each once) the audit skips as not visible.
    public static func notVisible(_ buttons: [Button]) -> Int {
        var seen = Set<ObjectIdentifier>()
        return buttons.filter { seen.insert(ObjectIdentifier($0)).inserted && !$0.isVisible }.count
    }

    /// The problems of one button.
    public static func audit(_ b: Button, options: AuditOptions = AuditOptions()) -> [AuditProblem] {
        audit([b], options: options)
    }

    /// The problems of every button on a screen, bottom to top.
    public static func audit(_ s: Screen, options: AuditOptions = AuditOptions()) -> [AuditProblem] {
        audit(s.allButtons, options: options)
    }

    /// The problems of `buttons` (every live control of a run, a group's
    /// members, a screen's…): each button's own checks, then what is wrong
    /// between them (ids, overlaps and labels on one screen).
    public static func audit(_ buttons: [Button], options: AuditOptions = AuditOptions()) -> [AuditProblem] {
        audit(subjects: subjects(buttons), options: options)
    }

    /// The problems of subjects already named (see `subjects`).
    public static func audit(subjects all: [Subject], options: AuditOptions = AuditOptions()) -> [AuditProblem] {
        var out: [AuditProblem] = []
        if options.checks.contains(.duplicateId) { out += duplicateIDs(all) }
        let shown = all.filter { $0.button.isVisible }
        for s in shown { out += own(s, options: options) }
        if options.checks.contains(.overlap) { out += overlaps(shown) }
        if options.checks.contains(.description) { out += sharedLabels(shown) }
        return out
    }

    /// One problem per id used by more than one control of one screen (or
    /// of no screen), on the second and later. The same ids on two screens
    /// (a checkout built in light and in dark) are two screens' own.
    static func duplicateIDs(_ all: [Subject]) -> [AuditProblem] {
        var byID: [[UInt8]: [Subject]] = [:]
        var order: [[UInt8]] = []
        for s in all {
            let where_ = screen(of: s.button).map { "\(ObjectIdentifier($0).hashValue)" } ?? "-"
            let k = Array((where_ + "\u{0}" + s.button.id).utf8)
            if byID[k] == nil { order.append(k) }
            byID[k, default: []].append(s)
        }
        var out: [AuditProblem] = []
        for k in order {
            guard let list = byID[k], list.count > 1 else { continue }
            for (i, s) in list.enumerated().dropFirst() {
                // Controls in other branches of the same `if` never show with this one.
                let together = list[..<i].filter { !$0.button.alternatives.excludes(s.button.alternatives) }
                guard !together.isEmpty else { continue }
                let count = list.filter { !$0.button.alternatives.excludes(s.button.alternatives) }.count
                out.append(AuditProblem(control: s.name, kind: .duplicateId(id: s.button.id, count: count)))
            }
        }
        return out
    }

    /// The checks that look at one button alone.
    static func own(_ s: Subject, options: AuditOptions) -> [AuditProblem] {
        let b = s.button
        // Checks that do not apply on the screen's platform are skipped
        // (tvOS: no touch targets, no user text size).
        let platform = screen(of: b)?.platform ?? .iOS
        var options = options
        if !platform.isTouch { options.checks.remove(.hitTarget) }
        if !platform.hasDynamicType {
            options.checks.remove(.dynamicType)
            options.contentSizes = [.large]
        }
        var out: [AuditProblem] = []
        let visible = states(of: b)
        let checked = options.states?.filter(visible.contains) ?? visible
        if options.checks.contains(.contrast) {
            var seen = Set<String>()
            for size in options.contentSizes {
                for style in options.styles {
                    for st in checked {
                        for p in contrast(b, name: s.name, state: st, style: style, size: size, options: options) {
                            // The same figures at another size say nothing new.
                            let key = "\(st)/\(style)/" + String(p.description.drop { $0 != ":" })
                            if seen.insert(key).inserted { out.append(p) }
                        }
                    }
                }
            }
        }
        if options.checks.contains(.hitTarget), b.frame.width < options.minimumSize || b.frame.height < options.minimumSize {
            out.append(AuditProblem(control: s.name, kind: .hitTarget(width: b.frame.width, height: b.frame.height, minimum: options.minimumSize)))
        }
        let label = spokenLabel(b)
        if options.checks.contains(.label), label.isEmpty {
            out.append(AuditProblem(control: s.name, kind: .missingLabel))
        }
        if options.checks.contains(.textClipped) { out += clipped(b, name: s.name, states: checked, options: options) }
        if options.checks.contains(.dynamicType) { out += dynamicType(b, name: s.name, states: checked) }
        if options.checks.contains(.description), !label.isEmpty, let issue = labelIssue(label) {
            out.append(AuditProblem(control: s.name, kind: .badLabel(label: label, issue: issue)))
        }
        return out
    }

    /// The label VoiceOver speaks: the accessibilityLabel, else the normal title (trimmed).
    static func spokenLabel(_ b: Button) -> String {
        let l = (b.accessibilityLabel ?? "").trimmingSpaces()
        if !l.isEmpty { return String(l) }
        return String((b.appearance(for: .normal).text ?? "").trimmingSpaces())
    }

    /// Contrast problems of `b` in one state, style and content size.
    static func contrast(_ b: Button, name: String, state: ControlState, style: UserInterfaceStyle,
                         size: ContentSizeCategory, options: AuditOptions) -> [AuditProblem] {
        // As the state would look, the update handler's changes included;
        // a handler that fails is a problem of its own (the look is unknown).
        let a: Appearance
        do { a = try b.previewAppearance(for: state, under: TraitOverrides(userInterfaceStyle: style, contentSize: size)) } catch {
            let full = (error as? ButtonKitError)?.message ?? "\(error)"
            // One line: the error, not the traceback a Lua handler's carries.
            let message = String(full.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            return [AuditProblem(control: name, state: state, style: style, contentSize: size, kind: .handlerFailed(message: message))]
        }
        let behind = Contrast.RGB(backdrop(of: b, style: style))
        let background = Contrast.over(a.backgroundColor, behind)
        let shownBackground = Contrast.blend(background, behind, alpha: a.alpha)
        var texts: [(what: String, color: Color, font: Font)] = []
        if let runs = a.attributedTitle {
            let several = runs.count > 1
            for (i, r) in runs.enumerated() where !r.text.trimmingSpaces().isEmpty {
                texts.append((several ? "title run #\(i + 1)" : "title", r.color ?? a.titleColor, r.font ?? a.font))
            }
        } else if let t = a.title, !t.trimmingSpaces().isEmpty {
            texts.append(("title", a.titleColor, a.font))
        }
        if let l = a.layout, let sub = l.subtitle, !sub.trimmingSpaces().isEmpty {
            texts.append(("subtitle", a.titleColor, l.subtitleFont))
        }
        var out: [AuditProblem] = []
        for t in texts {
            let shownText = Contrast.blend(Contrast.over(t.color, background), behind, alpha: a.alpha)
            let ratio = Contrast.ratio(shownText, shownBackground)
            let required = isLarge(t.font) ? options.largeTextContrast : options.minimumContrast
            if ratio < required {
                out.append(AuditProblem(control: name, state: state, style: style, contentSize: size,
                                        kind: .contrast(text: t.what, ratio: ratio, required: required,
                                                        foreground: shownText.color, background: shownBackground.color)))
            }
        }
        return out
    }

    /// Titles that do not fit, once per displayed text and content size.
    static func clipped(_ b: Button, name: String, states: [ControlState], options: AuditOptions) -> [AuditProblem] {
        if b.sizedByLayout { return [] }
        var out: [AuditProblem] = []
        var seen = Set<String>()
        for size in options.contentSizes {
            for st in states {
                let a: Appearance
                do { a = try b.previewAppearance(for: st, under: TraitOverrides(contentSize: size)) } catch { continue }
                let l = b.titleLayout(of: a)
                guard let text = a.text, let shown = l.displayedText, l.truncated || l.clippedVertically else { continue }
                if !l.clippedVertically, l.lines.count == 1, fitsOnDevice(text, a.font, room: l.availableWidth) { continue }
                // Once per title, at the first size it fails at.
                guard seen.insert(text).inserted else { continue }
                out.append(AuditProblem(control: name, state: st, contentSize: size,
                                        kind: .textClipped(text: text, displayed: shown, width: l.availableWidth,
                                                           height: l.availableHeight, lineHeight: l.lines.isEmpty ? 0 : l.textHeight / Double(l.lines.count),
                                                           vertical: !l.truncated)))
            }
        }
        return out
    }

    /// Whether a one-line title that measures too wide here fits in `room`
    /// as the device's font draws it (IB sizes buttons to fit SF, which is
    /// narrower than Inter for Latin text): such a title is not reported.
    static func fitsOnDevice(_ text: String, _ font: Font, room: Double) -> Bool {
        let m = TextMetrics.shared
        let ratio = m.measurer.deviceWidthRatio(of: text)
        guard ratio < 1 else { return false }
        return m.width(text, font) * ratio <= room + 0.01
    }

    /// Title fonts that do not follow the user's text size, once per font.
    static func dynamicType(_ b: Button, name: String, states: [ControlState]) -> [AuditProblem] {
        // Configurations take text styles and follow Dynamic Type on their own.
        if b.configuration != nil { return [] }
        var out: [AuditProblem] = []
        var seen = Set<Font>()
        for st in states {
            let a = b.appearance(for: st)
            var fonts: [Font] = []
            if let runs = a.attributedTitle {
                fonts = runs.filter { !$0.text.trimmingSpaces().isEmpty }.map { $0.font ?? a.font }
            } else if let t = a.title, !t.trimmingSpaces().isEmpty {
                fonts = [a.font]
            }
            for f in fonts where seen.insert(f).inserted {
                if f.textStyle == nil {
                    out.append(AuditProblem(control: name, kind: .fixedFont(font: f)))
                } else if !b.adjustsFontForContentSizeCategory {
                    out.append(AuditProblem(control: name, kind: .notAdjusting(font: f)))
                }
            }
        }
        return out
    }

    /// What makes a label read badly, if anything (GTXiLib's checks).
    public static func labelIssue(_ label: String) -> AuditProblem.LabelIssue? {
        let lower = label.lowercased()
        let words = lower.split { !$0.isLetter && !$0.isNumber }
        for trait in ["button", "btn"] where words.contains(Substring(trait)) { return .repeatsTrait(word: trait) }
        if lower.contains("按钮") { return .repeatsTrait(word: "按钮") }
        let lastWord = lower.split(separator: " ").last.map(String.init) ?? lower
        for ext in [".png", ".jpg", ".jpeg", ".gif", ".pdf", ".svg", ".heic", ".webp"] where lastWord.hasSuffix(ext) { return .fileName }
        if !label.contains(" "), label.contains("_"), label.allSatisfy({ $0.isASCII }) { return .fileName }
        if let last = label.last, ".,;:。，；：".contains(last), !label.hasSuffix("...") { return .punctuation(String(last)) }
        return nil
    }

    /// Enabled, visible controls whose frames overlap, or that lie off their screen.
    static func overlaps(_ shown: [Subject]) -> [AuditProblem] {
        var out: [AuditProblem] = []
        let audited = Dictionary(shown.map { (ObjectIdentifier($0.button), $0.name) }, uniquingKeysWith: { a, _ in a })
        var screens: [Screen] = []
        for s in shown { if let sc = screen(of: s.button), !screens.contains(where: { $0 === sc }) { screens.append(sc) } }
        for sc in screens {
            let live = sc.allButtons.filter { $0.acceptsTouches && $0.hasPosition }
            for (i, b) in live.enumerated() {
                let f = b.frame
                if let own = audited[ObjectIdentifier(b)],
                   f.x < 0 || f.y < 0 || f.x + f.width > sc.width || f.y + f.height > sc.height {
                    out.append(AuditProblem(control: own, kind: .offScreen(frame: f, screenWidth: sc.width, screenHeight: sc.height)))
                }
                for a in live[..<i] {
                    let g = a.frame
                    let w = min(f.x + f.width, g.x + g.width) - max(f.x, g.x)
                    let h = min(f.y + f.height, g.y + g.height) - max(f.y, g.y)
                    guard w > 0, h > 0 else { continue }
                    // Reported on the one on top (the later), else on the audited one.
                    if let top = audited[ObjectIdentifier(b)] {
                        out.append(AuditProblem(control: top, kind: .overlap(other: audited[ObjectIdentifier(a)] ?? name(of: a), width: w, height: h)))
                    } else if let below = audited[ObjectIdentifier(a)] {
                        out.append(AuditProblem(control: below, kind: .overlap(other: name(of: b), width: w, height: h)))
                    }
                }
            }
        }
        return out
    }

    /// Labels two enabled, visible controls of one screen share.
    static func sharedLabels(_ shown: [Subject]) -> [AuditProblem] {
        var out: [AuditProblem] = []
        var earlier: [String: [Subject]] = [:]   // screen and label → the controls with it so far
        for s in shown where s.button.acceptsTouches {
            guard let sc = screen(of: s.button) else { continue }
            let label = spokenLabel(s.button)
            guard !label.isEmpty else { continue }
            let key = "\(ObjectIdentifier(sc).hashValue)\u{0}\(label.lowercased())"
            // The first earlier one that can show with this one (not in another branch of an `if`).
            if let other = earlier[key]?.first(where: { !$0.button.alternatives.excludes(s.button.alternatives) }) {
                out.append(AuditProblem(control: s.name, kind: .badLabel(label: label, issue: .sharedWith(other.name))))
            }
            earlier[key, default: []].append(s)
        }
        return out
    }
}

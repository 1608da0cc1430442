/// The accessibility audit: what a reviewer checks on every button, in
/// every state a user can see and in both interface styles.
///
/// - Contrast (WCAG 2.x SC 1.4.3): each text (title, each attributed run,
///   subtitle) against the button's background, the background composited
///   over what is behind the button (its screen's background), the text
///   over that, and the button's alpha over the backdrop. 4.5:1, or 3:1
///   for large text (18 pt, or 14 pt bold). The disabled state is skipped:
///   WCAG exempts inactive components.
/// - Hit target (Apple's HIG): at least 44×44 pt.
/// - Label: a title or an accessibilityLabel.
///
/// Hidden buttons are skipped. Selected states are checked only for
/// buttons that can be selected (a toggle, a group member, a sort button,
/// a selected style), so a plain action button is not blamed for a look it
/// never shows.
public enum AccessibilityAudit {
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

    /// What is behind `b` in `style`: its screen's background, else
    /// systemBackground.
    public static func backdrop(of b: Button, style: UserInterfaceStyle) -> Color {
        var level: (any TraitEnvironment)? = b
        var depth = 0
        while let l = level, depth < 8 {
            if let s = l as? Screen { return s.backgroundColor.resolve(b.traits.with(style: style)) }
            level = l.traitParent
            depth += 1
        }
        return SystemColor.systemBackground.color(in: style)
    }

    /// Whether text in `font` counts as large (WCAG: 18 pt, or 14 pt bold).
    public static func isLarge(_ font: Font) -> Bool { font.size >= 18 || (font.size >= 14 && font.weight >= .bold) }

    /// The problems of one button.
    public static func audit(_ b: Button, options: AuditOptions = AuditOptions()) -> [AuditProblem] {
        guard !b.isHidden else { return [] }
        var out: [AuditProblem] = []
        if options.checks.contains(.contrast) {
            for style in options.styles {
                let visible = states(of: b)
                for st in options.states?.filter(visible.contains) ?? visible {
                    out += contrast(b, state: st, style: style, options: options)
                }
            }
        }
        if options.checks.contains(.hitTarget), b.frame.width < options.minimumSize || b.frame.height < options.minimumSize {
            out.append(AuditProblem(control: b.id, kind: .hitTarget(width: b.frame.width, height: b.frame.height, minimum: options.minimumSize)))
        }
        if options.checks.contains(.label) {
            let text = b.appearance(for: .normal).text ?? ""
            let label = b.accessibilityLabel ?? ""
            if text.trimmingSpaces().isEmpty && label.trimmingSpaces().isEmpty {
                out.append(AuditProblem(control: b.id, kind: .missingLabel))
            }
        }
        return out
    }

    /// The problems of every button on a screen, bottom to top.
    public static func audit(_ s: Screen, options: AuditOptions = AuditOptions()) -> [AuditProblem] {
        s.allButtons.flatMap { audit($0, options: options) }
    }

    /// Contrast problems of `b` in one state and style.
    static func contrast(_ b: Button, state: ControlState, style: UserInterfaceStyle, options: AuditOptions) -> [AuditProblem] {
        // As the state would look, the update handler's changes included;
        // a handler that fails is a problem of its own (the look is unknown).
        let a: Appearance
        do { a = try b.previewAppearance(for: state, style: style) } catch {
            let full = (error as? ButtonKitError)?.message ?? "\(error)"
            // One line: the error, not the traceback a Lua handler's carries.
            let message = String(full.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
            return [AuditProblem(control: b.id, state: state, style: style, kind: .handlerFailed(message: message))]
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
                out.append(AuditProblem(control: b.id, state: state, style: style,
                                        kind: .contrast(text: t.what, ratio: ratio, required: required,
                                                        foreground: shownText.color, background: shownBackground.color)))
            }
        }
        return out
    }
}

/// UIKit's spellings of the values ButtonKit reads, and ButtonKit's word for
/// each. People arrive with UIKit in their fingers: `UIControlStateHighlighted`,
/// `.highlighted`, `[.selected, .highlighted]`, `UIControl.Event.touchUpInside`,
/// `UIColor.systemBlue`, `rgb(255, 0, 0)`. Edit distance cannot find
/// ButtonKit's name from those (the prefix is longer than the name), so the
/// parsers ask here first when a name is unknown, and the error suggests the
/// form that works. Nothing here is accepted silently: a script keeps one
/// spelling, ButtonKit's.
public enum UIKitSpelling {
    /// The state meant by a UIKit constant or Swift spelling:
    /// `UIControlStateHighlighted`, `UIControl.State.highlighted`,
    /// `.highlighted`, `[.selected, .highlighted]`, `UIControlStateSelected |
    /// UIControlStateHighlighted`; nil when it is none of those forms (or is
    /// already ButtonKit's own).
    public static func state(_ text: String) -> String? {
        names(in: text, prefixes: ["UIControlState", "UIControl.State.", "."], known: ["normal"] + ControlState.flagNames.map(\.name))
            .map { $0 == ["normal"] ? "normal" : $0.filter { $0 != "normal" }.joined(separator: "|") }
    }

    /// The events meant by UIKit's spellings: `UIControlEventTouchUpInside`,
    /// `UIControl.Event.touchUpInside`, `.touchUpInside`, `[.touchDown,
    /// .touchUpInside]`; nil when none of those forms names events.
    public static func event(_ text: String) -> String? {
        let all = (ControlEvent.singles + ControlEvent.groups).map(\.name)
        return names(in: text, prefixes: ["UIControlEvents", "UIControlEvent", "UIControl.Event.", "."], known: all)
            .map { $0.joined(separator: "|") }
    }

    /// The colour name meant by a colour written as Swift spells it:
    /// `UIColor.systemBlue`, `.systemBlue`, `labelColor`,
    /// `systemBackgroundColor` (Objective-C's selector), `tint`; nil when
    /// none of those forms names a colour.
    public static func colorName(_ text: String) -> String? {
        var t = Substring(text)
        for prefix in ["UIColor.", "uicolor.", "."] where t.hasPrefix(prefix) { t = t.dropFirst(prefix.count) }
        var candidates = [String(t)]
        if t.lowercased().hasSuffix("color") { candidates.append(String(t.dropLast(5))) }
        if t.lowercased() == "tint" { candidates.append("tintColor") }
        for c in candidates where c != text {
            if let s = SystemColor(named: c) { return s.rawValue }
            if c.lowercased() == "tintcolor" { return "tintColor" }
            if let named = Color.named.first(where: { $0.name.lowercased() == c.lowercased() }) { return named.name }
        }
        return nil
    }

    /// How to write a colour given in CSS's or UIKit's constructor form —
    /// `rgb(255, 0, 0)`, `rgba(255, 0, 0, 0.5)`, `UIColor(red: 1, green: 0,
    /// blue: 0, alpha: 1)`, `[UIColor colorWithRed:1 green:0 blue:0
    /// alpha:1]`, `0xFF0000` — as ButtonKit takes it: `ui.rgb(…)` or hex.
    /// Nil when the text is none of those forms.
    public static func colorHint(_ text: String) -> String? {
        let lower = text.lowercased()
        if lower.hasPrefix("0x"), let c = try? Color(parsing: String(text.dropFirst(2))) {
            return "write it as '\(String(c.hex.dropLast(2)))' (hex with '#' or without, no '0x')"
        }
        let numbers = self.numbers(in: text)
        func hint(_ c: [Double], scale: Double) -> String? {
            guard c.count == 3 || c.count == 4, c.prefix(3).allSatisfy({ $0 >= 0 && $0 <= scale }) else { return nil }
            let alpha = c.count == 4 ? c[3] : 1
            guard alpha >= 0, alpha <= 1 else { return nil }
            let bytes = c.prefix(3).map { UInt8(($0 / scale * 255).rounded()) }
            let color = Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: UInt8((alpha * 255).rounded()))
            let args = bytes.map(String.init).joined(separator: ", ") + (c.count == 4 ? ", " + Format.number(alpha) : "")
            return "write it as ui.rgb(\(args)) or '\(color.alpha == 255 ? String(color.hex.dropLast(2)) : color.hex)'"
        }
        if lower.hasPrefix("rgb(") || lower.hasPrefix("rgba(") { return hint(numbers, scale: 255) }
        if lower.hasPrefix("uicolor(red") || lower.contains("colorwithred") || lower.hasPrefix("uicolor(displayp3red") {
            return hint(numbers, scale: 1)
        }
        if lower.hasPrefix("uicolor(white") || lower.contains("colorwithwhite"), numbers.count == 2 {
            return hint([numbers[0], numbers[0], numbers[0], numbers[1]], scale: 1)
        }
        return nil
    }

    /// UIFont's constructors as a font's words (`"boldSystemFont 13"`,
    /// `"systemFont(ofSize: 17, weight: .semibold)"`): what to write, or nil.
    public static func fontHint(_ text: String) -> String? {
        let lower = text.lowercased()
        let numbers = self.numbers(in: text)
        let size = numbers.first.map(Format.number) ?? "17"
        if lower.contains("boldsystemfont") { return "UIKit's boldSystemFont is written 'bold \(size)'" }
        if lower.contains("italicsystemfont") { return "UIKit's italicSystemFont has no short form; system italics are not modelled, write '\(size)'" }
        if lower.contains("preferredfont") || lower.contains("uifont.textstyle") {
            return "a Dynamic Type font is its text style's name: 'body', 'bold headline' (or { textStyle = 'body' })"
        }
        if lower.contains("systemfont") || lower.hasPrefix("uifont") {
            let weight = FontWeight.allCases.map(\.rawValue).first { lower.contains("." + $0.lowercased()) || lower.contains(" " + $0.lowercased()) }
            return "UIKit's systemFont is written '\(weight.map { $0 + " " } ?? "")\(size)'"
        }
        return nil
    }

    /// Colour components on UIColor's 0–1 scale given to `ui.rgb`, which
    /// takes 0–255: all three within 0…1 and one a fraction
    /// (`ui.rgb(1, 0.5, 0)`). The same call on the 0–255 scale, or nil.
    public static func unitScaleHint(_ r: Double, _ g: Double, _ b: Double) -> String? {
        let c = [r, g, b]
        guard c.allSatisfy({ $0 >= 0 && $0 <= 1 }), c.contains(where: { $0 != $0.rounded() }) else { return nil }
        let bytes = c.map { Format.number(($0 * 255).rounded()) }.joined(separator: ", ")
        return "components are 0-255, not UIColor's 0-1: ui.rgb(\(bytes))"
    }

    /// Why a name people expect to be a state is not one, with what to
    /// write instead (`enabled` is UIKit's property, not a state flag).
    public static func stateHint(_ name: String) -> String? {
        switch name.lowercased() {
        case "enabled", "isenabled", "default", "none", "plain":
            return "an enabled control with no other flag is in state 'normal' (UIKit's states are normal, highlighted, disabled, selected, focused)"
        default:
            return nil
        }
    }

    /// The known names in `text` when it is a UIKit spelling of one or more
    /// of them: each part (split at `|`, `,` and spaces, `[` `]` dropped)
    /// carries one of `prefixes` or differs from a known name in case only;
    /// nil when any part is not a known name or no part was spelt the UIKit way.
    static func names(in text: String, prefixes: [String], known: [String]) -> [String]? {
        var inner = Substring(text.trimmingSpaces())
        var uikit = false
        if inner.hasPrefix("["), inner.hasSuffix("]") { inner = inner.dropFirst().dropLast(); uikit = true }
        let parts = inner.split(whereSeparator: { $0 == "|" || $0 == "," || $0 == " " || $0 == "+" })
        guard !parts.isEmpty else { return nil }
        var found: [String] = []
        for var part in parts {
            for p in prefixes where part.hasPrefix(p) && part.count > p.count { part = part.dropFirst(p.count); uikit = true; break }
            guard let name = known.first(where: { $0.lowercased() == part.lowercased() }) else { return nil }
            if name != String(part) { uikit = true }
            found.append(name)
        }
        return uikit ? found : nil
    }

    /// The numbers written in `text`, in order (`rgb(255, 0, 0)` → 255, 0, 0).
    static func numbers(in text: String) -> [Double] {
        var out: [Double] = []
        var current = ""
        for ch in text + " " {
            if ch.isNumber || ch == "." || (ch == "-" && current.isEmpty) {
                current.append(ch)
            } else {
                if let v = Double(current) { out.append(v) }
                current = ""
            }
        }
        return out
    }
}

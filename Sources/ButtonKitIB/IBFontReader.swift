import ButtonKit

/// `<fontDescription>` (and the older `<font>`) into a `Font`: system,
/// bold and italic system fonts with a weight, named PostScript fonts
/// (`Helvetica-Bold`: the family and the weight its name says) and Dynamic
/// Type text styles (`UICTFontTextStyleBody`).
enum IBFontReader {
    static func read(_ node: XMLNode, _ ctx: IBContext) -> Font? {
        let size = ctx.number(node, "pointSize") ?? ctx.number(node, "size") ?? 17
        guard size > 0, size <= Font.maxSize else {
            ctx.ignore(node, node["pointSize"] != nil ? "pointSize" : "size", "a font size must be above 0 and at most 1000")
            return nil
        }
        if let styleName = node["style"] {
            guard let style = TextStyle(uikitName: styleName) else {
                ctx.ignore(node, "style", "unknown text style '\(styleName)'")
                return Font(size: size)
            }
            if ctx.platform == .tvOS {
                // tvOS has no user text size: the style is its fixed tvOS size.
                return Font(size: Platform.tvOSSize(of: style), weight: style.defaultWeight)
            }
            return Font(textStyle: style)
        }
        if let name = node["name"], node["type"] == nil {
            let family = node["family"] ?? String(name.prefix { $0 != "-" })
            let suffix = name.contains("-") ? String(name.drop { $0 != "-" }.dropFirst()) : ""
            let (weight, italic) = weight(fromSuffix: suffix)
            var f = Font(family: family, size: size, weight: weight)
            f.italic = italic
            return f
        }
        var weight = FontWeight.regular
        var italic = false
        switch node["type"] ?? "system" {
        case "system": break
        case "boldSystem": weight = .bold
        case "italicSystem": italic = true
        default: ctx.ignore(node, "type", "unknown font type '\(node["type"] ?? "")'")
        }
        if let w = node["weight"] {
            if let fw = FontWeight(rawValue: w) { weight = fw } else { ctx.ignore(node, "weight", "unknown weight '\(w)'") }
        }
        var f = Font(size: size, weight: weight)
        f.italic = italic
        return f
    }

    /// The weight a PostScript name's suffix names (`Bold`, `SemiBold`,
    /// `MediumItalic`...) and whether it is italic.
    static func weight(fromSuffix s: String) -> (FontWeight, Bool) {
        var rest = s.lowercased()
        var italic = false
        for word in ["italic", "oblique"] where rest.hasSuffix(word) { rest.removeLast(word.count); italic = true }
        let table: [(String, FontWeight)] = [
            ("ultralight", .ultraLight), ("extralight", .ultraLight), ("thin", .thin), ("light", .light),
            ("regular", .regular), ("roman", .regular), ("book", .regular), ("medium", .medium),
            ("semibold", .semibold), ("demibold", .semibold), ("bold", .bold), ("heavy", .heavy),
            ("extrabold", .heavy), ("black", .black),
        ]
        return (table.first { $0.0 == rest }?.1 ?? .regular, italic)
    }
}

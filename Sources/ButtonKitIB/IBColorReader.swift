import ButtonKit

/// Reads `<color>` elements in every form Interface Builder writes into the
/// model's colours: components in a colour space (converted to sRGB by
/// `ColorSpaces`), system colours, the old `cocoaTouchSystemColor` names and
/// named (asset catalog) colours.
struct IBColorReader {
    /// What one `<color>` gave: a colour, or why it could not be used.
    enum Result {
        case color(ColorValue)
        case unusable(attribute: String?, reason: String)
    }

    /// Asset catalog colours, consulted for `name="..."`.
    let assets: AssetColors
    /// The document's own copies of named colours (`<resources><namedColor>`),
    /// used when no catalog has the name.
    let namedFallbacks: [String: ColorValue]
    /// Whether any catalog was found or given.
    let hasCatalogs: Bool

    /// The colour when usable, without listing anything (the element is
    /// listed when it is read for its own view).
    func peek(_ node: XMLNode) -> ColorValue? {
        if case .color(let c) = read(node) { return c }
        return nil
    }

    func read(_ node: XMLNode) -> Result {
        // Xcode 11's transitional files write both names: the new one wins.
        if let name = node["systemColor"] ?? node["xcode11CocoaTouchSystemColor"] {
            if let c = IBColorReader.systemColor(name) { return .color(c) }
            if let old = node["cocoaTouchSystemColor"], let c = IBColorReader.cocoaTouch(old) { return .color(c) }
            if let c = namedFallbacks["system:" + name] { return .color(c) }
            return .unusable(attribute: "systemColor", reason: "unknown system colour '\(name)'")
        }
        if let name = node["cocoaTouchSystemColor"] {
            if let c = IBColorReader.cocoaTouch(name) { return .color(c) }
            return .unusable(attribute: "cocoaTouchSystemColor", reason: "unknown cocoaTouchSystemColor '\(name)'")
        }
        if node["colorSpace"] == "catalog" {
            // AppKit's colour lists (`catalog="System" name="labelColor"`): a
            // UIKit system colour of the same name where there is one.
            let name = node["name"] ?? ""
            if let c = IBColorReader.systemColor(name) { return .color(c) }
            return .unusable(attribute: "name", reason: "catalog colour '\(node["catalog"] ?? "")/\(name)' has no UIKit equivalent")
        }
        if let name = node["name"], node["red"] == nil, node["white"] == nil {
            if let c = assets[name] { return .color(c) }
            if let c = namedFallbacks[name] { return .color(c) }
            if let why = assets.unusable[name] { return .unusable(attribute: "name", reason: "colour '\(name)': \(why)") }
            let where_ = hasCatalogs ? "in no asset catalog" : "not found (no asset catalog found)"
            return .unusable(attribute: "name", reason: "colour '\(name)' is \(where_) and the document has no copy of it")
        }
        return components(node)
    }

    /// A colour given by components, in the space `colorSpace` (and
    /// `customColorSpace`) names.
    func components(_ node: XMLNode) -> Result {
        func number(_ k: String) -> Double? { node[k].flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil } }
        let space = node["colorSpace"] == "custom" ? node["customColorSpace"] ?? "" : node["colorSpace"] ?? ""
        let spaceAttribute = node["colorSpace"] == "custom" ? "customColorSpace" : "colorSpace"
        let alpha = ColorSpaces.clip(number("alpha") ?? 1)
        if let w = number("white") {
            let gray: Double
            switch space {
            case "genericGamma22GrayColorSpace", "calibratedWhite": gray = ColorSpaces.sRGBGray(fromGamma: 2.2, white: w)
            case "deviceWhite", "extendedGray", "": gray = ColorSpaces.clip(w)
            default: return .unusable(attribute: spaceAttribute, reason: "unknown colour space '\(space)'")
            }
            return .color(.fixed(Color(unitRed: gray, green: gray, blue: gray, alpha: alpha)))
        }
        guard let r = number("red"), let g = number("green"), let b = number("blue") else {
            return .unusable(attribute: nil, reason: "a colour without red, green and blue, white, a system colour or a name")
        }
        let c: ColorSpaces.Triple
        switch space {
        case "sRGB", "deviceRGB", "": c = (ColorSpaces.clip(r), ColorSpaces.clip(g), ColorSpaces.clip(b))
        case "extendedSRGB", "extendedRangeSRGB": c = ColorSpaces.sRGB(fromExtendedSRGB: (r, g, b))
        case "displayP3": c = ColorSpaces.sRGB(fromDisplayP3: (r, g, b))
        case "calibratedRGB", "genericRGB", "genericRGBColorSpace": c = ColorSpaces.sRGB(fromGenericRGB: (r, g, b))
        case "extendedLinearSRGB", "linearSRGB": c = ColorSpaces.sRGB(fromLinearSRGB: (r, g, b))
        default: return .unusable(attribute: spaceAttribute, reason: "unknown colour space '\(space)'")
        }
        return .color(.fixed(Color(unitRed: c.0, green: c.1, blue: c.2, alpha: alpha)))
    }

    /// `systemBlueColor` → systemBlue, `labelColor` → label, `tintColor`.
    static func systemColor(_ name: String) -> ColorValue? {
        if name == "tintColor" { return .dynamic(.tint) }
        var base = name
        if base.hasSuffix("Color") { base.removeLast(5) }
        if let s = SystemColor(rawValue: base) { return .dynamic(.system(s)) }
        return nil
    }

    /// The iOS 2–12 names Xcode 8–11 wrote (`cocoaTouchSystemColor`).
    static func cocoaTouch(_ name: String) -> ColorValue? {
        switch name {
        case "whiteColor": return .fixed(.white)
        case "blackColor": return .fixed(.black)
        case "clearColor": return .fixed(.clear)
        case "darkTextColor": return .dynamic(.system(.darkText))
        case "lightTextColor": return .dynamic(.system(.lightText))
        case "groupTableViewBackgroundColor": return .dynamic(.system(.systemGroupedBackground))
        case "tableCellGroupedBackgroundColor": return .dynamic(.system(.secondarySystemGroupedBackground))
        // Deprecated since iOS 7 (they were textures); UIKit still answers
        // them with solid colours. The values are the solid colours of
        // those textures (docs/decisions.md says how sure they are).
        case "viewFlipsideBackgroundColor": return .fixed(Color(red: 0x1F, green: 0x21, blue: 0x24))
        case "scrollViewTexturedBackgroundColor": return .fixed(Color(red: 0x6F, green: 0x71, blue: 0x79))
        case "underPageBackgroundColor": return .fixed(Color(red: 0xB5, green: 0xB5, blue: 0xB5))
        default: return nil
        }
    }
}

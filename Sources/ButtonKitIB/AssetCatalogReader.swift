import ButtonKit

/// Reads asset catalog folders through the load options' readers:
/// `*.colorset/Contents.json` into `AssetColor`s (every component form and
/// colour space Xcode writes, light/dark/high-contrast appearances), and
/// `*.imageset` (and `*.symbolset`) folders into image names. Groups are
/// folders; a group whose Contents.json says `provides-namespace` prefixes
/// its names (`Icons/cart`), as Xcode does.
struct AssetCatalogReader {
    let options: IBLoadOptions

    func read(catalog path: String) throws(IBError) -> (AssetColors, Set<String>) {
        guard options.isDirectory(path) else {
            // A folder the reader may not open (outside a confined run's
            // tree) says why, rather than seeming to be no catalog.
            do { _ = try options.listDirectory(path) } catch {
                if "\(error)".contains("outside the working tree") { throw IBError(file: path, message: "\(error)") }
            }
            throw IBError(file: path, message: "not an asset catalog folder (expected a folder such as Assets.xcassets)")
        }
        var colors = AssetColors()
        var images = Set<String>()
        var visited = 0
        try walk(path, prefix: "", colors: &colors, images: &images, visited: &visited)
        return (colors, images)
    }

    private func list(_ path: String) throws(IBError) -> [String] {
        do { return try options.listDirectory(path) } catch {
            throw IBError(file: path, message: "cannot list the folder: \(error)")
        }
    }

    private func walk(_ folder: String, prefix: String, colors: inout AssetColors, images: inout Set<String>,
                      visited: inout Int) throws(IBError) {
        visited += 1
        if visited > options.maxDirectoriesVisited {
            throw IBError(file: folder, message: "more than \(options.maxDirectoriesVisited) folders in the asset catalog")
        }
        for name in try list(folder).sorted() {
            let path = folder + "/" + name
            guard options.isDirectory(path) else { continue }
            if let base = strip(name, ".colorset") {
                do { colors.add(try readColorSet(path, name: prefix + base)) } catch let e where e.message.hasPrefix(AssetCatalogReader.noColour) {
                    colors.addUnusable(prefix + base, reason: e.message)
                }
            } else if let base = strip(name, ".imageset") ?? strip(name, ".symbolset") {
                images.insert(prefix + base)
            } else if name.contains(".") && !name.hasPrefix(".") && strip(name, ".xcassets") == nil {
                continue   // app icons, data sets, textures...: not colours or images a button names
            } else if !name.hasPrefix(".") {
                let namespace = try providesNamespace(path)
                try walk(path, prefix: namespace ? prefix + name + "/" : prefix, colors: &colors, images: &images, visited: &visited)
            }
        }
    }

    private func strip(_ name: String, _ suffix: String) -> String? {
        name.hasSuffix(suffix) && name.count > suffix.count ? String(name.dropLast(suffix.count)) : nil
    }

    private func json(_ path: String) throws(IBError) -> JSONValue? {
        let bytes: [UInt8]
        do { bytes = try options.readFile(path) } catch { return nil }
        do { return try JSON.parse(bytes: bytes) } catch {
            throw IBError(file: path, line: error.line, column: error.column, message: "broken Contents.json: \(error.reason)")
        }
    }

    private func providesNamespace(_ folder: String) throws(IBError) -> Bool {
        guard case .object(let o)? = try json(folder + "/Contents.json"),
              case .object(let props)? = o["properties"], case .bool(let b)? = props["provides-namespace"] else { return false }
        return b
    }

    /// One colour set. A missing Contents.json, or one without colours, is
    /// an error naming the file: the name would otherwise resolve to nothing.
    func readColorSet(_ folder: String, name: String) throws(IBError) -> AssetColor {
        let file = folder + "/Contents.json"
        guard let root = try json(file) else { throw IBError(file: file, message: "the colour set has no readable Contents.json") }
        guard case .object(let o) = root, case .array(let entries)? = o["colors"] else {
            throw IBError(file: file, line: 1, column: 1, message: "no \"colors\" list in the colour set")
        }
        var variants: [AssetColor.Variant] = []
        for (i, entry) in entries.enumerated() {
            guard case .object(let e) = entry else { throw bad(file, "colors[\(i + 1)] is not an object") }
            var idiomSpecific = false
            if case .string(let idiom)? = e["idiom"] {
                switch idiom {
                case "universal": break
                case "iphone": idiomSpecific = true
                default: continue   // iPad, Mac, TV, watch: not what an iPhone resolves
                }
            }
            var style: UserInterfaceStyle?
            var contrast: AccessibilityContrast?
            var other = false
            if case .array(let appearances)? = e["appearances"] {
                for a in appearances {
                    guard case .object(let ap) = a, case .string(let kind)? = ap["appearance"], case .string(let value)? = ap["value"] else {
                        throw bad(file, "colors[\(i + 1)]: an appearance without \"appearance\" and \"value\"")
                    }
                    switch (kind, value) {
                    case ("luminosity", "light"): style = .light
                    case ("luminosity", "dark"): style = .dark
                    case ("contrast", "high"): contrast = .high
                    default: other = true   // gamut, other traits: not an iPhone's sRGB default
                    }
                }
            }
            if other { continue }
            guard case .object(let colorObject)? = e["color"] else { continue }   // Xcode's empty AccentColor
            let color = try readColor(colorObject, file: file, index: i + 1, style: style)
            var system: SystemColor?
            if case .string(let ref)? = colorObject["reference"], case .dynamic(.system(let s))? = IBColorReader.systemColor(ref) { system = s }
            variants.append(.init(style: style, contrast: contrast, idiomSpecific: idiomSpecific, color: color, system: system))
        }
        if variants.isEmpty { throw bad(file, AssetCatalogReader.noColour + " (the colour set '\(name)' in \(file))") }
        return AssetColor(name: name, variants: variants)
    }

    /// The start of the message for a set without an iPhone colour.
    static let noColour = "no colour for an iPhone (universal or iphone idiom)"

    private func bad(_ file: String, _ message: String) -> IBError { IBError(file: file, line: 1, column: 1, message: message) }

    /// One `"color"` object: a colour space and components, or a reference
    /// to a system colour (`"reference": "systemBlueColor"`).
    private func readColor(_ c: [String: JSONValue], file: String, index: Int, style: UserInterfaceStyle?) throws(IBError) -> Color {
        if case .string(let ref)? = c["reference"] {
            guard case .dynamic(let d)? = IBColorReader.systemColor(ref) else {
                throw bad(file, "colors[\(index)]: unknown system colour reference '\(ref)'")
            }
            return d.resolve(Traits(userInterfaceStyle: style ?? .light))
        }
        guard case .object(let comps)? = c["components"] else { throw bad(file, "colors[\(index)]: no \"components\"") }
        var space = "srgb"
        if case .string(let s)? = c["color-space"] { space = s }
        func component(_ key: String, alpha: Bool = false) throws(IBError) -> Double {
            guard let v = comps[key] else { throw bad(file, "colors[\(index)]: no \"\(key)\" component") }
            guard let d = AssetCatalogReader.component(v, alpha: alpha) else {
                throw bad(file, "colors[\(index)]: component \"\(key)\" is \(v.display), expected a number 0–1 (\"0.5\"), 0–255 (\"128\") or hex (\"0x80\")")
            }
            return d
        }
        let alpha = comps["alpha"] == nil ? 1 : try component("alpha", alpha: true)
        switch space {
        case "gray-gamma-22", "extended-gray":
            let w = try component("white")
            let g = space == "gray-gamma-22" ? ColorSpaces.sRGBGray(fromGamma: 2.2, white: w) : ColorSpaces.clip(w)
            return Color(unitRed: g, green: g, blue: g, alpha: ColorSpaces.clip(alpha))
        default:
            let rgb = (try component("red"), try component("green"), try component("blue"))
            let out: ColorSpaces.Triple
            switch space {
            case "srgb": out = (ColorSpaces.clip(rgb.0), ColorSpaces.clip(rgb.1), ColorSpaces.clip(rgb.2))
            case "extended-srgb": out = ColorSpaces.sRGB(fromExtendedSRGB: rgb)
            case "display-p3": out = ColorSpaces.sRGB(fromDisplayP3: rgb)
            case "extended-linear-srgb": out = ColorSpaces.sRGB(fromLinearSRGB: rgb)
            default: throw bad(file, "colors[\(index)]: unknown color-space '\(space)'")
            }
            return Color(unitRed: out.0, green: out.1, blue: out.2, alpha: ColorSpaces.clip(alpha))
        }
    }

    /// A component as Xcode writes it: `"0.500"` (a unit float, any string
    /// with a point), `"128"` (0–255), `"0x80"` (hex, 0–255); JSON numbers
    /// likewise (an integer is 0–255). Alpha is always a unit value.
    static func component(_ v: JSONValue, alpha: Bool) -> Double? {
        let d: Double?
        switch v {
        case .string(let s):
            let t = s.trimmingCharacters()
            if t.hasPrefix("0x") || t.hasPrefix("0X") {
                d = UInt32(t.dropFirst(2), radix: 16).map { Double($0) / 255 }
            } else if t.contains(".") || t.contains("e") || alpha {
                d = Double(t)
            } else {
                d = Int(t).map { Double($0) / 255 }
            }
        case .double(let x): d = x
        case .int(let i): d = alpha ? Double(i) : Double(i) / 255
        case .number(let t): d = Double(t)
        default: d = nil
        }
        guard let d, d.isFinite else { return nil }
        return d
    }
}

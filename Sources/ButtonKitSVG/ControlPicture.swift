import ButtonKit

/// Draws one resolved appearance as an SVG group: the rounded rectangle with
/// its border and background (alpha kept), a background-image placeholder,
/// the image (a sort icon as vector arrows, other images as labelled
/// placeholders, darkened when UIKit would adjust them) and the title or
/// attributed title, centred.
public struct ControlPicture {
    public var appearance: Appearance
    public var width: Double
    public var height: Double
    /// The title as the button lays it out (`Button.titleLayout`): what is
    /// drawn, truncated or wrapped; nil lays it out here without insets.
    public var title: TitleLayout?
    /// Whether the content is laid out right to left (image after the
    /// title, leading insets on the right).
    public var rightToLeft: Bool
    /// Where title and image sit (a legacy button's `contentHorizontalAlignment`).
    public var horizontalAlignment = ContentHorizontalAlignment.center
    /// Where title and image sit up and down (`contentVerticalAlignment`).
    public var verticalAlignment = ContentVerticalAlignment.center
    /// Image names that are SF Symbols: drawn as a symbol placeholder.
    public var symbols: Set<String> = []

    /// A picture of `appearance` drawn at `width` x `height` points.
    public init(appearance: Appearance, width: Double, height: Double, title: TitleLayout? = nil, rightToLeft: Bool = false) {
        self.appearance = appearance; self.width = width; self.height = height
        self.title = title; self.rightToLeft = rightToLeft
    }

    /// The picture of `b`'s look `a`, laid out as `b` lays it out.
    public init(_ b: Button, _ a: Appearance, height: Double? = nil) {
        let h = height ?? max(1, b.frame.height)
        self.init(appearance: a, width: max(1, b.frame.width), height: h, title: b.titleLayout(of: a),
                  rightToLeft: b.effectiveLayoutDirection == .rightToLeft)
        horizontalAlignment = b.contentHorizontalAlignment
        verticalAlignment = b.contentVerticalAlignment
        symbols = b.symbolImages
    }

    /// The fonts ButtonKit measures with, named first so a viewer that has
    /// them draws the text exactly as measured (docs/pictures.md).
    static let fontFamily = "Inter, 'WenQuanYi Zen Hei', 'DejaVu Sans', system-ui, -apple-system, Helvetica, Arial, sans-serif"
    static let displayFontFamily = "'Inter Display', " + fontFamily

    static func weight(_ w: FontWeight) -> Int {
        switch w {
        case .ultraLight: return 100
        case .thin: return 200
        case .light: return 300
        case .regular: return 400
        case .medium: return 500
        case .semibold: return 600
        case .bold: return 700
        case .heavy: return 800
        case .black: return 900
        }
    }

    /// `fill="#RRGGBB" fill-opacity="a"` for a colour (opacity omitted when 1).
    static func paint(_ attr: String, _ c: Color) -> String {
        let hex = String(c.hex.prefix(7))
        var s = "\(attr)=\"\(hex)\""
        if c.alpha != 255 { s += " \(attr)-opacity=\"\(SVGNumber.format(Double(c.alpha) / 255))\"" }
        return s
    }

    static func fontAttributes(_ f: Font) -> String {
        let base = f.size >= 20 ? displayFontFamily : fontFamily
        let family = f.family == "system" ? base : SVGText.escape(f.family) + ", " + base
        return "font-family=\"\(family)\" font-size=\"\(SVGNumber.format(f.size))\" font-weight=\"\(weight(f.weight))\""
            + (f.italic ? " font-style=\"italic\"" : "")
    }

    /// The group, drawn with its top-left corner at (x, y).
    public func svg(x: Double = 0, y: Double = 0) -> String {
        let n = SVGNumber.format
        let a = appearance
        var out = "<g class=\"control\" data-state=\"\(a.state.description)\" transform=\"translate(\(n(x)) \(n(y)))\""
        if a.alpha < 1 { out += " opacity=\"\(n(a.alpha))\"" }
        out += ">"
        let bw = a.borderWidth
        let inset = bw / 2
        let r = min(a.cornerRadius, min(width, height) / 2)
        out += "<rect x=\"\(n(inset))\" y=\"\(n(inset))\" width=\"\(n(max(0, width - bw)))\" height=\"\(n(max(0, height - bw)))\" rx=\"\(n(r))\" \(ControlPicture.paint("fill", a.backgroundColor))"
        if bw > 0 { out += " \(ControlPicture.paint("stroke", a.borderColor)) stroke-width=\"\(n(bw))\"" }
        out += "/>"
        if let bg = a.backgroundImage {
            out += "<rect class=\"background-image\" x=\"\(n(bw))\" y=\"\(n(bw))\" width=\"\(n(max(0, width - 2 * bw)))\" height=\"\(n(max(0, height - 2 * bw)))\" rx=\"\(n(max(0, r - bw)))\" fill=\"#90A4AE\" fill-opacity=\"0.25\" stroke=\"#90A4AE\" stroke-dasharray=\"3 2\"/>"
            out += "<text x=\"\(n(bw + 3))\" y=\"\(n(bw + 9))\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"8\" fill=\"#546E7A\">\(SVGText.escape("bg: " + bg))</text>"
        }
        // The content is clipped to the button, as UIKit clips a title
        // that does not fit (a nested viewport clips what it holds).
        out += "<svg class=\"content\" width=\"\(n(max(0, width)))\" height=\"\(n(max(0, height)))\" overflow=\"hidden\">"
        out += content()
        out += "</svg></g>"
        return out
    }

    /// An SF Symbol's placeholder: a rounded square in the tint (symbols
    /// are template images, drawn in the title colour) with the symbol's
    /// name under a small sparkle, so a reader sees which symbol it is.
    static func symbol(_ name: String, x: Double, y: Double, size: Double, color: String) -> String {
        let n = SVGNumber.format
        var out = "<g class=\"symbol\" data-symbol=\"\(SVGText.escape(name))\">"
        out += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(size))\" height=\"\(n(size))\" rx=\"\(n(size / 4))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\"/>"
        out += "<path d=\"M\(n(x + size / 2)) \(n(y + size * 0.18)) L\(n(x + size * 0.56)) \(n(y + size * 0.38)) L\(n(x + size * 0.76)) \(n(y + size * 0.44)) L\(n(x + size * 0.56)) \(n(y + size * 0.5)) L\(n(x + size / 2)) \(n(y + size * 0.7)) L\(n(x + size * 0.44)) \(n(y + size * 0.5)) L\(n(x + size * 0.24)) \(n(y + size * 0.44)) L\(n(x + size * 0.44)) \(n(y + size * 0.38))Z\" fill=\"\(color)\"/>"
        out += "<text x=\"\(n(x + size / 2))\" y=\"\(n(y + size * 0.92))\" text-anchor=\"middle\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"\(n(max(5, size * 0.22)))\" fill=\"\(color)\">\(SVGText.escape(String(name.prefix(14))))</text></g>"
        return out
    }

    /// The layout to draw: the one given, else one made here.
    var laidOut: TitleLayout { title ?? TitleLayout.lay(appearance, width: width, height: height) }

    /// Image and title, centred as one block.
    func content() -> String {
        if let layout = appearance.layout { return configurationContent(layout) }
        let n = SVGNumber.format
        let a = appearance
        let layout = laidOut
        let runs: [(text: String, color: Color, font: Font)]
        if layout.truncated, let shown = layout.displayedText {
            // What UIKit draws: the truncated line, in the title's colour and font.
            let first = a.attributedTitle?.first
            runs = shown.isEmpty ? [] : [(shown, first?.color ?? a.titleColor, first?.font ?? a.font)]
        } else if let attributed = a.attributedTitle {
            runs = attributed.map { ($0.text, $0.color ?? a.titleColor, $0.font ?? a.font) }
        } else if let t = a.title {
            runs = [(t, a.titleColor, a.font)]
        } else {
            runs = []
        }
        let metrics = TextMetrics.shared
        let textWidth = runs.reduce(0) { $0 + metrics.width($1.text, $1.font) }
        let lineSize = runs.map(\.font.size).max() ?? a.font.size
        let iconSize = min(height * 0.6, max(12, lineSize * 1.1))
        let gap = (a.image != nil && !runs.isEmpty) ? 6.0 : 0
        let imageWidth = a.image != nil ? iconSize : 0
        let total = imageWidth + gap + textWidth
        // The block placed by the content alignment (leading and trailing
        // mirror right to left), centred by default.
        let start = horizontalAlignment.origin(of: total, in: width, from: 0, direction: rightToLeft ? .rightToLeft : .leftToRight)
        let blockHeight = max(a.image != nil ? iconSize : 0, runs.isEmpty ? 0 : lineSize * 1.2)
        let dy = verticalAlignment.origin(of: blockHeight, in: height, from: 0) - (height - blockHeight) / 2
        var cursor = start
        var out = ""
        // Right to left, the image goes after the title (UIKit flips it).
        let textFirst = rightToLeft
        if textFirst { cursor += textWidth + gap }
        let textX = rightToLeft ? start : cursor + imageWidth + gap
        if let img = a.image {
            let iy = (height - iconSize) / 2 + dy
            let adj = a.imageAdjustment
            if symbols.contains(img) {
                out += ControlPicture.symbol(img, x: cursor, y: iy, size: iconSize, color: ImageTone.apply(String(a.titleColor.hex.prefix(7)), adj))
            } else if SortIcon.names.contains(img) {
                out += SortIcon.svg(img, x: cursor, y: iy, size: iconSize, adjustment: adj)
            } else {
                // An image by name: a placeholder, its colours adjusted as the
                // image's own would be.
                let mark = adj == .none ? "" : " data-adjustment=\"\(adj.rawValue)\""
                out += "<g class=\"image\" data-image=\"\(SVGText.escape(img))\"\(mark)><rect x=\"\(n(cursor))\" y=\"\(n(iy))\" width=\"\(n(iconSize))\" height=\"\(n(iconSize))\" rx=\"2\" fill=\"\(ImageTone.apply("#ECEFF1", adj))\" stroke=\"\(ImageTone.apply("#78909C", adj))\"/>"
                out += "<path d=\"M\(n(cursor)) \(n(iy + iconSize)) L\(n(cursor + iconSize)) \(n(iy))\" stroke=\"\(ImageTone.apply("#B0BEC5", adj))\"/>"
                out += "<text x=\"\(n(cursor + iconSize / 2))\" y=\"\(n(iy + iconSize / 2 + 3))\" text-anchor=\"middle\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"\(n(max(6, iconSize * 0.3)))\" fill=\"\(ImageTone.apply("#37474F", adj))\">\(SVGText.escape(String(img.prefix(6))))</text></g>"
            }
        }
        if !runs.isEmpty {
            let baseline = height / 2 + lineSize * 0.35 + dy
            // The block is mirrored (image after the title); the text keeps
            // the order its own script gives it.
            out += "<text class=\"title\" x=\"\(n(textX))\" y=\"\(n(baseline))\" \(ControlPicture.fontAttributes(a.font)) \(ControlPicture.paint("fill", a.titleColor)) xml:space=\"preserve\">"
            for run in runs {
                out += "<tspan \(ControlPicture.paint("fill", run.color))"
                if run.font != a.font { out += " " + ControlPicture.fontAttributes(run.font) }
                out += ">\(SVGText.escape(run.text))</tspan>"
            }
            out += "</text>"
        }
        return out
    }

    /// A configured button's content: title over subtitle, the image (or
    /// an activity indicator in its place) before, after, above or below
    /// them with the configuration's padding, the whole block centred.
    func configurationContent(_ l: ConfigurationLayout) -> String {
        let n = SVGNumber.format
        let a = appearance
        let metrics = TextMetrics.shared
        let layout = laidOut
        let lines = layout.lines
        let subtitle = l.subtitle ?? ""
        let titleWidth = lines.map { metrics.width($0, a.font) }.max() ?? 0
        let subWidth = metrics.width(subtitle, l.subtitleFont)
        let lineHeight = metrics.lineHeight(a.font)
        let titleHeight = lineHeight * Double(lines.count)
        let subHeight = subtitle.isEmpty ? 0 : metrics.lineHeight(l.subtitleFont)
        let textWidth = max(titleWidth, subWidth)
        let textHeight = titleHeight + subHeight + (titleHeight > 0 && subHeight > 0 ? l.titlePadding : 0)
        let hasImage = a.image != nil || l.showsActivityIndicator
        let icon = hasImage ? min(height * 0.5, max(12, a.font.size * 1.1)) : 0
        let hasText = textWidth > 0
        let gap = hasImage && hasText ? l.imagePadding : 0
        let horizontal = l.imagePlacement == .leading || l.imagePlacement == .trailing
        let blockWidth = horizontal ? icon + gap + textWidth : max(icon, textWidth)
        let blockHeight = horizontal ? max(icon, textHeight) : icon + gap + textHeight
        let x0 = (width - blockWidth) / 2, y0 = (height - blockHeight) / 2
        var imageX = x0, imageY = y0, textX = x0, textY = y0
        // Leading and trailing follow the layout direction.
        var placement = l.imagePlacement
        if rightToLeft { placement = placement == .leading ? .trailing : placement == .trailing ? .leading : placement }
        switch placement {
        case .leading: imageY = y0 + (blockHeight - icon) / 2; textX = x0 + icon + gap; textY = y0 + (blockHeight - textHeight) / 2
        case .trailing: textY = y0 + (blockHeight - textHeight) / 2; imageX = x0 + textWidth + gap; imageY = y0 + (blockHeight - icon) / 2
        case .top: imageX = x0 + (blockWidth - icon) / 2; textY = y0 + icon + gap
        case .bottom: imageX = x0 + (blockWidth - icon) / 2; imageY = y0 + textHeight + gap
        }
        var out = ""
        if l.showsActivityIndicator {
            out += ControlPicture.spinner(x: imageX, y: imageY, size: icon, color: a.titleColor)
        } else if let img = a.image, symbols.contains(img) {
            out += ControlPicture.symbol(img, x: imageX, y: imageY, size: icon, color: String(a.titleColor.hex.prefix(7)))
        } else if let img = a.image {
            out += "<g class=\"image\" data-image=\"\(SVGText.escape(img))\"><rect x=\"\(n(imageX))\" y=\"\(n(imageY))\" width=\"\(n(icon))\" height=\"\(n(icon))\" rx=\"3\" fill=\"none\" \(ControlPicture.paint("stroke", a.titleColor))/>"
            out += "<text x=\"\(n(imageX + icon / 2))\" y=\"\(n(imageY + icon / 2 + 3))\" text-anchor=\"middle\" font-family=\"\(ControlPicture.fontFamily)\" font-size=\"\(n(max(6, icon * 0.3)))\" \(ControlPicture.paint("fill", a.titleColor))>\(SVGText.escape(String(img.prefix(6))))</text></g>"
        }
        // Lines are centred on the text block's axis.
        let axis = textX + textWidth / 2
        for (i, line) in lines.enumerated() {
            let y = textY + lineHeight * Double(i) + a.font.size
            out += "<text class=\"title\" x=\"\(n(axis))\" y=\"\(n(y))\" text-anchor=\"middle\" \(ControlPicture.fontAttributes(a.font)) \(ControlPicture.paint("fill", a.titleColor)) xml:space=\"preserve\">\(SVGText.escape(line))</text>"
        }
        if !subtitle.isEmpty {
            let y = textY + titleHeight + (titleHeight > 0 ? l.titlePadding : 0) + l.subtitleFont.size
            out += "<text class=\"subtitle\" x=\"\(n(axis))\" y=\"\(n(y))\" text-anchor=\"middle\" \(ControlPicture.fontAttributes(l.subtitleFont)) \(ControlPicture.paint("fill", a.titleColor)) xml:space=\"preserve\">\(SVGText.escape(subtitle))</text>"
        }
        return out
    }

    /// UIActivityIndicatorView's eight spokes, fading around the circle.
    static func spinner(x: Double, y: Double, size: Double, color: Color) -> String {
        let n = SVGNumber.format
        let cx = x + size / 2, cy = y + size / 2, r1 = size * 0.22, r2 = size * 0.45
        // cos and sin of k·45°, exact enough for drawing.
        let dirs: [(Double, Double)] = [(0, -1), (0.7071, -0.7071), (1, 0), (0.7071, 0.7071), (0, 1), (-0.7071, 0.7071), (-1, 0), (-0.7071, -0.7071)]
        var out = "<g class=\"activity-indicator\" stroke-linecap=\"round\" stroke-width=\"\(n(max(1.5, size * 0.09)))\">"
        for (k, d) in dirs.enumerated() {
            let c = color.multiplyingAlpha(1 - Double(k) * 0.11)
            out += "<line x1=\"\(n(cx + d.0 * r1))\" y1=\"\(n(cy + d.1 * r1))\" x2=\"\(n(cx + d.0 * r2))\" y2=\"\(n(cy + d.1 * r2))\" \(paint("stroke", c))/>"
        }
        return out + "</g>"
    }
}

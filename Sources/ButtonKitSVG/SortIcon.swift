/// The built-in sort icons as real vector arrows: `up_down` (grey, both
/// ways), `red_arrow_up`, `red_arrow_down`.
enum SortIcon {
    static let names: Set<String> = ["up_down", "red_arrow_up", "red_arrow_down"]

    /// An icon of `size` points with its top-left corner at (x, y).
    static func svg(_ name: String, x: Double, y: Double, size s: Double) -> String {
        let n = SVGNumber.format
        let cx = x + s / 2
        func up(_ top: Double, _ bottom: Double, _ color: String) -> String {
            "<path d=\"M\(n(cx)) \(n(top)) L\(n(cx + s * 0.32)) \(n(bottom)) L\(n(cx - s * 0.32)) \(n(bottom)) Z\" fill=\"\(color)\"/>"
        }
        func down(_ top: Double, _ bottom: Double, _ color: String) -> String {
            "<path d=\"M\(n(cx - s * 0.32)) \(n(top)) L\(n(cx + s * 0.32)) \(n(top)) L\(n(cx)) \(n(bottom)) Z\" fill=\"\(color)\"/>"
        }
        switch name {
        case "red_arrow_up":
            return "<g class=\"icon\" data-icon=\"red_arrow_up\">" + up(y + s * 0.1, y + s * 0.55, "#E53935")
                + "<rect x=\"\(n(cx - s * 0.08))\" y=\"\(n(y + s * 0.5))\" width=\"\(n(s * 0.16))\" height=\"\(n(s * 0.4))\" fill=\"#E53935\"/></g>"
        case "red_arrow_down":
            return "<g class=\"icon\" data-icon=\"red_arrow_down\"><rect x=\"\(n(cx - s * 0.08))\" y=\"\(n(y + s * 0.1))\" width=\"\(n(s * 0.16))\" height=\"\(n(s * 0.4))\" fill=\"#E53935\"/>"
                + down(y + s * 0.45, y + s * 0.9, "#E53935") + "</g>"
        default:
            return "<g class=\"icon\" data-icon=\"up_down\">" + up(y + s * 0.05, y + s * 0.42, "#9E9E9E")
                + down(y + s * 0.58, y + s * 0.95, "#9E9E9E") + "</g>"
        }
    }
}

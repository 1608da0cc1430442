import ButtonKit

/// The built-in sort icons as real vector arrows: `up_down` (grey, both
/// ways), `red_arrow_up`, `red_arrow_down`.
enum SortIcon {
    static let names: Set<String> = ["up_down", "red_arrow_up", "red_arrow_down"]

    /// An icon of `size` points with its top-left corner at (x, y), its
    /// colours adjusted as UIKit adjusts an image borrowed from the normal
    /// state (darker when highlighted, faded when disabled).
    static func svg(_ name: String, x: Double, y: Double, size s: Double, adjustment: ImageAdjustment = .none) -> String {
        let n = SVGNumber.format
        let red = ImageTone.apply("#E53935", adjustment), grey = ImageTone.apply("#9E9E9E", adjustment)
        let mark = adjustment == .none ? "" : " data-adjustment=\"\(adjustment.rawValue)\""
        let cx = x + s / 2
        func up(_ top: Double, _ bottom: Double, _ color: String) -> String {
            "<path d=\"M\(n(cx)) \(n(top)) L\(n(cx + s * 0.32)) \(n(bottom)) L\(n(cx - s * 0.32)) \(n(bottom)) Z\" fill=\"\(color)\"/>"
        }
        func down(_ top: Double, _ bottom: Double, _ color: String) -> String {
            "<path d=\"M\(n(cx - s * 0.32)) \(n(top)) L\(n(cx + s * 0.32)) \(n(top)) L\(n(cx)) \(n(bottom)) Z\" fill=\"\(color)\"/>"
        }
        switch name {
        case "red_arrow_up":
            return "<g class=\"icon\" data-icon=\"red_arrow_up\"\(mark)>" + up(y + s * 0.1, y + s * 0.55, red)
                + "<rect x=\"\(n(cx - s * 0.08))\" y=\"\(n(y + s * 0.5))\" width=\"\(n(s * 0.16))\" height=\"\(n(s * 0.4))\" fill=\"\(red)\"/></g>"
        case "red_arrow_down":
            return "<g class=\"icon\" data-icon=\"red_arrow_down\"\(mark)><rect x=\"\(n(cx - s * 0.08))\" y=\"\(n(y + s * 0.1))\" width=\"\(n(s * 0.16))\" height=\"\(n(s * 0.4))\" fill=\"\(red)\"/>"
                + down(y + s * 0.45, y + s * 0.9, red) + "</g>"
        default:
            return "<g class=\"icon\" data-icon=\"up_down\"\(mark)>" + up(y + s * 0.05, y + s * 0.42, grey)
                + down(y + s * 0.58, y + s * 0.95, grey) + "</g>"
        }
    }
}

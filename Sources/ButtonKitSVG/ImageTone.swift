import ButtonKit

/// How UIKit adjusts an image a button borrows from its normal state: the
/// image itself is drawn darker while highlighted and faded while disabled
/// (`adjustsImageWhenHighlighted`, `adjustsImageWhenDisabled`). Pictures
/// change the image's own colours the same way, rather than laying a grey
/// box over it.
enum ImageTone {
    /// `#RRGGBB` adjusted: highlighted keeps 60% of each component (UIKit
    /// draws the image with a dark tint), disabled blends 55% towards white.
    static func apply(_ hex: String, _ adjustment: ImageAdjustment) -> String {
        guard adjustment != .none, hex.count == 7, let v = Int(hex.dropFirst(), radix: 16) else { return hex }
        let parts = [(v >> 16) & 255, (v >> 8) & 255, v & 255].map(Double.init)
        let adjusted = parts.map { c -> Int in
            let x = adjustment == .highlighted ? c * 0.6 : c + (255 - c) * 0.55
            return Int(x.rounded())
        }
        let digits = adjusted.map { c -> String in
            let h = String(c, radix: 16, uppercase: true)
            return h.count == 1 ? "0" + h : h
        }
        return "#" + digits.joined()
    }
}

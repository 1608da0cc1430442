/// Measures text the way a font engine would: what title layout, the
/// audit's clipped-text check, `ui.measure` and the pictures' centring ask.
///
/// The model needs only two numbers, so the engine stays outside the core:
/// the command line installs HarfBuzz and FreeType over real fonts
/// (`ButtonKitText`), the core's own tests a fixed-width stand-in, and a
/// machine without the fonts gets `EstimatedMeasurer` with a note. Install
/// one with `TextMetrics.install`.
public protocol TextMeasurer: Sendable {
    /// The advance width of `text` on one line, in points (kerning and
    /// shaping included; no wrapping).
    func width(of text: String, font: Font) -> Double
    /// The distance between two baselines (ascender + descender + line
    /// gap), in points: the height one line of `font` takes.
    func lineHeight(of font: Font) -> Double
    /// What measures, for `--version` and notes: the fonts and the engine.
    var name: String { get }
    /// Whether real font metrics are in use (false: an estimate).
    var isReal: Bool { get }
    /// How wide the device's font draws `text` against this measurer's
    /// width (1: the same). Inter is wider than San Francisco for Latin
    /// text, so a title Interface Builder sized to fit SF measures a little
    /// too wide here; the clipped-text check allows for that difference.
    func deviceWidthRatio(of text: String) -> Double
}

extension TextMeasurer {
    /// The same widths as a device, unless a measurer knows better.
    public func deviceWidthRatio(of text: String) -> Double { 1 }
}

/// A stand-in for tests: every scalar is half an em wide (full-width CJK
/// a whole em, as `EstimatedMeasurer.isWide` says), a line 1.2 em high.
/// Widths are then easy to reason about: "Buy" at 10 pt is 15 pt.
public struct FixedWidthMeasurer: TextMeasurer {
    /// The stand-in.
    public init() {}
    public func width(of text: String, font: Font) -> Double {
        text.unicodeScalars.reduce(0) { $0 + (EstimatedMeasurer.isWide($1) ? 1 : 0.5) } * font.size
    }
    public func lineHeight(of font: Font) -> Double { font.size * 1.2 }
    public var name: String { "fixed-width stand-in (half an em a character)" }
    public var isReal: Bool { false }
}

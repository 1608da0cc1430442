/// The seed's fluent chain: `button.setUpStyle(.selected) { $0.title("x").titleColor(.red) }`.
///
/// Each method records one property and returns the builder. A bad value
/// (negative width, alpha out of range) is remembered and thrown by
/// `setUpStyle` after the closure returns, so the chain itself stays fluent.
public final class StyleBuilder {
    public private(set) var style: Style
    private(set) var firstError: ButtonKitError?

    /// Starts from an existing style (a bridge builds one per chain).
    public init(_ style: Style = Style()) { self.style = style }

    /// Records one property; an invalid value is remembered and thrown by `setUpStyle`.
    @discardableResult
    public func set(_ property: StyleProperty, _ value: StyleValue) -> StyleBuilder {
        do { try style.set(property, value) } catch { if firstError == nil { firstError = error } }
        return self
    }

    @discardableResult public func title(_ t: String) -> StyleBuilder { set(.title, .text(t)) }
    @discardableResult public func attributedTitle(_ r: [AttributedRun]) -> StyleBuilder { set(.attributedTitle, .runs(r)) }
    @discardableResult public func titleColor(_ c: Color) -> StyleBuilder { set(.titleColor, .color(c)) }
    @discardableResult public func backgroundColor(_ c: Color) -> StyleBuilder { set(.backgroundColor, .color(c)) }
    @discardableResult public func borderColor(_ c: Color) -> StyleBuilder { set(.borderColor, .color(c)) }
    @discardableResult public func borderWidth(_ w: Double) -> StyleBuilder { set(.borderWidth, .number(w)) }
    @discardableResult public func cornerRadius(_ r: Double) -> StyleBuilder { set(.cornerRadius, .number(r)) }
    @discardableResult public func font(_ f: Font) -> StyleBuilder { set(.font, .font(f)) }
    @discardableResult public func image(_ name: String) -> StyleBuilder { set(.image, .text(name)) }
    @discardableResult public func backgroundImage(_ name: String) -> StyleBuilder { set(.backgroundImage, .text(name)) }
    @discardableResult public func alpha(_ a: Double) -> StyleBuilder { set(.alpha, .number(a)) }
}

/// A typed value for one style property, as a bridge or builder hands it in.
/// `Style.set` checks that the value suits the property and is in range.
public enum StyleValue: Hashable, Sendable {
    case text(String)
    case runs([AttributedRun])
    case color(Color)
    /// A system colour or `tintColor`, resolved against the control's traits
    /// when appearance is read.
    case dynamicColor(DynamicColor)
    case number(Double)
    /// Boxed: a font (family name, size, weight) is the largest payload, and
    /// keeping it out of line halves every value (16 bytes, not 32), which is
    /// most of what 100,000 styled buttons weigh.
    indirect case font(Font)
}

/// A typed value for one style property, as a bridge or builder hands it in.
/// `Style.set` checks that the value suits the property and is in range.
public enum StyleValue: Hashable, Sendable {
    case text(String)
    case runs([AttributedRun])
    case color(Color)
    case number(Double)
    case font(Font)
}

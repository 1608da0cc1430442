/// `NSDirectionalEdgeInsets`: a configuration's content insets, in points.
public struct EdgeInsets: Hashable, Sendable, Codable {
    public var top: Double, leading: Double, bottom: Double, trailing: Double

    /// Unchecked insets; use `make` for values from outside.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }

    /// Checked insets: each finite, not negative, at most `Style.maxLength`.
    public static func make(top: Double, leading: Double, bottom: Double, trailing: Double) throws(ButtonKitError) -> EdgeInsets {
        for (n, v) in [("top", top), ("leading", leading), ("bottom", bottom), ("trailing", trailing)]
        where !(v.isFinite && v >= 0 && v <= Style.maxLength) {
            throw .invalidValue(what: "content inset \(n)", value: Format.number(v), expected: "a number from 0 to 10000")
        }
        return EdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing)
    }
}

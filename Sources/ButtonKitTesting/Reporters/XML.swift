import ButtonKitSVG

/// XML escaping for the reports: the same rules as the pictures use.
enum XML {
    static func escape(_ s: String) -> String { SVGText.escape(s) }
    /// Whether XML 1.0 allows the character at all.
    static func isAllowed(_ u: Unicode.Scalar) -> Bool { SVGText.isAllowedInXML(u) }
}

import ButtonKitSVG

/// XML escaping for the reports: the same rules as the pictures use.
enum XML {
    static func escape(_ s: String) -> String { SVGText.escape(s) }
}

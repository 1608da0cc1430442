/// Numbers as SVG wants them: at most two decimals, no exponent, no
/// trailing zeros, so the same input always gives the same bytes.
enum SVGNumber {
    /// Pictures clamp to this magnitude: the model keeps real sizes far
    /// below it, and the integer conversions below cannot trap.
    static let limit = 1e12

    static func format(_ v: Double) -> String {
        guard v.isFinite else { return "0" }
        let v = min(max(v, -limit), limit)
        let r = (v * 100).rounded() / 100
        if r == r.rounded() { return String(Int64(r)) }
        var s = String(Int64((abs(r) * 100).rounded()))
        while s.count < 3 { s = "0" + s }
        let whole = s.dropLast(2), frac = s.suffix(2)
        var out = (r < 0 ? "-" : "") + whole + "." + frac
        while out.hasSuffix("0") { out.removeLast() }
        return out
    }
}

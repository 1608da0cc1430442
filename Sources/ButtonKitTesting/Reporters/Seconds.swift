/// Durations printed with a fixed number of decimals, without Foundation.
enum Seconds {
    static func format(_ s: Double, decimals: Int = 3) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let v = (max(0, s) * scale).rounded()
        let whole = Int(v / scale)
        var frac = String(Int(v) - whole * Int(scale))
        while frac.count < decimals { frac = "0" + frac }
        return decimals == 0 ? String(whole) : "\(whole).\(frac)"
    }

    /// Human form: `0.8 ms`, `12 ms`, `1.24 s`.
    static func human(_ s: Double) -> String {
        if s < 0.01 { return format(s * 1000, decimals: 1) + " ms" }
        if s < 1 { return format(s * 1000, decimals: 0) + " ms" }
        return format(s, decimals: 2) + " s"
    }
}

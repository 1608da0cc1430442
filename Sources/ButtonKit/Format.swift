/// Number formatting shared by error messages and traces, without Foundation:
/// integral values print without a fraction (`11`, not `11.0`).
public enum Format {
    /// `11`, `1.5`, `nan`, `inf`.
    public static func number(_ v: Double) -> String {
        if v.isNaN { return "nan" }
        if v.isInfinite { return v < 0 ? "-inf" : "inf" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }
}

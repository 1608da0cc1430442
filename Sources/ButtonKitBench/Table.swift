/// The one table layout every benchmark prints: what was measured, the
/// figure, its baseline measured in the same run, the ratio where there is
/// one, the target, the figure before the work ("was"), and whether
/// the target is met. Benchmarks print; nothing here fails a build.
enum Table {
    static let widths = [40, 12, 18, 9, 10, 12]

    static func section(_ title: String) {
        print("\n== \(title)")
        line(["measure", "buttonkit", "baseline", "ratio", "target", "was"], verdict: "")
    }

    static func line(_ cells: [String], verdict: String) {
        var s = ""
        for (cell, w) in zip(cells, widths) { s += cell.count >= w ? cell + " " : cell + String(repeating: " ", count: w - cell.count) }
        print(s + verdict)
    }

    /// A row; `ok` nil means "no target" (printed for information).
    static func row(_ measure: String, _ value: String, baseline: String = "", ratio: String = "",
                    target: String = "", was: String = "", ok: Bool? = nil) {
        line([measure, value, baseline, ratio, target, was], verdict: ok.map { $0 ? "ok" : "MISSED" } ?? "")
    }

    static func fmt(_ v: Double, _ digits: Int = 1) -> String {
        guard v.isFinite else { return "n/a" }
        var p = 1.0
        for _ in 0..<digits { p *= 10 }
        let r = (v * p).rounded() / p
        if digits == 0 { return String(Int(r)) }
        var s = String(r)
        let decimals = s.split(separator: ".").last.map(\.count) ?? 0
        if decimals < digits { s += String(repeating: "0", count: digits - decimals) }
        return s
    }

    static func ms(_ seconds: Double) -> String { fmt(seconds * 1000, seconds < 0.01 ? 2 : 1) + " ms" }
    static func x(_ ratio: Double) -> String { fmt(ratio, 2) + "x" }
}

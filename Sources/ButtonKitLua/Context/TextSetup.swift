import ButtonKit
import ButtonKitText

/// Real text metrics for everything this process measures, installed once,
/// when the first Lua state is made: `FontFiles.load()` opens and maps the
/// font files right then, before the sandbox (and any confinement the
/// kernel applies) starts, so scripts never need, or get, access to them.
/// HarfBuzz and FreeType themselves load later, on the first measurement
/// (`CText`), from the shared-library folders Landlock leaves readable.
/// Without the fonts the estimate is installed and `note` says so.
package enum TextSetup {
    /// The measurer in use, installed on first read.
    package static let measurer: any TextMeasurer = {
        let m: any TextMeasurer = HarfBuzzMeasurer() ?? EstimatedMeasurer()
        TextMetrics.install(m)
        return m
    }()

    /// Installs the measurer (idempotent).
    package static func install() { _ = measurer }

    /// A line for `--version` and the audit: which metrics are in force
    /// (HarfBuzz and FreeType are loaded to say so; where they are missing
    /// the measurer's name says why).
    package static var note: String {
        measurer.isReal || measurer is HarfBuzzMeasurer ? "text metrics: " + measurer.name
            : "text metrics: estimated widths (Inter, WenQuanYi Zen Hei and DejaVu Sans not found; scripts/bootstrap installs them)"
    }
}

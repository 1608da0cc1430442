import ButtonKit
import ButtonKitText

/// Real text metrics for everything this process measures, installed when
/// the first Lua state is made. Installing opens nothing: the measurer maps
/// the font files and loads HarfBuzz and FreeType on its first measurement
/// (`HarfBuzzMeasurer`), so a script that measures no text never pays for
/// them. That first measurement may come after confinement has started:
/// Landlock grants reading the font folders (`Confinement.systemReads`), the
/// sandbox's file functions still open nothing outside the tree, and no
/// script-visible function names a font file. Without the fonts or the
/// libraries the estimate measures, and `note` says so.
package enum TextSetup {
    /// The measurer in use, installed on first read.
    package static let measurer: any TextMeasurer = {
        let m = HarfBuzzMeasurer()
        TextMetrics.install(m)
        return m
    }()

    /// Installs the measurer (idempotent; maps nothing).
    package static func install() { _ = measurer }

    /// A line for `--version` and the audit: which metrics are in force
    /// (the fonts and the libraries are loaded to say so; where either is
    /// missing the measurer's name says which and what installs it).
    package static var note: String { "text metrics: " + measurer.name }
}

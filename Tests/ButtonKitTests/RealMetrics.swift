import ButtonKit
import ButtonKitText

/// The metrics the command line installs (HarfBuzz over the fonts
/// scripts/bootstrap installs), for tests whose pictures or layouts are
/// pinned: one test binary holds every suite, and the Lua suites install
/// the same measurer when they make their first state, so the pinned
/// numbers are the same whichever suite runs first.
enum RealMetrics {
    static let installed: Bool = {
        if !TextMetrics.shared.measurer.isReal { TextMetrics.install(HarfBuzzMeasurer()) }
        return true
    }()

    /// Installs them once.
    static func ensure() { _ = installed }
}

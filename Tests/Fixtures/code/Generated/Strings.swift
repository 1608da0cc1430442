// Generated the way SwiftGen generates it.
import Foundation

internal enum L10n {
  internal enum Feed {
    internal enum Actions {
      /// Reply
      internal static let reply = L10n.tr("Localizable", "Feed.Actions.Reply", fallback: "Reply")
      /// Boost
      internal static let boost = L10n.tr("Localizable", "Feed.Actions.Boost", fallback: "Boost")
    }
  }
}

extension L10n {
  private static func tr(_ table: String, _ key: String, _ args: CVarArg..., fallback value: String) -> String {
    let format = BundleToken.bundle.localizedString(forKey: key, value: value, table: table)
    return String(format: format, locale: Locale.current, arguments: args)
  }
}

import UIKit

// SwiftGen's strings template as pocket-casts-ios customises it: `tr`
// formats what the app's own `localizedFormat(key, table)` looks up.
internal enum Texts {
  internal static var tryAgain: String { return Texts.tr("Localizable", "try_again") }
}

extension Texts {
  private static func tr(_ table: String, _ key: String, _ args: CVarArg...) -> String {
    let format = localizedFormat(key, table)
    return String(format: format, locale: Locale.current, arguments: args)
  }

  static func localizedFormat(_ key: String, _ table: String?) -> String {
    let format = Bundle.main.localizedString(forKey: key, value: nil, table: table)
    if format.isEmpty || format == key {
      return Bundle.main.localizedString(forKey: key, value: nil, table: "Base")
    }
    return format
  }
}

final class RetryViewController: UIViewController {
  private let retryButton = UIButton(type: .system)

  override func viewDidLoad() {
    super.viewDidLoad()
    retryButton.setTitle(Texts.tryAgain, for: .normal)
    view.addSubview(retryButton)
  }
}

import UIKit

/// A subclass whose look per state is its updateConfiguration() override.
final class ToggleButton: UIButton {
    override init(frame: CGRect) {
        super.init(frame: frame)
        configuration = .bordered()
        accessibilityIdentifier = "toggle"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func updateConfiguration() {
        super.updateConfiguration()
        guard var config = configuration else { return }
        config.title = isSelected ? "On" : "Off"
        config.baseForegroundColor = isSelected ? UIColor.systemOrange : UIColor.label
        if state == [.selected, .highlighted] {
            config.baseBackgroundColor = .systemYellow
        }
        configuration = config
        alpha = isHighlighted ? 0.6 : 1
    }
}

final class SettingsViewController: UIViewController {
    private let toggle = ToggleButton(type: .system)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(toggle)
    }
}

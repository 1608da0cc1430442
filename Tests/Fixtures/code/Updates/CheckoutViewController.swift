import UIKit

/// Per-state looks written in a configurationUpdateHandler, in the forms
/// apps use: a switch on the state, an if on a flag, a conditional.
final class CheckoutViewController: UIViewController {
    private lazy var payButton: UIButton = {
        var config = UIButton.Configuration.filled()
        config.title = "Pay"
        config.baseBackgroundColor = .systemBlue
        let b = UIButton(configuration: config)
        b.accessibilityIdentifier = "pay"
        b.configurationUpdateHandler = { button in
            var updated = button.configuration
            switch button.state {
            case .highlighted:
                updated?.baseBackgroundColor = .systemIndigo
            case .disabled:
                updated?.baseBackgroundColor = .systemGray
                updated?.title = "Unavailable"
            default:
                updated?.baseBackgroundColor = .systemBlue
                updated?.title = "Pay"
            }
            button.configuration = updated
        }
        return b
    }()

    private let followButton = UIButton(configuration: .tinted())

    private let likeButton = UIButton(configuration: .plain())

    private let plainButton = UIButton(type: .custom)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(payButton)
        followButton.accessibilityIdentifier = "follow"
        followButton.changesSelectionAsPrimaryAction = true
        followButton.configurationUpdateHandler = { [weak self] button in
            guard var config = button.configuration else { return }
            if button.isSelected {
                config.title = "Following"
                config.baseForegroundColor = .white
            } else {
                config.title = "Follow"
                config.baseForegroundColor = .systemGreen
            }
            config.baseBackgroundColor = button.isHighlighted ? .systemGreen.withAlphaComponent(0.5) : .systemGreen
            button.alpha = button.isEnabled ? 1 : 0.4
            button.configuration = config
            self?.view.setNeedsLayout()
        }
        likeButton.accessibilityIdentifier = "like"
        likeButton.configurationUpdateHandler = { button in
            button.configuration?.image = UIImage(systemName: button.isSelected ? "heart.fill" : "heart")
            if UserDefaults.standard.bool(forKey: "compact") {
                button.configuration?.title = nil
            }
            button.configuration?.title = button.state == .selected ? "Liked" : "Like"
        }
        view.addSubview(followButton)
        view.addSubview(likeButton)
        plainButton.accessibilityIdentifier = "plain"
        plainButton.setTitle("Skip", for: .normal)
        plainButton.configurationUpdateHandler = { button in
            button.backgroundColor = button.isHighlighted ? .darkGray : .black
            button.alpha = button.isEnabled ? 1 : 0.5
        }
        view.addSubview(plainButton)
    }
}

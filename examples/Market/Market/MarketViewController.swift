import UIKit

final class MarketViewController: UIViewController {
    @IBOutlet private weak var buyButton: UIButton!

    private lazy var favouriteButton: PillButton = {
        let b = PillButton(type: .custom)
        b.setTitle(NSLocalizedString("market.favourite", comment: ""), for: .normal)
        b.setTitle(NSLocalizedString("market.favourited", comment: ""), for: .selected)
        b.accessibilityIdentifier = "favourite"
        return b
    }()

    private let shareButton = UIButton.systemButton(with: UIImage(systemName: "square.and.arrow.up")!, target: nil,
                                                    action: #selector(share(_:)))

    override func viewDidLoad() {
        super.viewDidLoad()
        styleBuyButton()
        view.addSubview(favouriteButton)
        view.addSubview(shareButton)
        shareButton.accessibilityLabel = NSLocalizedString("market.share", comment: "")
    }

    private func styleBuyButton() {
        buyButton.setTitle(NSLocalizedString("market.buy", comment: ""), for: .normal)
        buyButton.setTitleColor(.white, for: .normal)
        buyButton.setBackgroundColor(Theme.brand, for: .normal)
        buyButton.setBackgroundColor(Theme.brandPressed, for: .highlighted)
        buyButton.layer.cornerRadius = Theme.cornerRadius
        buyButton.titleLabel?.font = .preferredFont(forTextStyle: .headline)
        buyButton.titleLabel?.adjustsFontForContentSizeCategory = true
        buyButton.addTarget(self, action: #selector(buy), for: .touchUpInside)
        if UserDefaults.standard.bool(forKey: "soldOut") {
            buyButton.isEnabled = false
        }
    }

    @objc private func buy() {}
    @objc private func share(_ sender: UIButton) {}
}

import UIKit

final class CheckoutViewController: UIViewController {
    // A lazy var made in a closure.
    private lazy var payButton: UIButton = {
        let b = UIButton(type: .system)
        b.setTitle(NSLocalizedString("checkout.pay", comment: "Pay button"), for: .normal)
        b.setTitleColor(.white, for: .normal)
        b.setTitleColor(UIColor(white: 1, alpha: 0.5), for: .highlighted)
        b.backgroundColor = Theme.primary
        b.layer.cornerRadius = Theme.radius * 2
        b.titleLabel?.font = .boldSystemFont(ofSize: 17)
        b.accessibilityIdentifier = "pay"
        return b
    }()

    // A stored property with a .then { } closure.
    let cancelButton = UIButton(type: .custom).then {
        $0.setTitle(kCancelTitle, for: .normal)
        $0.setTitleColor(.systemRed, for: .normal)
    }

    // An app subclass, styled by its own init and per-state override.
    let promoButton = PillButton(frame: .zero)

    // Made by a factory method.
    lazy var helpButton = makeLinkButton(title: "Help")

    // Made in viewDidLoad by assignment.
    var couponButton: UIButton!

    override func viewDidLoad() {
        super.viewDidLoad()
        setUpButtons()
        let info = UIButton(type: .infoLight)
        info.tintColor = UIColor(named: "Brand")
        view.addSubview(info)
        couponButton = UIButton(configuration: .filled(), primaryAction: nil)
        couponButton.configuration?.title = "Apply coupon"
        couponButton.configuration?.baseBackgroundColor = .brandGreen
    }

    private func setUpButtons() {
        payButton.addTarget(self, action: #selector(pay(_:)), for: .touchUpInside)
        cancelButton.setBackgroundColor(.black, for: .highlighted)
        promoButton.setTitle("20% off", for: .normal)
        styleDanger(cancelButton)
        payButton.setTitleColor(ThemeManager.shared.accent, for: .disabled)
        if isPremium {
            payButton.isHidden = true
        }
    }

    private func styleDanger(_ button: UIButton) {
        button.layer.borderWidth = 1
        button.layer.borderColor = UIColor.systemRed.cgColor
    }

    private func makeLinkButton(title: String) -> UIButton {
        let b = UIButton(type: .system)
        b.setTitle(title, for: .normal)
        return b
    }

    @objc private func pay(_ sender: UIButton) {}
    private var isPremium = false
}

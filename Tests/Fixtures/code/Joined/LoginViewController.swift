import UIKit

final class LoginViewController: UIViewController {
    @IBOutlet private weak var loginButton: UIButton!

    private let forgotButton: UIButton = {
        let b = UIButton(type: .system)
        b.setTitle("Forgot password?", for: .normal)
        return b
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        loginButton.setTitleColor(.white, for: .normal)
        loginButton.backgroundColor = .systemIndigo
        loginButton.layer.cornerRadius = 8
        loginButton.addTarget(self, action: #selector(logIn), for: .touchUpInside)
        view.addSubview(forgotButton)
    }

    @objc private func logIn() {}
}

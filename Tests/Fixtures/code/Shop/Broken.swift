import UIKit

final class BrokenView: UIView {
    let retry = UIButton(type: .system)
    func oops( {
    override func awakeFromNib() {
        retry.setTitle("Retry", for: .normal)
    }
}

import UIKit

/// A rounded, tinted toggle: light grey, dimmed while pressed.
final class PillButton: UIButton {
    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray5
        setTitleColor(.label, for: .normal)
        setTitleColor(.systemPink, for: .selected)
        layer.cornerRadius = 18
        contentEdgeInsets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override var isHighlighted: Bool {
        didSet { alpha = isHighlighted ? 0.6 : 1 }
    }
}

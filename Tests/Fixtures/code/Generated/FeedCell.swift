import UIKit

final class IconButton: UIButton {
    init(icon: String, tint: UIColor) {
        super.init(frame: .zero)
        setImage(UIImage(systemName: icon), for: .normal)
        tintColor = tint
    }
    required init?(coder: NSCoder) { fatalError() }
}

final class FeedCell: UITableViewCell {
    let replyButton = UIButton(type: .system)
    let boostButton = IconButton(icon: "arrow.2.squarepath", tint: .systemGreen)

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        replyButton.setTitle(L10n.Feed.Actions.reply, for: .normal)
        replyButton.setTitleColor(Asset.Colors.accent.color, for: .normal)
        boostButton.setTitle(L10n.Feed.Actions.boost, for: .normal)
        #if os(macOS)
        replyButton.isHidden = true
        #else
        replyButton.layer.cornerRadius = 4
        #endif
    }
    required init?(coder: NSCoder) { fatalError() }
}

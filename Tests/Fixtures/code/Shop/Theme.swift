import UIKit

enum Theme {
    static let primary = UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
    static let radius: CGFloat = 6
}

extension UIColor {
    static let brandGreen = #colorLiteral(red: 0.2, green: 0.6, blue: 0.2, alpha: 1)
}

let kCancelTitle = "Cancel"

import UIKit

enum Theme {
    static let brand = UIColor(named: "BrandPrimary")!
    static let brandPressed = UIColor(red: 0.05, green: 0.3, blue: 0.2, alpha: 1)
    static let cornerRadius: CGFloat = 12
}

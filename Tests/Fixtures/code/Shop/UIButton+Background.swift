import UIKit

extension UIButton {
    /// UIKit has no per-state background colour: an image of the colour is.
    func setBackgroundColor(_ color: UIColor, for state: UIControl.State) {
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 1, height: 1))
        let image = renderer.image { context in
            color.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        setBackgroundImage(image, for: state)
    }
}

extension UIButton {
    func then(_ body: (UIButton) -> Void) -> UIButton { body(self); return self }
}

/// `UIEdgeInsets` as a legacy (non-configuration) button's
/// `contentEdgeInsets`, `titleEdgeInsets` and `imageEdgeInsets` use them:
/// left and right are absolute (UIKit does not flip them for right to left;
/// a configuration's directional insets do flip).
public struct ButtonInsets: Hashable, Sendable, Codable {
    public var top: Double, left: Double, bottom: Double, right: Double

    /// No insets: UIKit's default.
    public static let zero = ButtonInsets(top: 0, left: 0, bottom: 0, right: 0)

    /// Unchecked insets; use `make` for values from outside.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// Checked insets: each finite and within ±`Style.maxLength` (UIKit
    /// allows negative insets, which move content outward).
    public static func make(top: Double, left: Double, bottom: Double, right: Double) throws(ButtonKitError) -> ButtonInsets {
        for (n, v) in [("top", top), ("left", left), ("bottom", bottom), ("right", right)]
        where !(v.isFinite && abs(v) <= Style.maxLength) {
            throw .invalidValue(what: "inset \(n)", value: Format.number(v), expected: "a number from -10000 to 10000")
        }
        return ButtonInsets(top: top, left: left, bottom: bottom, right: right)
    }

    /// Left plus right.
    public var horizontal: Double { left + right }
    /// Top plus bottom.
    public var vertical: Double { top + bottom }
}

/// A point in some coordinate space (a button's own, or a screen's).
public struct Point: Hashable, Sendable, Codable {
    public var x: Double, y: Double
    /// A point; coordinates are not validated (use `make` for values from outside).
    public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// A checked point: coordinates finite and within ±`Rect.maxMagnitude`.
    public static func make(x: Double, y: Double) throws(ButtonKitError) -> Point {
        for (n, v) in [("x", x), ("y", y)] where !(v.isFinite && abs(v) <= Rect.maxMagnitude) {
            throw .invalidValue(what: "point \(n)", value: Format.number(v), expected: "a finite number from -1000000 to 1000000")
        }
        return Point(x: x, y: y)
    }
}

/// A rectangle like CGRect: origin plus size. Sizes are validated when set
/// from outside (finite, not negative).
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double, y: Double, width: Double, height: Double
    /// An unchecked rectangle; use `make` for values from outside.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// UIKit's default for a button made in code is zero; the model uses a
    /// tappable 100×44 so a button made with no frame can still be tapped.
    public static let defaultButton = Rect(x: 0, y: 0, width: 100, height: 44)

    /// The largest coordinate or size, in points, a frame or point may
    /// have: far beyond any screen, small enough that every value stays
    /// exact and every picture can be drawn.
    public static let maxMagnitude = 1_000_000.0

    /// A checked rectangle: every number finite and within ±`maxMagnitude`,
    /// width and height not negative.
    public static func make(x: Double, y: Double, width: Double, height: Double) throws(ButtonKitError) -> Rect {
        for (n, v) in [("x", x), ("y", y), ("width", width), ("height", height)] where !(v.isFinite && abs(v) <= maxMagnitude) {
            throw .invalidValue(what: "frame \(n)", value: Format.number(v), expected: "a finite number from -1000000 to 1000000")
        }
        guard width >= 0, height >= 0 else {
            throw .invalidValue(what: "frame size", value: "\(Format.number(width))x\(Format.number(height))", expected: "width and height not below 0")
        }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// CGRect.contains: the minimum edges are inside, the maximum edges are not.
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < x + width && p.y >= y && p.y < y + height
    }

    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
}

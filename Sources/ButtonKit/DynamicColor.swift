/// A colour decided by traits rather than fixed: one of UIKit's system
/// colours (light or dark value), the control's tint colour (inherited
/// like UIView's `tintColor`), or a colour set from an asset catalog.
public enum DynamicColor: Hashable, Sendable, CustomStringConvertible {
    case system(SystemColor)
    /// `tintColor`: the control's effective tint.
    case tint
    /// A named colour from an asset catalog, with its light, dark and
    /// high-contrast appearances (boxed: most colours are not one).
    indirect case asset(AssetColor)

    /// The colour this is in `traits`.
    @inline(__always)
    public func resolve(_ traits: Traits) -> Color {
        switch self {
        case .system(let s): return s.color(in: traits.userInterfaceStyle)
        case .tint: return traits.resolvedTint
        case .asset(let a): return a.resolve(traits)
        }
    }

    /// The name scripts wrote: `systemBlue`, `tintColor`.
    public var description: String {
        switch self {
        case .system(let s): return s.rawValue
        case .tint: return "tintColor"
        case .asset(let a): return a.name
        }
    }
}

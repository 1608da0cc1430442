import ButtonKit

/// The named colours of one or more asset catalogs, each a dynamic colour
/// with its light, dark and high-contrast appearances. A bridge consults it
/// when a colour name is not a system or CSS name (`ui.color("BrandPrimary")`).
public struct AssetColors: Sendable {
    private var table: [String: AssetColor] = [:]
    /// Colour sets found but not usable on an iPhone (no colour at all, as
    /// Xcode's template AccentColor; only Mac or iPad entries), with why:
    /// a name that resolves to one of them is listed as ignored, not an error.
    public private(set) var unusable: [String: String] = [:]

    /// No colours.
    public init() {}

    /// The colour set `name`, as a dynamic colour; nil when no catalog has it.
    public subscript(name: String) -> ColorValue? {
        table[name].map { .dynamic(.asset($0)) }
    }

    /// The set itself (its variants), nil when unknown.
    public func asset(_ name: String) -> AssetColor? { table[name] }

    /// Every colour name, sorted.
    public var names: [String] { table.keys.sorted() }

    /// How many colours there are.
    public var count: Int { table.count }

    /// Adds (or replaces) one colour.
    public mutating func add(_ color: AssetColor) { table[color.name] = color; unusable[color.name] = nil }

    /// Records a colour set that gives no colour, and why.
    public mutating func addUnusable(_ name: String, reason: String) {
        if table[name] == nil { unusable[name] = reason }
    }

    /// Takes every colour of `other`; a name in both keeps `other`'s (the
    /// catalog given later wins, as a later catalog in a target does).
    public mutating func merge(_ other: AssetColors) {
        for (k, v) in other.table { table[k] = v; unusable[k] = nil }
        for (k, r) in other.unusable where table[k] == nil { unusable[k] = r }
    }

    /// Reads one catalog folder (`Assets.xcassets`): its colour sets and
    /// the names of its image sets, at any depth (groups are folders).
    public static func load(catalog path: String, options: IBLoadOptions) throws(IBError) -> (AssetColors, Set<String>) {
        try AssetCatalogReader(options: options).read(catalog: path)
    }
}

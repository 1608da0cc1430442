import ButtonKit

/// Reads asset catalog folders: `*.colorset/Contents.json` into colours,
/// `*.imageset` folders into names.
struct AssetCatalogReader {
    let options: IBLoadOptions

    func read(catalog path: String) throws(IBError) -> (AssetColors, Set<String>) {
        throw IBError(file: path, message: "asset catalogs: not yet")
    }
}

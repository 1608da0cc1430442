import ButtonKit

/// Turns a parsed document into scenes, buttons and groups.
struct IBDocumentBuilder {
    let path: String
    let options: IBLoadOptions

    func build() throws(IBError) -> IBDocument {
        throw IBError(file: path, message: "Interface Builder files: not yet")
    }
}

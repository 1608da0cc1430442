import ButtonKit
@testable import ButtonKitIB

/// Where the fixtures are (Tests/Fixtures/ib), found from this file's path,
/// and loading helpers.
enum Fixtures {
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)   // ButtonKitIBTests/Fixtures.swift
        return parts.joined(separator: "/") + "/Fixtures/ib"
    }()

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func load(_ relative: String, _ configure: (inout IBLoadOptions) -> Void = { _ in }) throws(IBError) -> IBDocument {
        var o = IBLoadOptions.plainFiles()
        configure(&o)
        return try IBDocument.load(path: path(relative), options: o)
    }

    /// Loads bytes written to a temporary file.
    static func load(bytes: [UInt8], name: String = "case.storyboard", _ configure: (inout IBLoadOptions) -> Void = { _ in }) throws(IBError) -> IBDocument {
        var o = IBLoadOptions.plainFiles()
        o.assetCatalogs = []
        configure(&o)
        let data = bytes
        o.readFile = { _ in data }
        return try IBDocument.load(path: "/tmp/" + name, options: o)
    }

    static func load(text: String, _ configure: (inout IBLoadOptions) -> Void = { _ in }) throws(IBError) -> IBDocument {
        try load(bytes: Array(text.utf8), configure)
    }
}

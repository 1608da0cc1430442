#if canImport(Glibc)
import Glibc
#endif
import ButtonKit
import ButtonKitIB
@testable import ButtonKitCode

/// Where the code fixtures are (Tests/Fixtures/code), and loading helpers.
enum CodeFixtures {
    static let root: String = {
        var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Fixtures/code"
    }()

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func options(_ configure: (inout CodeLoadOptions) -> Void = { _ in }) -> CodeLoadOptions {
        var o = CodeLoadOptions(ib: IBLoadOptions.plainFiles())
        configure(&o)
        return o
    }

    static func load(_ relative: String, _ configure: (inout CodeLoadOptions) -> Void = { _ in }) throws(CodeError) -> (IBDocument, CodeLoadReport) {
        try CodeDocument.load(path: path(relative), options: options(configure))
    }

    /// Loads one Swift source given as text, written to a temporary file.
    static func load(source: String, name: String = "Case.swift", _ configure: (inout CodeLoadOptions) -> Void = { _ in }) throws(CodeError) -> (IBDocument, CodeLoadReport) {
        let bytes = Array(source.utf8)
        return try load(bytes: bytes, name: name, configure)
    }

    static func load(bytes: [UInt8], name: String = "Case.swift", _ configure: (inout CodeLoadOptions) -> Void = { _ in }) throws(CodeError) -> (IBDocument, CodeLoadReport) {
        var o = options(configure)
        o.ib.readFile = { _ in bytes }
        o.ib.isDirectory = { _ in false }
        o.ib.assetCatalogs = []
        return try CodeDocument.load(path: "/nonexistent/" + name, options: o)
    }

    /// A small executable script in a temporary folder (a stand-in reader).
    static func script(_ body: String) -> String {
        var template = Array("/tmp/bk-reader-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let text = Array("#!/bin/sh\n\(body)\n".utf8)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, text.count) }
        close(fd)
        chmod(path, 0o755)
        return path
    }
}

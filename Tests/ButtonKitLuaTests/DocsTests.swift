import Foundation
import Testing
import ButtonKit
import ButtonKitTestSupport

/// The repository stands alone: README and docs link only to files that
/// are in it (a fresh clone has nothing beside it).
@Suite("Docs")
struct DocsTests {
    static var pages: [URL] {
        let docs = CLI.root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [CLI.root.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    @Test func everyLocalLinkResolvesInsideTheRepository() throws {
        #expect(Self.pages.count >= 10)
        let root = CLI.root.standardizedFileURL.path
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            #expect(!text.contains("../shared"), "\(page.lastPathComponent) points at ../shared")
            var rest = Substring(text)
            while let open = rest.range(of: "](") {
                rest = rest[open.upperBound...]
                guard let close = rest.firstIndex(of: ")") else { break }
                let target = String(rest[..<close])
                rest = rest[close...]
                if target.hasPrefix("http") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
                let file = String(target.split(separator: "#").first ?? "")
                let url = page.deletingLastPathComponent().appendingPathComponent(file).standardizedFileURL
                #expect(url.path.hasPrefix(root), "\(page.lastPathComponent): \(target) leaves the repository")
                #expect(FileManager.default.fileExists(atPath: url.path), "\(page.lastPathComponent): \(target) does not exist")
            }
        }
    }

    /// docs/uikit.md's Swift example is the test that runs it, word for word.
    @Test func theUIKitPagesSwiftExampleIsATestThatPasses() throws {
        let page = try String(contentsOf: CLI.root.appendingPathComponent("docs/uikit.md"), encoding: .utf8)
        let source = try String(contentsOf: CLI.root.appendingPathComponent("Tests/ButtonKitTests/SwiftUsageExampleTests.swift"), encoding: .utf8)
        let begin = try #require(source.range(of: "// example begins\n")), end = try #require(source.range(of: "// example ends"))
        let example = String(source[begin.upperBound..<end.lowerBound])
        #expect(page.contains("```swift\n" + example + "```"), "docs/uikit.md must quote SwiftUsageExampleTests.swift's example exactly")
    }

    /// The errors docs/uikit.md shows for UIKit habits are what the binary says.
    @Test func theUIKitPagesErrorsAreWhatTheBinarySays() throws {
        let page = try String(contentsOf: CLI.root.appendingPathComponent("docs/uikit.md"), encoding: .utf8)
        let block = try #require(page.components(separatedBy: "```\n").dropFirst().first)
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var checked = 0
        for (i, line) in lines.enumerated() where line.hasPrefix("> ") && i + 1 < lines.count {
            let r = try CLI.run(["run", "-e", "local b = ui.button {}; " + line.dropFirst(2)])
            #expect(r.status == 1)
            #expect(r.stderr.contains(": " + lines[i + 1] + "\n"), "\(line) prints \(r.stderr)")
            checked += 1
        }
        #expect(checked == 4)
    }

    /// The named colours' table in api.md is what the model resolves.
    @Test func theNamedColoursTableMatchesTheModel() throws {
        let text = try String(contentsOf: CLI.root.appendingPathComponent("docs/api.md"), encoding: .utf8)
        var documented: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
            for pair in stride(from: 0, to: cells.count - 1, by: 2) { documented[cells[pair]] = cells[pair + 1] }
        }
        for (name, color) in Color.named {
            #expect(documented[name] == color.hex, "\(name): api.md says \(documented[name] ?? "nothing")")
        }
    }
}

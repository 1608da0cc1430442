import Testing
import ButtonKit
import ButtonKitIB
import ButtonKitSwiftIR
@testable import ButtonKitCode

/// One initialiser runs per instance. A view whose `init(frame:)` and
/// `init?(coder:)` both call its set-up (mastodon-ios does so in most of
/// its views) had both read, and each target it adds was added twice
/// (found checking mastodon-ios's buttons by hand).
@Suite("The app's code: the initialiser UIKit runs")
struct InitialiserTests {
    static let banner = """
        import UIKit
        final class BannerView: UIView {
            let closeButton = UIButton(type: .close)
            override init(frame: CGRect) {
                super.init(frame: frame)
                _init()
            }
            required init?(coder: NSCoder) {
                super.init(coder: coder)
                _init()
                closeButton.accessibilityLabel = "From a storyboard"
            }
            private func _init() {
                closeButton.addTarget(self, action: #selector(close), for: .touchUpInside)
            }
            @objc private func close() {}
        }
        // \(UInt64.random(in: 0...UInt64.max))
        """

    @Test("made in code: init(frame:) only, each target once")
    func madeInCode() throws {
        let (doc, _) = try CodeFixtures.load(source: Self.banner)
        let b = try #require(doc.find("closeButton"))
        let info = try #require(doc.info(for: b))
        #expect(info.actions.map(\.selector) == ["close"])
        // init(coder:)'s own statement is not run for an instance made in code.
        #expect(b.accessibilityLabel != "From a storyboard")
    }

    @Test("the choice among a type's initialisers")
    func choice() {
        func inits(_ labels: [String]) -> [(node: SyntaxNode, path: String)] {
            labels.map { l in (SyntaxNode(.initDecl, line: 1, column: 1, children: l.isEmpty ? [] : [SyntaxNode(.parameter, l, line: 1, column: 1)]), l) }
        }
        #expect(CodeInterpreter.initialiserRun(inits(["coder", "frame"]), fromFile: false).map(\.path) == ["frame"])
        #expect(CodeInterpreter.initialiserRun(inits(["coder", "frame"]), fromFile: true).map(\.path) == ["coder"])
        #expect(CodeInterpreter.initialiserRun(inits(["viewModel", "coder"]), fromFile: false).map(\.path) == ["viewModel"])
        #expect(CodeInterpreter.initialiserRun(inits(["coder"]), fromFile: false).map(\.path) == ["coder"])
        #expect(CodeInterpreter.initialiserRun(inits(["", "coder"]), fromFile: false).map(\.path) == [""])
    }
}

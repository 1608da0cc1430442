// The Swift example in docs/uikit.md ("The model from Swift"), as a test:
// DocsTests checks that the page quotes this file's example exactly, so
// the page's code compiles and passes.
// example begins
import Testing
import ButtonKit

@Suite("Like button, from Swift")
struct LikeButtonTests {
    /// Seed 003: a background per state that survives UIKit's
    /// highlight/select order.
    func likeButton() throws -> Button {
        let b = Button(id: "like", frame: Rect(x: 0, y: 0, width: 120, height: 44))
        try b.setUpStyle(.normal) { s in s.title("♡ Like").backgroundColor(.white) }
        try b.setUpStyle(.highlighted) { s in s.backgroundColor(try Color(parsing: "lightGray")) }
        try b.setUpStyle(.selected) { s in s.title("♥ Liked").backgroundColor(try Color(parsing: "#E0245E")) }
        _ = b.on(.touchUpInside) { button, _ in try button.setSelected(!button.isSelected) }
        return b
    }

    @Test func aTapSelectsAndTheSelectedLookStays() throws {
        let b = try likeButton()
        #expect(try b.tap())
        #expect(b.state == .selected)
        #expect(b.appearance.backgroundColor.hex == "#E0245EFF")
        #expect(b.appearance.title == "♥ Liked")
        #expect(b.trace.lines == ["touchDown", "highlighted=true", "touchUpInside", "selected=true",
                                  "primaryActionTriggered", "highlighted=false"])
    }

    @Test func selectedAndHighlightedDoesNotFallBackToSelected() throws {
        // UIKit's rule: [.selected, .highlighted] falls back to normal.
        let b = try likeButton()
        #expect(b.appearance(for: [.selected, .highlighted]).backgroundColor == .white)
    }
}
// example ends

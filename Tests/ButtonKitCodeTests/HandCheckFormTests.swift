import Testing
import ButtonKit
import ButtonKitIB
@testable import ButtonKitCode

/// Forms met checking mastodon-ios's buttons by hand.
@Suite("The app's code: forms from the hand checks")
struct HandCheckFormTests {
    @Test("UIFontMetrics(forTextStyle:).scaledFont(for:) is the font at the default text size")
    func fontMetricsForTextStyle() throws {
        let source = """
            import UIKit
            final class V: UIViewController {
                let next: UIButton = {
                    let b = UIButton()
                    b.titleLabel?.font = UIFontMetrics(forTextStyle: .body).scaledFont(for: .systemFont(ofSize: 16, weight: .bold))
                    return b
                }()
            }
            // \(UInt64.random(in: 0...UInt64.max))
            """
        let (doc, _) = try CodeFixtures.load(source: source)
        let b = try #require(doc.find("next"))
        #expect(b.styleFor(.normal).font == Font(family: "system", size: 16, weight: .bold))
        #expect(doc.unresolved.isEmpty, "\(doc.unresolved)")
    }

    @Test("a configuration's attributedTitle = AttributedString(text, attributes: [.font: f]) is its title and title font")
    func attributedConfigurationTitle() throws {
        let source = """
            import UIKit
            final class W: UIViewController {
                lazy var signIn: UIButton = {
                    var config = UIButton.Configuration.plain()
                    config.baseForegroundColor = .white
                    config.attributedTitle = AttributedString(
                        "Log in",
                        attributes: .init([.font: UIFontMetrics(forTextStyle: .headline).scaledFont(for: .systemFont(ofSize: 17, weight: .semibold))])
                    )
                    return UIButton(configuration: config)
                }()
                lazy var other: UIButton = {
                    var config = UIButton.Configuration.plain()
                    config.attributedTitle = AttributedString("Kern", attributes: .init([.kern: 2]))
                    return UIButton(configuration: config)
                }()
            }
            // \(UInt64.random(in: 0...UInt64.max))
            """
        let (doc, _) = try CodeFixtures.load(source: source)
        let b = try #require(doc.find("signIn"))
        #expect(b.configuration?.title == "Log in")
        #expect(b.configuration?.titleFont == Font(family: "system", size: 17, weight: .semibold))
        #expect(b.appearance.title == "Log in")
        #expect(doc.unresolved.count == 1 && doc.unresolved.first?.reason.contains("'kern'") == true, "\(doc.unresolved)")
    }

    @Test("withAlphaComponent of a dynamic colour keeps each appearance, with the alpha replaced")
    func dynamicAlpha() throws {
        let source = """
            import UIKit
            final class T: UIViewController {
                let meta: UIButton = {
                    let b = UIButton()
                    b.setTitleColor(.label, for: .normal)
                    b.setTitleColor(UIColor.label.withAlphaComponent(0.5), for: .highlighted)
                    b.setTitleColor(.tintColor.withAlphaComponent(0.5), for: .selected)
                    return b
                }()
            }
            // \(UInt64.random(in: 0...UInt64.max))
            """
        let (doc, _) = try CodeFixtures.load(source: source)
        let b = try #require(doc.find("meta"))
        let pressed = try #require(b.styleFor(.highlighted).colorValue(of: .titleColor))
        let label = SystemColor.label
        func half(_ c: Color) -> Color { Color(red: c.red, green: c.green, blue: c.blue, alpha: 128) }
        #expect(pressed.resolve(Traits(userInterfaceStyle: .light)) == half(label.color(in: .light)))
        #expect(pressed.resolve(Traits(userInterfaceStyle: .dark)) == half(label.color(in: .dark)))
        // The tint is the control's, known only when drawn: listed.
        #expect(b.styleFor(.selected).colorValue(of: .titleColor) == nil)
        #expect(doc.unresolved.count == 1 && doc.unresolved.first?.reason.contains("tint colour") == true, "\(doc.unresolved)")
    }

    @Test("a local list of buttons: buttons.forEach { } and for b in buttons { } run for each (mastodon-ios's toolbar)")
    func localButtonLists() throws {
        let source = """
            import UIKit
            final class Toolbar: UIView {
                let reply = UIButton()
                let share = UIButton()
                override init(frame: CGRect) {
                    super.init(frame: frame)
                    let buttons = [reply, share]
                    buttons.forEach { button in
                        button.setTitleColor(.secondaryLabel, for: .normal)
                    }
                    for b in [reply, share] {
                        b.layer.cornerRadius = 4
                    }
                    for n in 0..<2 {
                        reply.tag = n
                    }
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            // \(UInt64.random(in: 0...UInt64.max))
            """
        let (doc, _) = try CodeFixtures.load(source: source)
        for id in ["reply", "share"] {
            let b = try #require(doc.find(id))
            #expect(b.styleFor(.normal).colorValue(of: .titleColor) == .dynamic(.system(.secondaryLabel)))
            #expect(b.styleFor(.normal).cornerRadius == 4)
        }
        // A loop over something else is still listed.
        #expect(doc.unresolved.count == 1 && doc.unresolved.first?.reason == "a loop", "\(doc.unresolved)")
    }
}

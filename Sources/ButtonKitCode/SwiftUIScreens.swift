import ButtonKit
import ButtonKitIB
import ButtonKitSwiftIR

/// The SwiftUI half of a load: one screen per `View` type whose body holds
/// controls, named by the type, its controls in body order (`origin =
/// "swiftui"`), then one per preview (`#Preview`, a `PreviewProvider`),
/// since a preview gives the view concrete arguments. Called by
/// `CodeDocument` after the UIKit types.
enum SwiftUIScreens {
    static let size = (width: 393.0, height: 852.0)

    static func add(index: CodeIndex, evaluator: Evaluator, scenes: inout [IBScene], infos: inout [ObjectIdentifier: IBControlInfo],
                    report: inout CodeLoadReport, unresolved: inout [SourceIssue]) {
        let reader = SwiftUIReader(index: index, evaluator: evaluator)
        var names = Set(scenes.map(\.id))
        for name in index.order {
            guard let t = index.types[name], t.name == name, reader.isView(t) else { continue }
            let found = reader.read(t)
            guard !found.isEmpty else { continue }
            names.insert(name)
            scenes.append(scene(name, found, reader: reader, infos: &infos, report: &report))
        }
        // Previews: their controls are the views' again, so the scan's
        // figures and `doc.unresolved` count each control once, at its view.
        var ignored = CodeLoadReport()
        for (name, content, path, selfType) in previews(index) {
            let found = reader.readPreview(content, path: path, selfType: selfType)
            guard !found.isEmpty else { continue }
            var unique = name, n = 2
            while names.contains(unique) { unique = "\(name) \(n)"; n += 1 }
            names.insert(unique)
            scenes.append(scene(unique, found, reader: reader, infos: &infos, report: &ignored))
        }
        unresolved += reader.unresolved
    }

    /// The previews in file order: `#Preview("Name") { ... }` is named by
    /// its name, an unnamed one by its file (`CardView preview`); a
    /// `PreviewProvider` by its type, its `previews` read.
    static func previews(_ index: CodeIndex) -> [(name: String, content: SyntaxNode, path: String, selfType: String?)] {
        var out: [(name: String, content: SyntaxNode, path: String, selfType: String?)] = []
        for (m, path) in index.previews {
            let args = m.children.filter { $0.kind == .argument }
            guard let content = args.last(where: { $0.has(.isTrailing) })?.children.first ?? args.last(where: { $0.text == "body" })?.children.first,
                  content.kind == .closure else { continue }
            var name = (Evaluator.base(path).split(separator: ".").first.map(String.init) ?? path) + " preview"
            if let first = args.first(where: { $0.text.isEmpty && !$0.has(.isTrailing) })?.children.first,
               first.kind == .stringLiteral, !first.has(.isInterpolated), !first.text.isEmpty { name = first.text }
            out.append((name, content, path, nil))
        }
        for name in index.order {
            guard let t = index.types[name], t.name == name,
                  t.inherits.contains(where: { CodeIndex.plainTypeName($0) == "PreviewProvider" }),
                  let p = t.members.first(where: { $0.node.kind == .variable && $0.node.text == "previews" && $0.node.has(.isStatic) }) else { continue }
            out.append((name, p.node, p.path, name))
        }
        return out
    }

    static func scene(_ name: String, _ found: [SwiftUIControl], reader: SwiftUIReader, infos: inout [ObjectIdentifier: IBControlInfo],
                      report: inout CodeLoadReport) -> IBScene {
        var controls: [Button] = []
        var sceneInfos: [ObjectIdentifier: IBControlInfo] = [:]
        var y = CodeButtonFactory.top
        for c in found {
            let (button, info) = SwiftUIButtonFactory.build(c, y: y, reader: reader, screenWidth: SwiftUIScreens.size.width)
            if !button.hasPosition { y += max(button.frame.height, 28) + 16 }
            controls.append(button)
            sceneInfos[ObjectIdentifier(button)] = info
            infos[ObjectIdentifier(button)] = info
            let normal = button.styleFor(.normal)
            var row = CodeLoadReport.Control(id: button.id, screen: name, origin: .swiftui, source: c.source, resolved: c.resolved,
                                             unresolved: c.unresolved,
                                             hasTitle: normal.title != nil || button.configuration?.title != nil
                                                || normal.image != nil || button.configuration?.image != nil,
                                             hasTitleColor: true)
            row.titleTried = c.titleTried
            row.titleColorTried = false
            report.controls.append(row)
        }
        // A SwiftUI screen is today's phone (iPhone 15, 393 × 852 pt),
        // tall enough for its column and every `.position`.
        let bottom = controls.map { $0.frame.y + $0.frame.height }.max() ?? 0
        let screen = Screen(width: SwiftUIScreens.size.width, height: max(SwiftUIScreens.size.height, y + 16, bottom + 16))
        for b in controls { screen.add(Screen.Item.button(b)) }
        return IBScene(ibID: name, storyboardIdentifier: nil, customClass: name, title: nil, screen: screen,
                       controls: controls, infos: sceneInfos)
    }
}

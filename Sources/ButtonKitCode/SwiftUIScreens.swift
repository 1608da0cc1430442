import ButtonKit
import ButtonKitIB

/// The SwiftUI half of a load: one screen per `View` type whose body holds
/// controls, named by the type, its controls in body order (`origin =
/// "swiftui"`). Called by `CodeDocument` after the UIKit types.
enum SwiftUIScreens {
    static let size = (width: 393.0, height: 852.0)

    static func add(index: CodeIndex, evaluator: Evaluator, scenes: inout [IBScene], infos: inout [ObjectIdentifier: IBControlInfo],
                    report: inout CodeLoadReport, unresolved: inout [SourceIssue]) {
        let reader = SwiftUIReader(index: index, evaluator: evaluator)
        for name in index.order {
            guard let t = index.types[name], t.name == name, reader.isView(t) else { continue }
            let found = reader.read(t)
            guard !found.isEmpty else { continue }
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
            scenes.append(IBScene(ibID: name, storyboardIdentifier: nil, customClass: name, title: nil, screen: screen,
                                  controls: controls, infos: sceneInfos))
        }
        unresolved += reader.unresolved
    }
}

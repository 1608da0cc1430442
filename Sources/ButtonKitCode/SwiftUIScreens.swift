import ButtonKit
import ButtonKitIB

/// The SwiftUI half of a load: one screen per `View` type whose body holds
/// controls, named by the type, its controls in body order (`origin =
/// "swiftui"`). Called by `CodeDocument` after the UIKit types.
enum SwiftUIScreens {
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
                let (button, info) = SwiftUIButtonFactory.build(c, y: y, reader: reader, screenWidth: Screen.defaultSize.width)
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
            let screen = Screen(width: Screen.defaultSize.width, height: max(Screen.defaultSize.height, y + 16))
            for b in controls { screen.add(Screen.Item.button(b)) }
            scenes.append(IBScene(ibID: name, storyboardIdentifier: nil, customClass: name, title: nil, screen: screen,
                                  controls: controls, infos: sceneInfos))
        }
        unresolved += reader.unresolved
    }
}

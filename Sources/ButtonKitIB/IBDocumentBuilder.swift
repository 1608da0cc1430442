import ButtonKit

/// Turns a file into an `IBDocument`: reads and parses it, loads the asset
/// catalogs, then makes one screen per scene (storyboard) or top-level view
/// (XIB) with every button nested in it, and the radio groups.
struct IBDocumentBuilder {
    let path: String
    let options: IBLoadOptions

    /// Element names that only hold other views: walked, not listed.
    static let containers: Set<String> = [
        "view", "subviews", "stackView", "scrollView", "tableViewCellContentView", "collectionViewCellContentView",
        "visualEffectView", "prototypes", "cells", "sections", "tableViewSection", "tableViewCell", "collectionViewCell",
        "collectionReusableView", "tableView", "collectionView", "containerView",
    ]

    func build() throws(IBError) -> IBDocument {
        let bytes: [UInt8]
        do { bytes = try options.readFile(path) } catch {
            throw IBError(file: path, message: "cannot read the file: \(error)")
        }
        let root = try XMLDocumentReader(file: path, maxSize: options.maxFileSize, maxDepth: options.maxDepth).parse(bytes)
        guard root.name == "document" else {
            throw IBError(file: path, line: root.line, column: 1,
                          message: "not an Interface Builder document: the root element is <\(root.name)>, expected <document>")
        }
        let type = root["type"] ?? ""
        let kind: IBDocumentKind
        if type.contains("Storyboard") { kind = .storyboard } else if type.contains("XIB") { kind = .xib } else {
            throw IBError(file: path, line: root.line, column: 1, message: "unknown document type '\(type)' (expected a storyboard or a XIB)")
        }
        if let runtime = root["targetRuntime"], !runtime.hasPrefix("iOS") && !runtime.hasPrefix("AppleTV") {
            throw IBError(file: path, line: root.line, column: 1,
                          message: "a \(runtime) document: ButtonKit reads UIKit (iOS) Interface Builder files, not AppKit ones")
        }

        // Catalogs: given, else discovered around the file.
        let catalogPaths = options.assetCatalogs ?? AssetDiscovery(options: options).discover(for: path)
        var assets = AssetColors()
        var imageNames = Set<String>()
        for c in catalogPaths {
            let (colors, images) = try AssetColors.load(catalog: c, options: options)
            assets.merge(colors)
            imageNames.formUnion(images)
        }

        // The document's own copies of colours (resources).
        var fallbacks: [String: ColorValue] = [:]
        let plainReader = IBColorReader(assets: AssetColors(), namedFallbacks: [:], hasCatalogs: false)
        if let resources = root.child("resources") {
            for r in resources.children {
                guard let name = r["name"], let color = r.child("color") else { continue }
                if case .color(let c) = plainReader.components(color) {
                    fallbacks[r.name == "systemColor" ? "system:" + name : name] = c
                }
            }
        }
        let ctx = IBContext(path: path, kind: kind, bytes: bytes,
                            colors: IBColorReader(assets: assets, namedFallbacks: fallbacks, hasCatalogs: !catalogPaths.isEmpty),
                            options: options, imageNames: imageNames, hasCatalogs: !catalogPaths.isEmpty)
        ctx.index(root)
        ctx.indexOutlets(root)
        // Structure with nothing to model: the document's own attributes
        // (tools version, flags), the simulated device, dependencies, the
        // resources (read above as fallbacks), placeholders, canvas places.
        root.takeAll()
        for c in root.children where ["device", "dependencies", "resources"].contains(c.name) { c.takeSubtree() }
        func takeStructure(_ objects: XMLNode) {
            objects.take()
            for o in objects.children {
                if o.name == "placeholder" { o.takeSubtree() }
            }
        }

        // Scene roots: (element holding the root view, root view).
        var roots: [(owner: XMLNode, view: XMLNode)] = []
        if kind == .storyboard {
            root.child("scenes")?.take()
            for scene in root.child("scenes")?.children ?? [] where scene.name == "scene" {
                scene.takeAll()
                for c in scene.children where c.name == "point" && c.peek("key") == "canvasLocation" { c.takeAll() }
                guard let objects = scene.child("objects") else { continue }
                takeStructure(objects)
                for object in objects.children where object.name != "placeholder" {
                    if let view = object.children.first(where: { $0.peek("key") == "view" && $0.child("rect", key: "frame") != nil }) {
                        // The controller's naming attributes are read for the scene.
                        for a in ["storyboardIdentifier", "customClass", "customModule", "customModuleProvider", "title",
                                  "userLabel", "sceneMemberID"] { _ = object[a] }
                        object.take()
                        roots.append((object, view))
                        if let id = object["id"] { ctx.sceneNames[id] = Self.sceneName(object) }
                    } else if object.name.hasSuffix("Controller") || object.name == "viewControllerPlaceholder" {
                        ctx.ignore(object, nil, "a scene without a root view (\(object.name)): no screen is made for it")
                    } else {
                        // A view beside the root view (an outlet's view shown
                        // later): not on the scene's screen. Its buttons are
                        // named one by one, so none is dropped unseen.
                        let buttons = Self.buttons(in: object)
                        let held = buttons.isEmpty ? "" : " (it holds \(buttons.count) button\(buttons.count == 1 ? "" : "s"), listed below)"
                        ctx.ignore(object, nil, "\(IBDocumentBuilder.article(object.name)) \(object.name) in the scene: not modelled\(held)")
                        for b in buttons {
                            ctx.ignore(b, nil, "a button in \(IBDocumentBuilder.article(object.name)) \(object.name) outside the scene's root view: on no screen")
                        }
                    }
                }
            }
        } else {
            if let objects = root.child("objects") { takeStructure(objects) }
            for object in root.child("objects")?.children ?? [] where object.name != "placeholder" {
                if object.child("rect", key: "frame") != nil { roots.append((object, object)) } else {
                    ctx.ignore(object, nil, "a top-level \(object.name) without a frame: no screen is made for it")
                }
            }
        }

        var scenes: [IBScene] = []
        var infos: [ObjectIdentifier: IBControlInfo] = [:]
        var groups: [RadioGroup] = []
        for (owner, view) in roots {
            let (scene, sceneGroups) = makeScene(owner: owner, view: view, ctx: ctx, infos: &infos)
            scenes.append(scene)
            groups += sceneGroups
        }
        // Whatever nobody read is listed now, then everything in file order.
        ctx.sweep(root)
        ctx.sortIgnored()
        return IBDocument(path: path, kind: kind, scenes: scenes, groups: groups, ignored: ctx.ignoredList,
                          colors: assets, imageNames: imageNames, hasCatalogs: !catalogPaths.isEmpty, infos: infos)
    }

    /// "a" or "an" before an element's name, for messages.
    static func article(_ word: String) -> String {
        guard let f = word.first else { return "a" }
        return "aeiouAEIOU".contains(f) ? "an" : "a"
    }

    /// Every `button` element beneath `node`, in document order.
    static func buttons(in node: XMLNode) -> [XMLNode] {
        var out: [XMLNode] = []
        for c in node.children {
            if c.name == "button" { out.append(c) }
            out += buttons(in: c)
        }
        return out
    }

    static func sceneName(_ o: XMLNode) -> String {
        o["storyboardIdentifier"] ?? o["customClass"] ?? o["title"] ?? o["id"] ?? o.name
    }

    private func makeScene(owner: XMLNode, view: XMLNode, ctx: IBContext,
                           infos: inout [ObjectIdentifier: IBControlInfo]) -> (IBScene, [RadioGroup]) {
        let frame = view.child("rect", key: "frame")
        view.take()
        frame?.takeAll()   // a root view's origin is the screen's
        for a in ["customClass", "userLabel"] { _ = view[a] }
        let w = frame.flatMap { ctx.number($0, "width") } ?? Screen.defaultSize.width
        let h = frame.flatMap { ctx.number($0, "height") } ?? Screen.defaultSize.height
        let screen: Screen
        do { screen = try Screen.make(width: w, height: h) } catch {
            ctx.ignore(frame ?? view, nil, "screen size: \(error.message); the default size is used")
            screen = Screen()
        }
        // A root view without a colour (or a clear one) shows what is behind
        // it: the screen keeps its own background, systemBackground.
        if let bg = view.child("color", key: "backgroundColor"), let c = ctx.color(bg), c != .fixed(.clear) { screen.backgroundColor = c }
        if let t = view.child("color", key: "tintColor"), let c = ctx.color(t) {
            if case .dynamic(.tint) = c {} else { try? screen.setTintColor(c) }
        }

        var read: [IBButtonReader.Read] = []
        let reader = IBButtonReader(ctx: ctx)
        if view.name == "button" {
            // A XIB's top-level button: a screen of its size holding it, at its origin.
            let r = reader.read(view, origin: Point(x: 0, y: 0), above: IBInherited())
            r.button.frame = Rect(x: 0, y: 0, width: r.button.frame.width, height: r.button.frame.height)
            read.append(r)
        }
        // The root view's tint is the screen's; its hidden, alpha and user
        // interaction flags pass down like any superview's.
        var root = IBInherited().below(view, ctx)
        root.tint = nil
        walk(view, origin: Point(x: 0, y: 0), above: root, reader: reader, into: &read)

        // Radio groups: buttons mapped to `.radio`, linked by otherButtons.
        var groupOf: [ObjectIdentifier: RadioGroup] = [:]
        var groups: [RadioGroup] = []
        let radios = read.filter { $0.kind == .radio }
        if !radios.isEmpty {
            var parent: [String: String] = [:]
            func find(_ x: String) -> String {
                var r = x
                while let p = parent[r], p != r { r = p }
                return r
            }
            let radioIDs = Set(radios.map(\.info.ibID))
            for r in radios {
                parent[r.info.ibID] = parent[r.info.ibID] ?? r.info.ibID
                for o in r.otherButtons where radioIDs.contains(o) {
                    parent[o] = parent[o] ?? o
                    let a = find(r.info.ibID), b = find(o)
                    if a != b { parent[b] = a }
                }
            }
            var byRoot: [String: RadioGroup] = [:]
            for r in radios {
                let key = find(r.info.ibID)
                let g: RadioGroup
                if let existing = byRoot[key] { g = existing } else {
                    g = RadioGroup(id: r.button.id + "Group")
                    byRoot[key] = g
                    groups.append(g)
                }
                let title = r.button.title ?? r.button.configuration?.title
                do {
                    try g.add(r.button, value: .string(title ?? r.button.id))
                } catch {
                    do { try g.add(r.button, value: .string(r.button.id)) } catch {
                        ctx.ignore(owner, nil, "button '\(r.button.id)' (line \(r.info.line)) not added to its radio group: \(error)")
                    }
                }
                groupOf[ObjectIdentifier(r.button)] = g
            }
        }
        var added = Set<ObjectIdentifier>()
        for r in read {
            infos[ObjectIdentifier(r.button)] = r.info
            if let g = groupOf[ObjectIdentifier(r.button)] {
                if added.insert(ObjectIdentifier(g)).inserted { screen.add(.radioGroup(g)) }
            } else {
                screen.add(.button(r.button))
            }
        }
        var sceneInfos: [ObjectIdentifier: IBControlInfo] = [:]
        for r in read { sceneInfos[ObjectIdentifier(r.button)] = r.info }
        let scene = IBScene(ibID: owner["id"] ?? view["id"] ?? "scene", storyboardIdentifier: owner["storyboardIdentifier"],
                            customClass: owner["customClass"], title: owner["title"] ?? owner["userLabel"],
                            screen: screen, controls: read.map(\.button), infos: sceneInfos)
        return (scene, groups)
    }

    /// Walks the views under `node` (at `origin` in screen coordinates),
    /// reading every button in document order.
    private func walk(_ node: XMLNode, origin: Point, above: IBInherited,
                      reader: IBButtonReader, into read: inout [IBButtonReader.Read]) {
        for child in node.children {
            let frame = child.child("rect", key: "frame")
            if child.name == "button" {
                let r = reader.read(child, origin: origin, above: above)
                read.append(r)
                if let subviews = child.child("subviews") {
                    subviews.take()
                    let o = Point(x: r.button.frame.x, y: r.button.frame.y)
                    walk(subviews, origin: o, above: above.below(child, reader.ctx), reader: reader, into: &read)
                }
                continue
            }
            if child.name == "subviews" || child.name == "prototypes" || child.name == "cells" || child.name == "sections" {
                child.take()
                walk(child, origin: origin, above: above, reader: reader, into: &read)
                continue
            }
            guard let frame else { continue }   // colours, constraints, layout guides...: the view's own settings
            if !IBDocumentBuilder.containers.contains(child.name) && !subtreeHasButton(child) {
                reader.ctx.ignore(child, nil, "\(IBDocumentBuilder.article(child.name)) \(child.name), not a button: not modelled")
                continue
            }
            // A container, or a view type the model has no control for that holds buttons: walked for them.
            child.take()
            frame.takeAll()   // its size does not clip the buttons (not modelled; the position is)
            let o = Point(x: origin.x + (reader.ctx.number(frame, "x") ?? 0), y: origin.y + (reader.ctx.number(frame, "y") ?? 0))
            walk(child, origin: o, above: above.below(child, reader.ctx), reader: reader, into: &read)
        }
    }

    private func subtreeHasButton(_ n: XMLNode) -> Bool {
        for c in n.children { if c.name == "button" || subtreeHasButton(c) { return true } }
        return false
    }
}

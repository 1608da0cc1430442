import ButtonKit
import ButtonKitIB
import ButtonKitSwiftIR

/// Loads a Swift file or an app folder into one document: the folder's
/// storyboards and XIBs as ButtonKitIB reads them, its Swift files through
/// the reader, joined per type (a scene whose view controller is a type of
/// the code is that type's screen).
public enum CodeDocument {
    /// The document for `path` (a `.swift` file or a folder) and what the load read.
    public static func load(path: String, options: CodeLoadOptions) throws(CodeError) -> (IBDocument, CodeLoadReport) {
        let start = ReaderProcess.now()
        var report = CodeLoadReport()
        let folder = options.ib.isDirectory(path)
        var unresolved: [SourceIssue] = []
        var ignored: [IBIgnored] = []

        // The files.
        var app = AppFolder()
        if folder {
            app = AppFolder(root: path, options: options, deadline: options.timeLeft > 0 ? start + options.timeLeft : 0)
            if app.timedOut {
                throw CodeError("listing the app's folders took longer than the time left (\(app.swift.count) Swift files found so far): raise --timeout")
            }
            for s in app.skipped { unresolved.append(SourceIssue(path: s.path, line: 0, column: 0, expression: "", reason: s.reason)) }
        } else {
            app.swift = [path]
        }
        report.swiftFiles = app.swift
        report.interfaceFiles = app.interfaceFiles

        // Swift: bytes read here (under the run's confinement), IR from the
        // cache or the reader.
        var sources: [(path: String, bytes: [UInt8])] = []
        for p in app.swift {
            do {
                let b = try options.ib.readFile(p)
                guard b.count <= options.ib.maxFileSize else {
                    unresolved.append(SourceIssue(path: p, line: 0, column: 0, expression: "", reason: "skipped: \(b.count) bytes, more than a file may have"))
                    continue
                }
                sources.append((p, b))
                report.lines += b.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            } catch {
                if !folder { throw CodeError("\(p): cannot read the file: \(error)") }
                unresolved.append(SourceIssue(path: p, line: 0, column: 0, expression: "", reason: "skipped: \(error)"))
            }
        }
        var irs = [[UInt8]?](repeating: nil, count: sources.count)
        var keys: [String] = []
        var missing: [Int] = []
        for (i, s) in sources.enumerated() {
            let k = IRCache.key(s.bytes)
            keys.append(k)
            if let ir = IRCache.get(k) { irs[i] = ir; report.cached += 1 }
            else if let ir = options.cacheRead?(k), (try? SyntaxIR.decode(ir)) != nil { irs[i] = ir; IRCache.put(k, ir); report.cached += 1 }
            else { missing.append(i) }
        }
        if !missing.isEmpty {
            guard let reader = options.readerPath ?? ReaderLocation.beside() else {
                throw CodeError("reading Swift needs \(ReaderLocation.executableName) beside buttonkit, and it is not there: "
                    + "install ButtonKit with scripts/install (it builds the reader with the Swift toolchain's SwiftSyntax), "
                    + "or build the package with a Swift 6 toolchain that has usr/lib/swift/host/SwiftParser.swiftmodule")
            }
            let t0 = ReaderProcess.now()
            var proc = ReaderProcess(executable: reader, deadline: options.timeLeft > 0 ? start + options.timeLeft : 0,
                                     maxMemory: options.readerMemory)
            if let p = options.progress { proc.progress = { done, all in p(done, all) } }
            let out = try proc.run(missing.map { sources[$0].bytes })
            report.readSeconds = ReaderProcess.now() - t0
            for (k, i) in missing.enumerated() {
                if let why = proc.stopped[k] {
                    // The parser itself failed on this file (a crash, the memory limit): listed, not cached.
                    irs[i] = SyntaxIR.encode(SyntaxNode(.file, line: 1, column: 1, children: [
                        SyntaxNode(.syntaxError, "the Swift parser stopped on this file (\(why)); the file is not read", line: 1, column: 1),
                    ]))
                    continue
                }
                irs[i] = out[k]
                IRCache.put(keys[i], out[k])
                options.cacheWrite?(keys[i], out[k])
            }
        }
        var files: [CodeFile] = []
        let decodeStart = ReaderProcess.now()
        for (i, s) in sources.enumerated() {
            report.irBytes += irs[i]?.count ?? 0
            do {
                let root = try SyntaxIR.decode(irs[i] ?? [])
                files.append(CodeFile(path: s.path, root: root))
                for e in root.children where e.kind == .syntaxError {
                    unresolved.append(SourceIssue(path: s.path, line: Int(e.line), column: Int(e.column), expression: "", reason: "syntax error: \(e.text)"))
                }
            } catch {
                throw CodeError("the Swift reader's answer for \(s.path) is not valid IR (\(error)): is \(ReaderLocation.executableName) of this version?")
            }
        }

        report.decodeSeconds = ReaderProcess.now() - decodeStart

        // Catalogs and string tables.
        let catalogPaths = options.ib.assetCatalogs ?? (folder ? app.catalogs : AssetDiscovery(options: options.ib).discover(for: path))
        var assets = AssetColors()
        var imageNames = Set<String>()
        for c in catalogPaths {
            do throws(IBError) {
                let (colors, images) = try AssetColors.load(catalog: c, options: options.ib)
                assets.merge(colors); imageNames.formUnion(images)
            } catch {
                unresolved.append(SourceIssue(path: c, line: error.line, column: error.column, expression: "", reason: "catalog not read: \(error.message)"))
            }
        }
        let index = CodeIndex(files)
        // Base over English over a catalog's source language (later wins);
        // other languages only when a key is missing from those.
        let ranked = app.strings.map { (path: $0, rank: $0.hasSuffix(".xcstrings") ? 2 : StringTables.rank($0)) }
        func merged(_ paths: [String]) -> [String: String] {
            var out: [String: String] = [:]
            for p in paths {
                guard let b = try? options.ib.readFile(p) else { continue }
                let table = p.hasSuffix(".xcstrings") ? StringTables.xcstrings(b) : StringTables.strings(b)
                out.merge(table) { _, new in new }
            }
            return out
        }
        index.strings = merged(ranked.filter { $0.rank < 2 || $0.path.hasSuffix(".xcstrings") }.sorted { $0.rank > $1.rank }.map(\.path))
        let others = ranked.filter { $0.rank == 2 && !$0.path.hasSuffix(".xcstrings") }.map(\.path)
        if !others.isEmpty { index.otherStrings = { merged(others) } }

        // Storyboards and XIBs, as ButtonKitIB reads them.
        var ibOptions = options.ib
        ibOptions.assetCatalogs = catalogPaths
        var scenes: [IBScene] = []
        var groups: [RadioGroup] = []
        var infos: [ObjectIdentifier: IBControlInfo] = [:]
        for p in app.interfaceFiles {
            do throws(IBError) {
                let d = try IBDocument.load(path: p, options: ibOptions)
                scenes += d.scenes; groups += d.groups
                for (k, v) in d.allInfos { infos[k] = v }
                for var g in d.ignored { g.path = p; ignored.append(g) }
            } catch {
                unresolved.append(SourceIssue(path: p, line: error.line, column: error.column, expression: "", reason: "file not read: \(error.message)"))
            }
        }

        // Code: one screen per type that makes or configures buttons.
        let evaluator = Evaluator(index: index, assets: assets, hasCatalogs: !catalogPaths.isEmpty)
        let interp = CodeInterpreter(index: index, evaluator: evaluator)
        var codeScenes: [IBScene] = []
        var joinedInfos: [ObjectIdentifier: IBControlInfo] = [:]
        var joinedCounts: [ObjectIdentifier: (Int, Int)] = [:]
        // Files' controls by the class and property of the outlet holding them.
        var byOutlet: [String: [String: Button]] = [:]
        for s in scenes {
            for b in s.controls {
                guard let o = infos[ObjectIdentifier(b)]?.outlet, let owner = o.ownerClass, !o.isCollection else { continue }
                byOutlet[owner, default: [:]][o.property] = b
            }
        }
        for name in index.order {
            guard let t = index.types[name], t.kind == .classDecl || t.kind == .structDecl, !index.isButtonClass(name) else { continue }
            let made = interp.read(owner: t, fileOutlets: byOutlet[name] ?? [:], fromFile: scenes.contains { $0.customClass == name })
            // Code about a file's control (through its outlet) goes on top of what the file says.
            for cb in interp.joined {
                guard let control = cb.fileControl, let old = infos[ObjectIdentifier(control)] else { continue }
                let info = CodeButtonFactory.apply(cb, to: control, info: old)
                infos[ObjectIdentifier(control)] = info
                joinedInfos[ObjectIdentifier(control)] = info
                joinedCounts[ObjectIdentifier(control)] = (cb.resolved, cb.unresolved)
            }
            guard !made.isEmpty else { continue }
            let joined = scenes.firstIndex { $0.customClass == name }
            // A screen of code alone is tall enough for its buttons' column
            // (code's Auto Layout is not solved; see CodeButtonFactory).
            let screen = joined.map { scenes[$0].screen }
                ?? Screen(width: Screen.defaultSize.width, height: max(Screen.defaultSize.height, CodeButtonFactory.top + Double(made.count) * CodeButtonFactory.pitch + 16))
            var controls: [Button] = []
            var sceneInfos: [ObjectIdentifier: IBControlInfo] = [:]
            let existing = joined.map { scenes[$0].controls.count } ?? 0
            for (k, cb) in made.enumerated() {
                let (button, info) = CodeButtonFactory.build(cb, slot: existing + k, imageNames: imageNames, hasCatalogs: !catalogPaths.isEmpty)
                controls.append(button)
                sceneInfos[ObjectIdentifier(button)] = info
                infos[ObjectIdentifier(button)] = info
                screen.add(Screen.Item.button(button))
                let normal = button.styleFor(ControlState.normal)
                var row = CodeLoadReport.Control(id: button.id, screen: name, origin: .code, source: cb.source, resolved: cb.resolved,
                                                 unresolved: cb.unresolved,
                                                 hasTitle: normal.title != nil || normal.attributedTitle != nil || cb.configuration?.title != nil,
                                                 hasTitleColor: normal.colorValue(of: .titleColor) != nil || cb.configuration?.baseForegroundColor != nil)
                row.titleTried = cb.titleTried || cb.configuration?.title != nil
                row.titleColorTried = cb.titleColorTried || cb.configuration?.baseForegroundColor != nil
                report.controls.append(row)
            }
            if let j = joined {
                let s = scenes[j]
                var all = s.infos
                for (k, v) in sceneInfos { all[k] = v }
                scenes[j] = IBScene(ibID: s.ibID, storyboardIdentifier: s.storyboardIdentifier, customClass: s.customClass, title: s.title,
                                    screen: s.screen, controls: s.controls + controls, infos: all)
            } else {
                codeScenes.append(IBScene(ibID: name, storyboardIdentifier: nil, customClass: name, title: nil, screen: screen,
                                          controls: controls, infos: sceneInfos))
            }
        }
        // Scenes whose controls code joined keep the new infos.
        if !joinedInfos.isEmpty {
            scenes = scenes.map { s in
                guard s.controls.contains(where: { joinedInfos[ObjectIdentifier($0)] != nil }) else { return s }
                var all = s.infos
                for b in s.controls { if let i = joinedInfos[ObjectIdentifier(b)] { all[ObjectIdentifier(b)] = i } }
                return IBScene(ibID: s.ibID, storyboardIdentifier: s.storyboardIdentifier, customClass: s.customClass, title: s.title,
                               screen: s.screen, controls: s.controls, infos: all)
            }
        }
        for s in scenes {
            for b in s.controls where infos[ObjectIdentifier(b)]?.origin != .code {
                let st = b.styleFor(.normal)
                let counts = joinedCounts[ObjectIdentifier(b)] ?? (0, 0)
                report.controls.append(.init(id: b.id, screen: s.id, origin: infos[ObjectIdentifier(b)]?.origin ?? .storyboard,
                                             source: infos[ObjectIdentifier(b)]?.source, resolved: counts.0, unresolved: counts.1,
                                             hasTitle: st.title != nil || b.configuration?.title != nil,
                                             hasTitleColor: st.colorValue(of: .titleColor) != nil || b.configuration?.baseForegroundColor != nil))
            }
        }
        unresolved += interp.unresolved
        SwiftUIScreens.add(index: index, evaluator: evaluator, scenes: &codeScenes, infos: &infos, report: &report, unresolved: &unresolved)
        report.totalSeconds = ReaderProcess.now() - start
        let doc = IBDocument(path: path, kind: folder ? .app : .swift, scenes: scenes + codeScenes, groups: groups, ignored: ignored,
                             colors: assets, imageNames: imageNames, hasCatalogs: !catalogPaths.isEmpty, infos: infos, unresolved: unresolved)
        return (doc, report)
    }
}

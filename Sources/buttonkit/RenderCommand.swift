import ButtonKit
import ButtonKitLua
import ButtonKitSVG

/// `buttonkit render SCRIPT -o DIR`: runs the script, then writes the
/// all-states strip of every control it created, one picture of every
/// sort bar and radio group (member by member) and of every screen, and a
/// gallery page of them all.
enum RenderCommand {
    /// The command's options, declared once (parsing, help and completion
    /// read the table below; code reads the command line through these).
    enum Opt {
        static let output = Option("output", short: "o", value: "DIR", help: "where to write (created if missing; required)")
        static let style = Option("style", value: "STYLE", help: "draw every picture in light or dark only (default: light over dark where the look changes)")
        static let contentSize = Option("content-size", value: "SIZE", help: "draw under this content size (text styles grow: ax5 is the largest)")
        static let layoutDirection = Option("layout-direction", value: "DIRECTION", help: "leftToRight or rightToLeft (pictures mirror)")
        static let timeout = Option.timeout("stop the command, its script and the work after it, past SECONDS (default 30; 120 for a Swift file or an app folder, as scan; 0 = no limit)")
    }

    static let options: [Option] = [Opt.output, Opt.style, Opt.contentSize, Opt.layoutDirection, .assets, .ignored] + Option.scriptLimits(timeout: Opt.timeout) + [.version, .help]

    static let help = HelpText.render(
        usage: "Usage: buttonkit render [OPTIONS] SCRIPT -o DIR [ARGS...]\n       buttonkit render [OPTIONS] FILE.storyboard|FILE.xib|FILE.swift|FOLDER -o DIR [--assets PATH]",
        intro: """
        Runs SCRIPT, then writes DIR/<id>.svg for every control it created — a
        labelled strip of its normal, highlighted, selected, selected|highlighted
        and disabled appearances — DIR/<id>.svg for every sort bar and radio
        group (each member's strip, named by its key or value, the current
        state framed), DIR/screen.svg (screen-2.svg, ...) for every screen as
        the script left it, and DIR/index.html, a gallery of them all.
        Every live control is drawn, two sharing an id both (pay.svg,
        pay-2.svg); ids that read alike as file names (a.b, a_b) are told
        apart the same way. --content-size ax5, --layout-direction rightToLeft
        and --style dark draw everything under those traits (titles as UIKit
        would truncate or wrap them at that text size, mirrored right to left).
        Inside scripts, ui.svg(control [, { states = "all" }]), ui.svg(bar),
        ui.svg(group) and ui.svg(screen) return pictures as strings.
        Given a Swift file or an app's folder, it draws the screens and buttons
        its code makes (a folder's storyboards and XIBs joined with their code)
        the same way, pictures named SCREEN_CONTROL.svg.
        Given a storyboard or XIB instead of a script, it draws the file's own
        screens, radio groups and buttons (every scene, every state, light and
        dark), pictures named SCREEN_CONTROL.svg after the scene and the
        control's id, and says how many things in the file were not modelled
        (ui.load(FILE).ignored lists them). Colours named in the file come from
        its project's *.xcassets, or from the catalogs --assets names.
        """,
        options: options)

    static func main(_ args: [String]) throws(UsageError) -> Int32 {
        let a = try Arguments(args, options: options, command: "render")
        if a.flag(.help) { Terminal.out(help); return 0 }
        if a.flag(.version) { Terminal.out(Commands.versionLine); return 0 }
        guard let script = a.positionals.first else { throw UsageError("render needs a SCRIPT", command: "render") }
        guard var dir = a.value(Opt.output) else { throw UsageError("render needs -o DIR", command: "render") }
        var traits = TraitOverrides()
        do {
            if let s = a.value(Opt.style) { traits.userInterfaceStyle = try UserInterfaceStyle(parsing: s) }
            if let c = a.value(Opt.contentSize) { traits.contentSize = try ContentSizeCategory(parsing: c) }
            if let d = a.value(Opt.layoutDirection) { traits.layoutDirection = try LayoutDirection(parsing: d) }
        } catch { throw UsageError(error.message, command: "render") }
        // `-o out/` as typed: one slash in what is written and said.
        while dir.count > 1 && dir.hasSuffix("/") { dir.removeLast() }
        // The folder is the caller's choice. Confined, one inside the
        // working tree is made and opened beneath it once the script and
        // its handlers have run (they may have moved folders: the kernel
        // keeps the name inside); one the caller named outside is opened
        // (made) now and granted to the confined process; a link in the
        // tree that leads out is refused (Confinement.outputPlace).
        let (run, appFile, movedTree) = try RunCommand.confinedRun(a, command: "render", timeout: Opt.timeout)
        defer { run.finished() }
        let tree = run.tree
        var opened: Folder?
        // A storyboard outside the tree confines the run to its project
        // instead (RunCommand.outsideTree): the output folder is then
        // opened now and granted, wherever it is.
        let place = movedTree ? .outside : tree?.outputPlace(dir, "render") ?? .outside
        if case .refused(let why) = place {
            Terminal.err("buttonkit: \(why)")
            return 1
        }
        if place == .outside {
            do { opened = try Folder.open(dir, creating: true) } catch {
                Terminal.err("buttonkit: \(error)")
                return 1
            }
            if tree != nil, let opened { run.grant(.writing(opened)) }
        }
        let ctx: LuaContext
        switch try RunCommand.executeTracking(a, command: "render", run: run, appFile: appFile, activity: "drawing the pictures") {
        case .success(let c): ctx = c
        case .failure(let status): return status.code
        }
        let fromFile = LuaContext.isAppFile(script)
        // The pictures and the page are charged to the memory ceiling as
        // they grow (the kernel's floor is lifted for the host's work).
        let memory = HostMemory(ctx.L)
        let meter = memory?.meter()
        let cards = pictures(ctx, under: traits, qualified: fromFile, meter: meter)
        let gallery = meter?.stopped == true ? "" : Gallery.html(cards, script: script, traits: traits, meter: meter)
        if let memory, meter?.stopped == true {
            Terminal.err("buttonkit: memory limit exceeded (\(memory.limit >> 20) MB; raise it with --max-memory) while drawing the pictures: nothing was written")
            return 1
        }
        do {
            let out = try opened ?? tree!.folder(dir, "render")
            let names = fileNames(cards.map(\.id))
            // Confined, only pictures and a gallery a render wrote are
            // replaced: checked for every file before any is written.
            if tree != nil {
                for name in names { try WrittenFile.picture.checkReplaceable(name + ".svg", in: out) }
                try WrittenFile.gallery.checkReplaceable("index.html", in: out)
            }
            for (card, name) in zip(cards, names) {
                try out.writeAtomically(card.svg, to: name + ".svg")
            }
            try out.writeAtomically(gallery, to: "index.html")
        } catch {
            Terminal.err("buttonkit: \(error)")
            return 1
        }
        Terminal.err("rendered \(Gallery.count(cards)) to \(dir)/ (open \(dir)/index.html)")
        if fromFile {
            AppFileNotes.ignored(ctx)
            if a.flag(.ignored) { AppFileNotes.listIgnored(ctx) }
        }
        return 0
    }

    /// Every picture the run calls for, in gallery order: screens, then
    /// sort bars and radio groups, then controls, each in creation order.
    /// Every live control and container has its picture (two sharing an id
    /// both); a screen is named by its id, else `screen`, `screen-2`, ...
    /// in creation order. Problems come from one audit of every control,
    /// so ids, overlaps and shared labels between them are found too.
    /// `qualified` (a storyboard or XIB named on the command line): every
    /// control's picture is named by its screen and id (`Checkout:pay`),
    /// since scenes of one file often reuse ids.
    /// `meter` counts what the pictures hold; once it refuses, the cards
    /// made so far are returned and the caller reports the ceiling.
    static func pictures(_ ctx: LuaContext, under o: TraitOverrides = TraitOverrides(), qualified: Bool = false,
                         meter: PictureMeter? = nil) -> [Gallery.Card] {
        var cards: [Gallery.Card] = []
        for (i, s) in ctx.createdScreens.enumerated() where meter?.stopped != true {
            cards.append(Gallery.Card(id: s.id ?? (i == 0 ? "screen" : "screen-\(i + 1)"), kind: "screen", svg: Pictures.svg(s, under: o, meter: meter)))
        }
        for c in ctx.createdContainers where meter?.stopped != true {
            if let bar = c as? SortBar { cards.append(Gallery.Card(id: bar.id, kind: "sortBar", svg: Pictures.strip(bar, under: o, meter: meter))) }
            if let g = c as? RadioGroup { cards.append(Gallery.Card(id: g.id, kind: "radioGroup", svg: Pictures.strip(g, under: o, meter: meter))) }
        }
        if meter?.stopped == true { return cards }
        let controls = ctx.createdControls
        var options = AuditOptions()
        if let c = o.contentSize { options.contentSizes = [c] }
        if let s = o.userInterfaceStyle { options.styles = [s] }
        if qualified {
            for (screen, list) in AppFileNotes.byScreen(ctx) {
                let problems = AccessibilityAudit.audit(list, options: options)
                for s in AccessibilityAudit.subjects(list) where meter?.stopped != true {
                    let own = problems.filter { $0.control == s.name }.map { AppFileNotes.qualify($0, screen).description }
                    cards.append(Gallery.Card(id: AppFileNotes.name(s.name, screen), kind: s.button.kind.rawValue,
                                              svg: Pictures.strip(s.button, under: o, meter: meter), problems: own))
                }
            }
            return cards
        }
        let subjects = AccessibilityAudit.subjects(controls)
        let problems = AccessibilityAudit.audit(controls, options: options)
        for s in subjects where meter?.stopped != true {
            let own = problems.filter { $0.control == s.name }.map(\.description)
            cards.append(Gallery.Card(id: s.button.id, kind: s.button.kind.rawValue, svg: Pictures.strip(s.button, under: o, meter: meter), problems: own))
        }
        return cards
    }

    /// A file name from an id: anything but letters, digits, `-` and `_`
    /// becomes `_`, and a long id is cut to 100 bytes (file names have 255,
    /// and the temporary file of an atomic write needs some of them).
    ///
    /// Scalar by scalar, not character by character: a character can hold
    /// a slash behind a letter (U+0D4E is "prepended" to what follows, so
    /// "\u{0D4E}/x" is two characters, the first a letter with a slash in
    /// it).
    static func fileName(_ id: String) -> String {
        var name = String.UnicodeScalarView(), bytes = 0
        for u in id.unicodeScalars {
            let p = u.properties
            let kept: Unicode.Scalar = p.isAlphabetic || p.numericType != nil || u == "-" || u == "_" ? u : "_"
            bytes += UTF8.width(kept)
            if bytes > 100 { break }
            name.append(kept)
        }
        return String(name)
    }

    /// One distinct file name per id, in order: ids that read alike once
    /// cleaned (`a.b`, `a_b`, or long ids that share their first 100 bytes)
    /// get `-2`, `-3`, ... so no picture overwrites
    /// another. Names are compared ignoring case, for file systems that do.
    static func fileNames(_ ids: [String]) -> [String] {
        var taken = Set<String>()
        var names: [String] = []
        for id in ids {
            let base = fileName(id)
            var name = base, n = 1
            while taken.contains(name.lowercased()) {
                n += 1
                name = "\(base)-\(n)"
            }
            taken.insert(name.lowercased())
            names.append(name)
        }
        return names
    }
}
